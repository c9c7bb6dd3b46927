// The order queue's table (admin/orders.tsx): sortable headers as links keeping the filters, one row per order with a
// box for the bulk actions (its form is around the table, orders-bulk.tsx); it scrolls inside its box on a narrow
// screen.
import { useRef } from "react";
import { Link } from "react-router";
import type { StaffOrderRow } from "#core/contracts/staff-orders.ts";
import type { StaffOrderSort } from "#core/validation/staff-orders.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT, type T } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";

/** The filters as asked in the address: each field's text, `status` its list. */
export type QueueAsked = Record<string, string | string[]>;
export type QueueRow = StaffOrderRow & { status_label: string; status_tone: string };

const TONE: Record<string, string> = {
  warning: "bg-amber-100 text-amber-900",
  info: "bg-sky-100 text-sky-900",
  success: "bg-green-100 text-green-900",
  danger: "bg-red-100 text-red-900",
  neutral: "bg-gray-100 text-gray-900",
};

/** A column's sorts: the first when another column sorts, the other one on a second click. */
type Sortable = { column: string; sorts: StaffOrderSort[] };

function SortHeader({ label, sortable, sort, href, t }: { label: string; sortable: Sortable; sort: StaffOrderSort; href: Href; t: T }) {
  const active = sortable.sorts.includes(sort);
  const next = active ? (sortable.sorts.find((s) => s !== sort) ?? sort) : sortable.sorts[0];
  const direction = active ? (sort.endsWith("_asc") ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" className="whitespace-nowrap p-2" aria-sort={direction}>
      <Link
        to={href({ sort: next === "placed_desc" ? "" : next, page: "" })}
        className="inline-flex items-center gap-1 hover:underline"
        title={t("admin.orders_sort_by", { column: label })}
      >
        {label}
        {direction && <span aria-hidden="true">{direction === "ascending" ? "▲" : "▼"}</span>}
        {direction && (
          <span className="sr-only">{` (${t(direction === "ascending" ? "admin.orders_sorted_asc" : "admin.orders_sorted_desc")})`}</span>
        )}
      </Link>
    </th>
  );
}

type Href = (change: Record<string, string>) => string;

function Delivery({ r, modes, t }: { r: QueueRow; modes: Record<string, string>; t: T }) {
  if (r.pickup) return <>{t("admin.orders_pickup_at", { shop: r.shop_name ?? "" })}</>;
  return (
    <>
      <span>{r.delivery_mode ? (modes[r.delivery_mode] ?? r.delivery_mode) : "—"}</span>
      {(r.zip_code || r.city) && <span className="block">{[r.zip_code, r.city].filter(Boolean).join(" ")}</span>}
      {r.zone_name && <span className="block text-muted">{t("admin.orders_zone", { zone: r.zone_name })}</span>}
    </>
  );
}

export function OrdersTable({
  rows,
  sort,
  modes,
  href,
}: {
  rows: QueueRow[];
  sort: StaffOrderSort;
  modes: Record<string, string>;
  href: Href;
}) {
  const { t, lang } = useT();
  const body = useRef<HTMLTableSectionElement>(null);
  const selectAll = (checked: boolean) => {
    for (const box of body.current?.querySelectorAll<HTMLInputElement>('input[name="order"]') ?? []) box.checked = checked;
  };
  const header = (label: string, sortable?: Sortable) =>
    sortable ? (
      <SortHeader label={label} sortable={sortable} sort={sort} href={href} t={t} />
    ) : (
      <th scope="col" className="whitespace-nowrap p-2">
        {label}
      </th>
    );
  return (
    <div className="overflow-x-auto rounded border border-line bg-white" role="region" aria-label={t("admin.orders_table")} tabIndex={0}>
      <table className="w-full min-w-[64rem] text-left text-sm">
        <thead className="bg-paper">
          <tr>
            <th scope="col" className="p-2">
              <input type="checkbox" aria-label={t("admin.orders_select_all")} onChange={(e) => selectAll(e.currentTarget.checked)} />
            </th>
            {header(t("admin.orders_number"), { column: "number", sorts: ["number_desc"] })}
            {header(t("admin.orders_placed"), { column: "placed", sorts: ["placed_desc", "placed_asc"] })}
            {header(t("admin.orders_customer"))}
            {header(t("admin.orders_status"))}
            {header(t("admin.orders_payment"))}
            {header(t("admin.orders_total"), { column: "total", sorts: ["total_desc", "total_asc"] })}
            {header(t("admin.orders_delivery"))}
            {header(t("admin.orders_planned"), { column: "planned", sorts: ["planned_asc"] })}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-line align-top">
              <td className="p-2">
                <input type="checkbox" name="order" value={r.id} aria-label={t("admin.orders_select", { number: r.number })} />
              </td>
              <th scope="row" className="whitespace-nowrap p-2 font-medium">
                <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.number)}`)} className="text-brand hover:underline">
                  {r.number}
                </Link>
              </th>
              <td className="whitespace-nowrap p-2">{formatDate(r.placed_at, lang, "datetime")}</td>
              <td className="p-2">
                <span className="block font-medium">{r.customer.company || r.customer.name}</span>
                <span className="block text-muted">{r.customer.client_number}</span>
                <span className="block break-all text-muted">{r.customer.email}</span>
              </td>
              <td className="p-2">
                <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[r.status_tone] ?? TONE.neutral}`}>
                  {r.status_label}
                </span>
              </td>
              <td className="whitespace-nowrap p-2">
                {r.paid_at ? t("admin.orders_paid_on", { date: formatDate(r.paid_at, lang) }) : t("admin.orders_unpaid")}
              </td>
              <td className="whitespace-nowrap p-2 text-right tabular-nums">{formatPrice(r.total_ttc, lang, "TTC")}</td>
              <td className="p-2">
                <Delivery r={r} modes={modes} t={t} />
              </td>
              <td className="whitespace-nowrap p-2">
                {r.planned_date ? formatDate(r.planned_date, lang) : <span className="text-muted">{t("admin.orders_not_planned")}</span>}
                {r.delivery_status && <span className="block text-xs text-muted">{t(`admin.orders_delivery_${r.delivery_status}`)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
