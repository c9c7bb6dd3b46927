// The money rows of the order e-mails, broken down as the order pages show them (core/order-breakdown.ts).
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatPrice } from "#core/money.ts";
import { breakdownRows, type OrderMoneyFigures } from "#core/order-breakdown.ts";
import { formatRate } from "#core/vat.ts";

/**
 * "Marchandises HT : 226,76 €" … one line per row, in the e-mail's language. `paid`: the card payment is made
 * ("Payé par carte"), else still to make ("Reste à payer par carte").
 */
export function orderMailTotals(lang: Lang, f: OrderMoneyFigures, paid = false): string {
  const t = (k: string, vars?: Record<string, string>) => translate(lang, `orders.${k}`, vars);
  const row = (label: string, amount: string) => t("mail_row", { label, amount });
  return breakdownRows(f)
    .map((r) => {
      const eur = formatPrice(r.amount, lang);
      switch (r.key) {
        case "freight":
          return row(t("freight_ht"), r.free ? t("freight_free") : eur);
        case "vat_rate":
          return row(t("vat_rate", { rate: formatRate(r.rate, lang), base: formatPrice(r.base, lang) }), eur);
        case "amount_due":
          return row(t(paid ? "amount_due" : "amount_due_unpaid"), eur);
        default:
          return row(t(r.key === "discount" ? "discount_ht" : r.key === "freight_discount" ? "freight_discount_ht" : r.key), eur);
      }
    })
    .join("\n");
}
