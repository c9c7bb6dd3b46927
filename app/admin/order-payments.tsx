// The order page's card payments and their refunds (admin/order.tsx), oldest first, each with its state: a refund
// the shop decided shows who asked for it, and while the provider has not made it, its last failure.
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";

type Payment = {
  id: number;
  provider: string;
  amount: string;
  status: string;
  created_at: string;
  paid_at: string | null;
  transaction_id: string | null;
  refund_ref: string | null;
};
type Refund = {
  id: number;
  payment_id: number;
  amount: string;
  status: string;
  created_at: string;
  refunded_at: string | null;
  refund_ref: string | null;
  attempts: number;
  last_error: string | null;
  staff: string | null;
};

export function OrderPayments({ payments, refunds }: { payments: Payment[]; refunds: Refund[] }) {
  const { t, lang } = useT();
  const rows = payments.flatMap((p) => [
    {
      key: `p${p.id}`,
      at: p.paid_at ?? p.created_at,
      what: t("admin.order_pay_payment", { provider: p.provider }),
      amount: p.amount,
      state: t(`admin.order_payment_${p.status}`),
      ref: [p.transaction_id, p.refund_ref].filter(Boolean).join(" · "),
      note: null as string | null,
    },
    ...refunds
      .filter((r) => r.payment_id === p.id)
      .map((r) => ({
        key: `r${r.id}`,
        at: r.refunded_at ?? r.created_at,
        what: r.staff ? t("admin.order_pay_refund_by", { name: r.staff }) : t("admin.order_pay_refund"),
        amount: `-${r.amount}`,
        state: t(`admin.order_refund_${r.status}`),
        ref: r.refund_ref ?? "",
        note:
          r.status === "pending" && r.last_error
            ? t("admin.order_refund_retry", { attempts: String(r.attempts), error: r.last_error })
            : null,
      })),
  ]);
  return (
    <section aria-labelledby="order-payments" className="rounded border border-line bg-white p-4">
      <h2 id="order-payments" className="mb-2 text-lg font-semibold">
        {t("admin.order_payments")}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.order_payments_none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  {t("admin.order_pay_date")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.order_pay_what")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.order_pay_amount")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.order_pay_state")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.order_pay_ref")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-b border-line align-top">
                  <td className="whitespace-nowrap p-2">{formatDate(r.at, lang, "datetime")}</td>
                  <td className="p-2">{r.what}</td>
                  <td className="whitespace-nowrap p-2 text-right tabular-nums">{formatPrice(r.amount, lang, "TTC")}</td>
                  <td className="p-2">
                    {r.state}
                    {r.note && <p className="text-xs text-red-700">{r.note}</p>}
                  </td>
                  <td className="break-all p-2 font-mono text-xs">{r.ref}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
