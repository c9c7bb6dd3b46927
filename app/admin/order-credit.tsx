// The order page's credit note by hand (admin/order.tsx, decision 141): an amount refunded or a commercial gesture,
// with the reason written on the note, for credit_notes:write; it gives an amount, the whole of what is left, or
// chosen lines (a quantity per order line, valued by the server); never above what the order may still give back
// (shown, and checked again by the server under the order's lock).
import { Form } from "react-router";
import { CREDIT_REASON_MAX, ORDER_CREDIT_KINDS, ORDER_CREDIT_SCOPES } from "#core/aftersales/return-desk.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { Failure, SubmitButton } from "./ui.tsx";

export type CreditDone = { number: string; amount_ttc: string };

type CreditLine = { id: number; reference: string; designation: string; num: number };

export function OrderCredit(props: {
  left: string;
  lines: CreditLine[];
  done?: CreditDone;
  failure?: string;
  fields?: Record<string, string>;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const money = (a: string) => formatPrice(a, lang, "TTC");
  return (
    <section aria-labelledby="order-credit" className="rounded border border-line bg-white p-4">
      <h2 id="order-credit" className="mb-2 text-lg font-semibold">
        {t("admin.order_credit_title")}
      </h2>
      {props.done && (
        <p role="status" className="mb-3 rounded bg-green-50 p-3 text-sm text-green-800">
          {t("admin.order_credit_done", { number: props.done.number, amount: money(props.done.amount_ttc) })}
        </p>
      )}
      <Failure text={props.failure} />
      {dec(props.left).sign() <= 0 ? (
        <p className="text-sm text-muted">{t("admin.order_credit_none_left")}</p>
      ) : (
        <Form method="post" noValidate className="mt-2 flex max-w-xl flex-col gap-3">
          <input type="hidden" name="intent" value="credit" />
          <p className="text-sm text-muted">{t("admin.order_credit_intro", { amount: money(props.left) })}</p>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{t("admin.order_credit_kind")}</legend>
            {ORDER_CREDIT_KINDS.map((k, i) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={k} defaultChecked={i === 0} />
                {t(`admin.order_credit_kind_${k}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{t("admin.order_credit_scope")}</legend>
            {ORDER_CREDIT_SCOPES.map((s, i) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="radio" name="scope" value={s} defaultChecked={i === 0} />
                {t(`admin.order_credit_scope_${s}`, { amount: money(props.left) })}
              </label>
            ))}
          </fieldset>
          <Field label={t("admin.order_credit_amount")} name="amount" inputMode="decimal" maxLength={12} error={props.fields?.amount} />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm text-muted">{t("admin.order_credit_lines_hint")}</legend>
            {props.lines.map((l) => (
              <label key={l.id} className="flex items-center gap-2 text-sm">
                <input type="hidden" name="line_id" value={l.id} />
                <input
                  name="qty"
                  inputMode="numeric"
                  defaultValue="0"
                  maxLength={7}
                  className="w-16 rounded border border-line px-2 py-1 text-right"
                />
                {t("admin.order_credit_line_qty", { reference: l.reference, designation: l.designation, num: l.num })}
              </label>
            ))}
            {props.fields?.qty && (
              <p role="alert" className="text-sm text-red-700">
                {t(props.fields.qty)}
              </p>
            )}
          </fieldset>
          <Field label={t("admin.order_credit_reason")} name="reason" maxLength={CREDIT_REASON_MAX} error={props.fields?.reason} />
          <div>
            <SubmitButton busy={props.busy}>{t("admin.order_credit_submit")}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
