// Pieces of the order pages (decision 072): state badge, address, lines, totals with VAT by rate.
import { formatPhone } from "#core/account.ts";
import { Fragment } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { unitLabel } from "#app/components/catalogue/labels.ts";
import { formatPrice, formatUnitPrice } from "#core/money.ts";
import { Decimal } from "#core/money.ts";
import type { StateLabel } from "#core/order-states.ts";
import type { OrderAddress, OrderLineView, OrderTotals } from "#core/order-view.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

// Dark backgrounds with white text: contrast ≥ 4.5:1 for every tone.
const TONES: Record<StateLabel["tone"], string> = {
  warning: "bg-amber-800 text-white",
  info: "bg-sky-800 text-white",
  success: "bg-green-800 text-white",
  danger: "bg-red-800 text-white",
  neutral: "bg-gray-700 text-white",
};

export function StateBadge({ state }: { state: StateLabel }) {
  const { t } = useT();
  return <span className={`inline-block min-w-24 rounded px-2 py-0.5 text-sm ${TONES[state.tone]}`}>{t(state.key, state.values)}</span>;
}

export function AddressBlock({ a }: { a: OrderAddress }) {
  return (
    <address className="not-italic">
      <strong>{[a.first_name, a.last_name].filter(Boolean).join(" ")}</strong>
      {a.company && <span className="block">{a.company}</span>}
      <span className="block">{a.line1}</span>
      {a.line2 && <span className="block">{a.line2}</span>}
      <span className="block">
        {a.zip_code} {a.city}
      </span>
      {a.phone && <span className="block">{formatPhone(a.phone)}</span>}
    </address>
  );
}

export function OrderLines({ lines }: { lines: OrderLineView[] }) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2 align-top";
  return (
    <TableScroll>
      <table className="w-full text-sm" data-testid="order-lines">
        <caption className="sr-only">{t("orders.lines_title")}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t("orders.line_reference")}
            </th>
            <th scope="col" className={th}>
              {t("orders.line_designation")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("orders.line_unit_price")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("orders.line_quantity")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("orders.line_discount")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("orders.line_total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td className={`${td} whitespace-nowrap`}>{l.reference}</td>
              <td className={td}>{l.designation}</td>
              <td className={`${td} whitespace-nowrap text-right`}>{formatUnitPrice(l.price, lang, "HT")}</td>
              <td className={`${td} whitespace-nowrap text-right`}>
                {l.num} {unitLabel(t, l.unit, l.num)}
                {l.gifted_units > 0 && (
                  <span className="block text-xs font-semibold text-green-800" data-testid="order-line-gifted">
                    {t("orders.line_gifted", { n: l.gifted_units })}
                  </span>
                )}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                {Decimal.from(l.remise).isZero() ? "—" : formatPrice(Decimal.from(l.remise).negated(), lang)}
              </td>
              <td className={`${td} whitespace-nowrap text-right font-semibold`}>{formatPrice(l.line_ht, lang, "HT")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function TotalsTable({ totals }: { totals: OrderTotals }) {
  const { t, lang } = useT();
  const rate = (r: string) =>
    Decimal.from(r)
      .times(100)
      .toString()
      .replace(".", lang === "fr" ? "," : ".");
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`flex justify-between gap-6 py-1 ${strong ? "border-t border-line font-bold" : ""}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap text-right">{value}</dd>
    </div>
  );
  const freeFreight = Decimal.from(totals.freight_ht).isZero();
  return (
    <dl className="w-full max-w-md text-sm" aria-label={t("orders.totals_title")}>
      {row(t("orders.goods_ht"), formatPrice(totals.goods_ht, lang, "HT"))}
      {!Decimal.from(totals.discount_amount).isZero() &&
        row(t("orders.discount"), formatPrice(Decimal.from(totals.discount_amount).negated(), lang, "HT"))}
      {row(t("orders.freight_ht"), freeFreight ? t("orders.freight_free") : formatPrice(totals.freight_ht, lang, "HT"))}
      {row(t("orders.total_ht"), formatPrice(totals.total_ht, lang, "HT"), true)}
      {totals.vat.map((v) => (
        // a keyed fragment: a <dl> holds <div> groups of <dt>/<dd> only, one level deep (axe dlitem)
        <Fragment key={v.rate}>
          {row(t("orders.vat_rate", { rate: rate(v.rate), base: formatPrice(v.base, lang) }), formatPrice(v.vat, lang))}
        </Fragment>
      ))}
      {row(t("orders.total_tva"), formatPrice(totals.total_tva, lang))}
      {row(t("orders.total_ttc"), formatPrice(totals.total_ttc, lang, "TTC"), true, "order-total-ttc")}
    </dl>
  );
}
