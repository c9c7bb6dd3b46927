// The order page's money given back by hand (admin/order.tsx, decision 141): an amount refunded or a commercial
// gesture, with its reason, as a credit note (credit_notes:write) or to the card that paid the order (orders:refund);
// it gives an amount, the whole of what is left, or chosen lines (a quantity per order line, valued by the server);
// never above what the order may still give back (shown, and checked again by the server under the order's lock).
import { Form } from "react-router";
import { CREDIT_REASON_MAX, ORDER_CREDIT_KINDS, ORDER_CREDIT_SCOPES, type ReturnRefundWay } from "#core/aftersales/return-desk.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { Failure, SubmitButton } from "./ui.tsx";

export type CreditDone = { way: ReturnRefundWay; number: string | null; amount_ttc: string };

type CreditLine = { id: number; reference: string; designation: string; num: number };

export function OrderCredit(props: {
  left: string;
  /** The ways the staff member may give money back here (card only while the order's card payment can refund). */
  ways: ReturnRefundWay[];
  cardRefundable: string | null;
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
          {props.done.number
            ? t("admin.order_credit_done", { number: props.done.number, amount: money(props.done.amount_ttc) })
            : t("admin.order_card_refund_done", { amount: money(props.done.amount_ttc) })}
        </p>
      )}
      <Failure text={props.failure} />
      {dec(props.left).sign() <= 0 ? (
        <p className="text-sm text-muted">{t("admin.order_credit_none_left")}</p>
      ) : (
        <Form method="post" noValidate className="mt-2 flex max-w-xl flex-col gap-3">
          <input type="hidden" name="intent" value="credit" />
          <p className="text-sm text-muted">{t("admin.order_credit_intro", { amount: money(props.left) })}</p>
          {props.ways.length > 1 ? (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{t("admin.order_credit_way")}</legend>
              {props.ways.map((w, i) => (
                <label key={w} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="way" value={w} defaultChecked={i === 0} />
                  {w === "card"
                    ? t("admin.order_credit_way_card", { amount: money(props.cardRefundable ?? "0") })
                    : t("admin.order_credit_way_credit_note")}
                </label>
              ))}
            </fieldset>
          ) : (
            <input type="hidden" name="way" value={props.ways[0]} />
          )}
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
            <SubmitButton busy={props.busy}>
              {t(props.ways.includes("card") ? "admin.order_credit_submit_card" : "admin.order_credit_submit")}
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
