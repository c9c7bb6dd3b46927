// The order page's cancellation (admin/order.tsx): the refund's way among those the order and the staff member allow,
// with what each gives back, and the reason; sent, it comes back as a confirmation step (a second form) before
// anything changes. A refusal shows here, even when the order can no longer be cancelled.
import { Form, Link, useLocation } from "react-router";
import type { CancelRefund } from "#core/orders/life.ts";
import { CANCEL_REASON_MAX } from "#core/orders/life.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { Failure, SubmitButton } from "./ui.tsx";

type Amounts = { credit_released: string; card_refund: string; credit_note: string };
export type CancelOption = { refund: CancelRefund; settlement: Amounts };
/** The action's answer to a first sending: what the second one confirms. */
export type CancelConfirm = Amounts & { refund: CancelRefund; reason: string };

const paid = (amount: string) => dec(amount).sign() > 0;

/** What a way gives back, in words (the choice's label, the confirmation's lines). */
function useRefundLines() {
  const { t, lang } = useT();
  const money = (amount: string) => formatPrice(amount, lang, "TTC");
  return (refund: CancelRefund, a: Amounts) => [
    ...(refund === "provider" ? [t("admin.order_cancel_provider", { amount: money(a.card_refund) })] : []),
    ...(refund === "credit_note" ? [t("admin.order_cancel_credit_note", { amount: money(a.credit_note) })] : []),
    ...(refund === "none" ? [t("admin.order_cancel_unpaid")] : []),
    ...(paid(a.credit_released) ? [t("admin.order_cancel_credit_released", { amount: money(a.credit_released) })] : []),
  ];
}

export function OrderCancel(props: {
  number: string;
  options: CancelOption[];
  confirm?: CancelConfirm;
  failure?: string;
  fields?: Record<string, string>;
  busy: boolean;
}) {
  const { t } = useT();
  const here = useLocation().pathname;
  const lines = useRefundLines();
  const { confirm } = props;
  if (confirm)
    return (
      <section aria-labelledby="order-cancel" className="rounded border border-red-300 bg-red-50 p-4">
        <h2 id="order-cancel" className="mb-2 text-lg font-semibold text-red-900">
          {t("admin.order_cancel_confirm_title", { number: props.number })}
        </h2>
        <ul className="mb-3 list-disc pl-5 text-sm">
          <li>{t("admin.order_cancel_confirm_stock")}</li>
          {lines(confirm.refund, confirm).map((l) => (
            <li key={l}>{l}</li>
          ))}
          <li>{t("admin.order_cancel_confirm_reason", { reason: confirm.reason })}</li>
        </ul>
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="refund" value={confirm.refund} />
          <input type="hidden" name="reason" value={confirm.reason} />
          <input type="hidden" name="confirm" value="yes" />
          <SubmitButton busy={props.busy}>{t("admin.order_cancel_confirm")}</SubmitButton>
          <Link to={here} className="text-brand underline">
            {t("admin.order_cancel_back")}
          </Link>
        </Form>
      </section>
    );
  const choice = props.options.length > 1 || props.options[0]?.refund !== "none";
  return (
    <section aria-labelledby="order-cancel" className="rounded border border-line bg-white p-4">
      <h2 id="order-cancel" className="mb-2 text-lg font-semibold">
        {t("admin.order_cancel_title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("admin.order_cancel_intro")}</p>
      <Failure text={props.failure} />
      {props.options.length > 0 && (
        <Form method="post" noValidate className="mt-3 flex max-w-xl flex-col gap-3">
          <input type="hidden" name="intent" value="cancel" />
          {choice ? (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{t("admin.order_cancel_refund")}</legend>
              {props.options.map((o, i) => (
                <label key={o.refund} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="refund" value={o.refund} defaultChecked={i === 0} className="mt-1" />
                  <span>{lines(o.refund, o.settlement).join(" — ")}</span>
                </label>
              ))}
              {props.fields?.refund && (
                <p role="alert" className="text-sm text-red-700">
                  {t(props.fields.refund)}
                </p>
              )}
            </fieldset>
          ) : (
            <>
              <input type="hidden" name="refund" value="none" />
              {lines("none", props.options[0].settlement).map((l) => (
                <p key={l} className="text-sm">
                  {l}
                </p>
              ))}
            </>
          )}
          <Field label={t("admin.order_cancel_reason")} name="reason" maxLength={CANCEL_REASON_MAX} error={props.fields?.reason} />
          <div>
            <SubmitButton busy={props.busy}>{t("admin.order_cancel_submit")}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
