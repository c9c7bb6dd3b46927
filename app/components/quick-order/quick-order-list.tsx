// The purchased list and the wishlist of the quick-order page (decision 081): a quantity per line
// (whole units up to what may be bought now), select some or all, add them to the cart through the cart store
// (the header badge follows). Lines no longer on sale are shown, not selectable.
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useSession } from "#app/lib/session-store.ts";
import { formatDate } from "#core/format-date.ts";
import { formatUnitPrice } from "#core/price-format.ts";
import { localePath } from "#core/slug.ts";
import type { PurchasedItemAnswer, QuickItemAnswer, WishlistItemAnswer } from "#core/contracts/quick-order.ts";
import { QuantityStepper } from "#app/components/cart/quantity-stepper.tsx";
import { WishlistButton } from "./wishlist-button.tsx";
import { unitLabel } from "#app/components/catalogue/labels.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

type Props = { kind: "purchased"; items: PurchasedItemAnswer[] } | { kind: "wishlist"; items: WishlistItemAnswer[] };

export const cartLineOf = (i: QuickItemAnswer, num: number) => ({
  model_id: i.model_id,
  num,
  name: `${i.name} — ${i.label}`,
  image: i.image,
  price: i.price,
  url: i.url,
  reference: i.reference,
});

export function QuickOrderList(props: Props) {
  const { t, lang } = useT();
  const [items, setItems] = useState<QuickItemAnswer[]>(props.items);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const buyable = items.filter((i) => i.max > 0);
  const purchased = props.kind === "purchased" ? new Map(props.items.map((i) => [i.model_id, i])) : null;

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function add(which: QuickItemAnswer[]) {
    if (which.length === 0) {
      useSession.getState().notify({ kind: "warning", text: t("area.qo_nothing_selected") });
      return;
    }
    setBusy(true);
    try {
      const ok = await useCart.getState().add(which.map((i) => cartLineOf(i, Math.min(qty[i.model_id] ?? 1, i.max))));
      if (ok) {
        setAdded(true);
        setSelected(new Set());
        useSession.getState().notify({ kind: "success", text: t("area.qo_added", { count: which.length }) });
      }
    } finally {
      setBusy(false);
    }
  }

  if (items.length === 0) return <p>{t(props.kind === "purchased" ? "area.qo_purchased_empty" : "area.qo_wishlist_empty")}</p>;

  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2 align-middle";
  const allOn = buyable.length > 0 && buyable.every((i) => selected.has(i.model_id));
  return (
    <section className="flex flex-col gap-3" aria-label={t(`area.qo_tab_${props.kind}`)}>
      <p className="text-sm text-muted">{t(props.kind === "purchased" ? "area.qo_purchased_intro" : "area.qo_wishlist_intro")}</p>
      <TableScroll>
        <table className="stack-table w-full text-sm md:min-w-[40rem]" data-testid={`quick-${props.kind}`}>
          <thead>
            <tr>
              <th scope="col" className={th}>
                <input
                  type="checkbox"
                  aria-label={t("area.qo_select_all")}
                  checked={allOn}
                  onChange={(e) => setSelected(e.target.checked ? new Set(buyable.map((i) => i.model_id)) : new Set())}
                />
              </th>
              <th scope="col" className={th}>
                {t("area.qo_col_reference")}
              </th>
              <th scope="col" className={th}>
                {t("area.qo_col_designation")}
              </th>
              {purchased && (
                <>
                  <th scope="col" className={`${th} text-right`}>
                    {t("area.qo_col_last_price")}
                  </th>
                  <th scope="col" className={th}>
                    {t("area.qo_col_last_date")}
                  </th>
                </>
              )}
              <th scope="col" className={`${th} text-right`}>
                {t("area.qo_col_price")}
              </th>
              <th scope="col" className={th}>
                {t("area.qo_col_availability")}
              </th>
              <th scope="col" className={th}>
                {t("area.qo_col_quantity")}
              </th>
              {!purchased && (
                <th scope="col" className={th}>
                  <span className="sr-only">{t("area.qo_col_actions")}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((i) => {
              const p = purchased?.get(i.model_id);
              const can = i.max > 0;
              return (
                <tr key={i.model_id} data-reference={i.reference}>
                  <td className={td}>
                    <input
                      type="checkbox"
                      aria-label={t("area.qo_select_line", { ref: i.reference })}
                      disabled={!can}
                      checked={selected.has(i.model_id)}
                      onChange={(e) => toggle(i.model_id, e.target.checked)}
                    />
                  </td>
                  <td className={`${td} whitespace-nowrap font-semibold`} data-label={t("area.qo_col_reference")}>
                    {i.reference}
                  </td>
                  <td className={td} data-label={t("area.qo_col_designation")}>
                    <Link to={i.url} className="flex items-center gap-2 hover:text-brand hover:underline">
                      <img
                        src={i.image ?? "/images/placeholder.svg"}
                        alt=""
                        width={48}
                        height={40}
                        loading="lazy"
                        className="h-10 w-12 shrink-0 object-contain"
                      />
                      <span>
                        {i.name} — {i.label}
                      </span>
                    </Link>
                  </td>
                  {p && (
                    <>
                      <td className={`${td} whitespace-nowrap text-right`} data-label={t("area.qo_col_last_price")}>
                        {formatUnitPrice(p.last_price, lang, "HT")}
                      </td>
                      <td className={`${td} whitespace-nowrap`} data-label={t("area.qo_col_last_date")}>
                        {formatDate(p.last_date, lang)}
                        <span className="block text-xs text-muted">{t("area.qo_last_order", { number: p.last_order })}</span>
                      </td>
                    </>
                  )}
                  <td className={`${td} whitespace-nowrap text-right`} data-label={t("area.qo_col_price")}>
                    <span className="font-semibold text-brand">{formatUnitPrice(i.price, lang, "HT")}</span>
                    <span className="block text-xs text-muted">{t("product.per_unit", { unit: unitLabel(t, i.unit) })}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-label={t("area.qo_col_availability")}>
                    {can ? (
                      <span className="text-green-800">{t("area.qo_in_stock", { max: i.max })}</span>
                    ) : (
                      <span className="text-red-800">{t("area.qo_unavailable")}</span>
                    )}
                  </td>
                  <td className={td} data-label={t("area.qo_col_quantity")}>
                    <QuantityStepper
                      value={qty[i.model_id] ?? 1}
                      onChange={(n) => setQty((q) => ({ ...q, [i.model_id]: n }))}
                      max={i.max}
                      label={t("area.qo_qty_for", { ref: i.reference })}
                      disabled={!can}
                      size="sm"
                    />
                  </td>
                  {!purchased && (
                    <td className={td}>
                      <WishlistButton
                        reference={i.reference}
                        name={`${i.reference} ${i.label}`}
                        onChange={(saved) => {
                          if (!saved) setItems((list) => list.filter((x) => x.model_id !== i.model_id));
                        }}
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={() => add(buyable.filter((i) => selected.has(i.model_id)))}
          className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {t("area.qo_add_selected")}
        </button>
        <button
          type="button"
          disabled={busy || buyable.length === 0}
          onClick={() => add(buyable)}
          className="rounded border border-brand px-4 py-2 font-semibold text-brand disabled:opacity-60"
        >
          {t("area.qo_add_all")}
        </button>
        {added && (
          <Link to={localePath(lang, "/panier")} className="text-brand underline">
            {t("area.qo_go_to_cart")}
          </Link>
        )}
      </div>
    </section>
  );
}
