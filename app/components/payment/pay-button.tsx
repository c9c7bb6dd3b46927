// "Pay by card" / "Pay now" / "Pay again": starts (or restarts) the card payment of an unpaid order and
// leaves for the provider's hosted page (decision 078). The server's refusal is shown under the button.
import { useT } from "#app/lib/i18n.tsx";
import { usePay } from "#app/lib/payment.ts";

export function PayButton({ orderId, label, className }: { orderId: number; label: string; className?: string }) {
  const { t } = useT();
  const { pay, busy, refusal } = usePay(orderId);
  return (
    <div className={`flex flex-col gap-2 ${className ?? ""}`}>
      <button
        type="button"
        onClick={() => void pay()}
        disabled={busy}
        aria-busy={busy}
        className="self-start rounded bg-brand px-5 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {busy ? t("payment_pages.pay_busy") : label}
      </button>
      {refusal && (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}
