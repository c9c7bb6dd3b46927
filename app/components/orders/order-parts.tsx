// Pieces of the order pages (decision 072): state badge, address, lines, totals with VAT by rate.
import { formatPhone } from "#core/account.ts";
import { useT } from "#app/lib/i18n.tsx";
import { unitLabel } from "#app/components/catalogue/labels.ts";
import { formatPrice, formatUnitPrice } from "#core/price-format.ts";
import { Decimal } from "#core/money.ts";
import type { StateLabel } from "#core/order-states.ts";
import type { OrderAddressAnswer, OrderLineAnswer, OrderTotalsAnswer } from "#core/contracts/orders.ts";
import { breakdownRows } from "#core/order-breakdown.ts";
import { MoneyBreakdown } from "./money-breakdown.tsx";
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

export function AddressBlock({ a }: { a: OrderAddressAnswer }) {
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

export function OrderLines({ lines }: { lines: OrderLineAnswer[] }) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2 align-top";
  return (
    <TableScroll>
      <table className="stack-table w-full text-sm" data-testid="order-lines">
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
              <td className={`${td} whitespace-nowrap`} data-label={t("orders.line_reference")}>
                {l.reference}
              </td>
              <td className={td} data-label={t("orders.line_designation")}>
                {l.designation}
              </td>
              <td className={`${td} whitespace-nowrap text-right`} data-label={t("orders.line_unit_price")}>
                {formatUnitPrice(l.price, lang, "HT")}
              </td>
              <td className={`${td} whitespace-nowrap text-right`} data-label={t("orders.line_quantity")}>
                {l.num} {unitLabel(t, l.unit, l.num)}
                {l.gifted_units > 0 && (
                  <span className="block text-xs font-semibold text-green-800" data-testid="order-line-gifted">
                    {t("orders.line_gifted", { count: l.gifted_units })}
                  </span>
                )}
              </td>
              <td className={`${td} whitespace-nowrap text-right`} data-label={t("orders.line_discount")}>
                {Decimal.from(l.remise).isZero() ? "—" : formatPrice(Decimal.from(l.remise).negated(), lang)}
              </td>
              <td className={`${td} whitespace-nowrap text-right font-semibold`} data-label={t("orders.line_total")}>
                {formatPrice(l.line_ht, lang, "HT")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The order's money (core/order-breakdown.ts), with the credit note deducted and the card's part when there is one. */
export function TotalsTable({
  totals,
  credit,
  paid,
}: {
  totals: OrderTotalsAnswer;
  credit?: { credit_used: string; amount_due: string };
  paid: boolean;
}) {
  const rows = breakdownRows({ ...totals, credit_used: credit?.credit_used, amount_due: credit?.amount_due });
  return (
    <div className="w-full max-w-md">
      <MoneyBreakdown rows={rows} paid={paid} />
    </div>
  );
}
