// The payment method at checkout (decision 149): shown to a customer whom staff allowed to pay on account, card or
// "payment on receipt of invoice, bank transfer within N days", with what their limit leaves. The figures are read
// when the page loads; the server checks the limit again under lock when the order is placed.
import { useT } from "#app/lib/i18n.tsx";
import { formatPrice } from "#core/price-format.ts";
import { toCents } from "#core/money.ts";
import { dec } from "#core/money.ts";

type Props = {
  terms: { days: number; available: string } | null | undefined;
  total: string | number;
  onAccount: boolean;
  onChange: (v: boolean) => void;
};

export function PaymentSection({ terms, total, onAccount, onChange }: Props) {
  const { t, lang } = useT();
  if (!terms) return null;
  const available = formatPrice(terms.available, lang, "TTC");
  const short = toCents(dec(String(total)).toFixed(2)) > toCents(terms.available);
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-line bg-paper p-4 text-sm" data-testid="payment-method">
      <legend className="px-1 font-semibold">{t("checkout.payment_method")}</legend>
      <label className="flex items-start gap-2">
        <input type="radio" name="payment_method" value="card" checked={!onAccount} onChange={() => onChange(false)} className="mt-1" />
        <span>
          <span className="block font-medium">{t("checkout.payment_card")}</span>
          <span className="block text-muted">{t("checkout.payment_card_hint")}</span>
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="payment_method"
          value="on_account"
          checked={onAccount}
          onChange={() => onChange(true)}
          className="mt-1"
          data-testid="pay-on-account"
        />
        <span>
          <span className="block font-medium">{t("checkout.payment_on_account", { days: terms.days })}</span>
          <span className="block text-muted">{t("checkout.payment_on_account_hint", { days: terms.days, amount: available })}</span>
        </span>
      </label>
      {onAccount && short && (
        <p role="status" className="rounded bg-amber-50 p-2 text-amber-900">
          {t("checkout.payment_on_account_short", { amount: available })}
        </p>
      )}
    </fieldset>
  );
}
