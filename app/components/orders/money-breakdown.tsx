// An order's money, row by row as core/order-breakdown.ts lays it out: the checkout summary, the confirmation and
// the order detail show the same rows with the same labels (decision 116).
import { Fragment } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { formatPrice } from "#core/price-format.ts";
import { formatRate } from "#core/vat.ts";
import type { BreakdownRow } from "#core/order-breakdown.ts";

type Props = {
  rows: readonly BreakdownRow[];
  /** Whether the card payment is made ("Payé par carte") or still to make ("Reste à payer par carte"). */
  paid: boolean;
  /** Accessible name of the list (default: "Montants"). */
  label?: string;
  /** What the freight row says instead of its amount (the checkout before a delivery mode is chosen). */
  freightText?: string;
};

const TEST_IDS: Partial<Record<BreakdownRow["key"], string>> = {
  freight: "summary-freight",
  freight_discount: "freight-discount",
  total_ttc: "order-total-ttc",
  credit_used: "order-credit-used",
  amount_due: "order-amount-due",
};

export function MoneyBreakdown({ rows, paid, label, freightText }: Props) {
  const { t, lang } = useT();
  const line = (key: string, name: string, value: string, strong = false) => (
    <div
      key={key}
      className={`flex justify-between gap-6 py-1 ${strong ? "border-t border-line font-bold" : ""}`}
      data-testid={TEST_IDS[key as BreakdownRow["key"]]}
    >
      <dt>{name}</dt>
      <dd className="whitespace-nowrap text-right">{value}</dd>
    </div>
  );
  return (
    <dl className="w-full text-sm" aria-label={label ?? t("orders.totals_title")}>
      {rows.map((r) => {
        switch (r.key) {
          case "goods_ht":
            return line(r.key, t("orders.goods_ht"), formatPrice(r.amount, lang, "HT"));
          case "discount":
            return line(r.key, t("orders.discount"), formatPrice(r.amount, lang, "HT"));
          case "freight":
            return line(
              r.key,
              t("orders.freight_ht"),
              freightText ?? (r.free ? t("orders.freight_free") : formatPrice(r.amount, lang, "HT")),
            );
          case "freight_discount":
            return line(r.key, t("orders.freight_discount"), formatPrice(r.amount, lang, "HT"));
          case "total_ht":
            return line(r.key, t("orders.total_ht"), formatPrice(r.amount, lang, "HT"), true);
          case "vat_rate":
            // a keyed fragment: a <dl> holds <div> groups of <dt>/<dd> only, one level deep (axe dlitem)
            return (
              <Fragment key={`vat-${r.rate}`}>
                {line(
                  `vat-${r.rate}`,
                  t("orders.vat_rate", { rate: formatRate(r.rate, lang), base: formatPrice(r.base, lang) }),
                  formatPrice(r.amount, lang),
                )}
              </Fragment>
            );
          case "total_tva":
            return line(r.key, t("orders.total_tva"), formatPrice(r.amount, lang));
          case "total_ttc":
            return line(r.key, t("orders.total_ttc"), formatPrice(r.amount, lang, "TTC"), true);
          case "credit_used":
            return line(r.key, t("orders.credit_used"), formatPrice(r.amount, lang, "TTC"));
          case "amount_due":
            return line(r.key, t(paid ? "orders.amount_due" : "orders.amount_due_unpaid"), formatPrice(r.amount, lang, "TTC"), true);
        }
      })}
    </dl>
  );
}
