// "Use my credit note" at checkout (decision 079): shown when the customer has a balance.
// The figures are an estimate from the server's cart total; the server decides what it takes when placing.
import { useT } from "#app/lib/i18n.tsx";
import { amountDue, creditToApply } from "#core/documents/credit.ts";
import { decOrZero } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";

type Props = { balance: string | undefined; total: string | number; checked: boolean; onChange: (v: boolean) => void };

export function CreditSection({ balance, total, checked, onChange }: Props) {
  const { t, lang } = useT();
  if (decOrZero(balance).sign() <= 0) return null;
  const credit = creditToApply(balance, String(total));
  return (
    <section aria-labelledby="checkout-credit" className="flex flex-col gap-2 rounded border border-line bg-paper p-4 text-sm">
      <h2 id="checkout-credit" className="sr-only">
        {t("documents.credit_apply")}
      </h2>
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="use-credit" />
        {t("documents.credit_apply")}
      </label>
      <p className="text-muted">{t("documents.credit_apply_hint", { amount: formatPrice(balance!, lang, "TTC") })}</p>
      {checked && (
        <dl className="flex flex-col gap-1">
          <div className="flex justify-between gap-4">
            <dt>{t("documents.credit_used")}</dt>
            <dd data-testid="credit-used">{formatPrice(`-${credit}`, lang)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-bold">
            <dt>{t("documents.amount_due_label")}</dt>
            <dd data-testid="amount-due">{formatPrice(amountDue(String(total), credit), lang)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
