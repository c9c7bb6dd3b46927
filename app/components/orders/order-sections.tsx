// Delivery and payment blocks of an order (detail and confirmation pages).
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import { deliveryModeKey } from "#core/order-view.ts";
import type { OrderDetailAnswer } from "#core/contracts/orders.ts";
import { AddressBlock } from "./order-parts.tsx";

export function OrderDelivery({ o }: { o: OrderDetailAnswer }) {
  const { t, lang } = useT();
  const pickup = o.pickup_method === 2;
  const mode = deliveryModeKey(o);
  return (
    <section aria-labelledby="order-delivery-title" className="rounded border border-line p-4">
      <h2 id="order-delivery-title" className="mb-2 text-lg font-semibold">
        {t("orders.delivery_title")}
      </h2>
      <p className="mb-2 font-medium" data-testid="order-delivery-mode">
        {t(mode)}
      </p>
      {pickup && o.shop && (
        <p>
          <span className="sr-only">
            {t("orders.pickup_shop")}
            {lang === "fr" ? "\u00a0: " : "："}
          </span>
          <strong>{o.shop.name}</strong>
          <span className="block">{o.shop.address}</span>
        </p>
      )}
      {!pickup && o.delivery_address && <AddressBlock a={o.delivery_address} />}
      {o.planned_delivery_date && o.status !== "cancelled" && (
        <p className="mt-2">{t("orders.planned_date", { date: formatDate(o.planned_delivery_date, lang, "long") })}</p>
      )}
    </section>
  );
}

/** The invoice address the order was invoiced to (decision 086), "—" without one. */
export function OrderInvoiceAddress({ o }: { o: OrderDetailAnswer }) {
  const { t } = useT();
  return (
    <section aria-labelledby="order-invoice-title" className="rounded border border-line p-4" data-testid="order-invoice-address">
      <h2 id="order-invoice-title" className="mb-2 text-lg font-semibold">
        {t("orders.invoice_address")}
      </h2>
      {o.invoice_address ? <AddressBlock a={o.invoice_address} /> : <p>—</p>}
    </section>
  );
}

const METHODS: Record<string, string> = {
  card: "orders.payment_card",
  transfer: "orders.payment_transfer",
  credit_note: "documents.method_credit_note", // paid by the credit balance (decision 079)
};

export function OrderPayment({ o }: { o: OrderDetailAnswer }) {
  const { t, lang } = useT();
  const sep = lang === "fr" ? "\u00a0: " : "：";
  return (
    <section aria-labelledby="order-payment-title" className="rounded border border-line p-4">
      <h2 id="order-payment-title" className="mb-2 text-lg font-semibold">
        {t("orders.payment_title")}
      </h2>
      {o.payment ? (
        <dl className="text-sm">
          {o.payment.method && (
            <div>
              <dt className="inline">
                {t("orders.payment_method")}
                {sep}
              </dt>
              <dd className="inline">{METHODS[o.payment.method] ? t(METHODS[o.payment.method]) : o.payment.method}</dd>
            </div>
          )}
          {o.payment.transaction_id && (
            <div>
              <dt className="inline">
                {t("orders.transaction_id")}
                {sep}
              </dt>
              <dd className="inline">{o.payment.transaction_id}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p>{t("orders.not_paid")}</p>
      )}
      {o.payment && <p className="text-sm">{t("orders.paid_on", { date: formatDate(o.payment.paid_at, lang, "datetime") })}</p>}
    </section>
  );
}
