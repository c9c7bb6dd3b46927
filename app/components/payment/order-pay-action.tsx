// The payment state of an order on its detail and confirmation pages (decision 078): an unpaid order
// offers "pay now" (the card payment restarts with the provider), a cancelled one says when it was
// cancelled and that it can no longer be paid.
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { OrderDetailAnswer } from "#core/contracts/orders.ts";
import { PayButton } from "./pay-button.tsx";

type Props = { order: Pick<OrderDetailAnswer, "id" | "status" | "can_repay" | "cancelled_at">; label?: string };

export function OrderPayAction({ order, label }: Props) {
  const { t, lang } = useT();
  if (order.can_repay) {
    return (
      <section aria-labelledby="order-pay-title" className="flex flex-col gap-2 rounded border border-amber-700 bg-amber-50 p-4">
        <h2 id="order-pay-title" className="text-lg font-semibold">
          {t("orders.not_paid")}
        </h2>
        <PayButton orderId={order.id} label={label ?? t("payment_pages.pay_now")} />
        <p className="text-sm text-muted">{t("payment_pages.secure_note")}</p>
      </section>
    );
  }
  if (order.status === "cancelled") {
    const date = formatDate(order.cancelled_at, lang, "long");
    return (
      <p className="rounded border border-red-800 p-4" data-testid="order-cancelled">
        {date ? t("payment_pages.cancelled_on", { date }) : t("payment_pages.cancelled")}
      </p>
    );
  }
  return null;
}
