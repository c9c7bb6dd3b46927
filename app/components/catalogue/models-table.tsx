// The models of a product (SPEC §3 product hints): reference, designation, dimensions, unit, price HT per
// unit, promotion (minimum quantity, threshold, gifted units, mixed series, special price), stock,
// maximum purchasable quantity and the not-for-sale flag, and an add-to-cart stepper per model. On a phone each
// model is a card (`stack-table`, app.css): every cell is labelled with its column's name.
import { useT } from "#app/lib/i18n.tsx";
import { formatUnitPrice } from "#core/price-format.ts";
import type { ProductModel } from "#core/catalogue/types.ts";
import { unitLabel } from "./labels.ts";
import { AddToCart } from "#app/components/cart/add-to-cart.tsx";
import { giftRuleText } from "#app/components/cart/gifted-units.tsx";
import { WishlistButton } from "#app/components/quick-order/wishlist-button.tsx";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";
import type { GroupPrice, GroupPrices } from "./use-group-prices.ts";

function pct(fraction: string): string {
  return String(Math.round(Number(fraction) * 10000) / 100);
}

type Product = { name: string; img?: string | null; url?: string };

/** A customer group's prices under the catalogue price (decision 157): from one unit, then by quantity. With a
 * promotion, the cart charges the lower of the two, never both. */
function GroupPriceLines({ group, promotion }: { group: GroupPrice; promotion: boolean }) {
  const { t, lang } = useT();
  return (
    <ul className="mt-1 text-xs font-normal text-ink" data-testid="group-price">
      {group.price && (
        <li>
          {t(promotion ? "catalogue.detail.group_price_or_promo" : "catalogue.detail.group_price", {
            price: formatUnitPrice(group.price, lang, "HT"),
          })}
        </li>
      )}
      {group.tiers.map((tier) => (
        <li key={tier.min}>{t("catalogue.detail.group_tier", { n: tier.min, price: formatUnitPrice(tier.price, lang, "HT") })}</li>
      ))}
    </ul>
  );
}

export function ModelsTable({
  models,
  name,
  product,
  groupPrices,
}: {
  models: ProductModel[];
  name: string;
  product?: Product;
  /** The logged-in buyer's group prices, by model id. */
  groupPrices?: GroupPrices;
}) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2 align-top";
  return (
    <TableScroll>
      <table className="stack-table w-full border-collapse text-sm md:min-w-[720px]">
        <caption className="sr-only">{t("catalogue.detail.models_caption", { name })}</caption>
        <thead className="bg-paper">
          <tr>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_reference")}
            </th>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_designation")}
            </th>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_dimensions")}
            </th>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_unit")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("catalogue.detail.col_price")}
            </th>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_promo")}
            </th>
            <th scope="col" className={th}>
              {t("catalogue.detail.col_stock")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("catalogue.detail.col_max")}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t("cart.col_order")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => {
            const p = m.promotion;
            return (
              <tr key={m.id} className={m.not_for_sale ? "text-muted" : undefined}>
                <th scope="row" className={`${td} font-mono font-normal`}>
                  {m.reference}
                </th>
                <td className={td} data-label={t("catalogue.detail.col_designation")}>
                  {m.label}
                  {m.capacity ? ` · ${m.capacity}` : ""}
                </td>
                <td className={td} data-label={t("catalogue.detail.col_dimensions")}>
                  {m.length_mm && m.width_mm && m.height_mm
                    ? t("catalogue.detail.dims", { l: m.length_mm, w: m.width_mm, h: m.height_mm })
                    : t("catalogue.detail.none")}
                </td>
                <td className={td} data-label={t("catalogue.detail.col_unit")}>
                  {m.unit_qty > 1 ? t("catalogue.detail.unit_qty", { unit: unitLabel(t, m.unit), qty: m.unit_qty }) : unitLabel(t, m.unit)}
                </td>
                <td className={`${td} whitespace-nowrap text-right font-semibold text-brand`} data-label={t("catalogue.detail.col_price")}>
                  {formatUnitPrice(m.price, lang, "HT")}
                  {groupPrices?.has(m.id) && <GroupPriceLines group={groupPrices.get(m.id)!} promotion={p !== null} />}
                </td>
                <td className={td} data-label={t("catalogue.detail.col_promo")}>
                  {p ? (
                    <ul className="text-accent-dark">
                      <li>{t("catalogue.detail.promo_value", { pct: pct(p.value), qty: p.min_qty })}</li>
                      {p.threshold_pct && <li>{t("catalogue.detail.promo_threshold", { pct: Number(p.threshold_pct) })}</li>}
                      {p.gifted_units ? <li>{giftRuleText(t, { num: p.min_qty, value: p.value, gifted_units: p.gifted_units })}</li> : null}
                      {p.mixed_series && <li>{t("catalogue.detail.promo_mixed", { series: p.mixed_series })}</li>}
                      {p.special_price && (
                        <li>{t("catalogue.detail.promo_special", { price: formatUnitPrice(p.special_price, lang, "HT") })}</li>
                      )}
                    </ul>
                  ) : (
                    t("catalogue.detail.none")
                  )}
                </td>
                <td className={td} data-label={t("catalogue.detail.col_stock")}>
                  {m.not_for_sale ? (
                    <span className="text-red-800">{t("catalogue.detail.not_for_sale")}</span>
                  ) : m.stock > 0 ? (
                    <span className="text-green-800">{t("catalogue.detail.in_stock_qty", { n: m.stock })}</span>
                  ) : (
                    <span className="text-red-800">{t("catalogue.detail.out_of_stock")}</span>
                  )}
                </td>
                <td className={`${td} text-right`} data-label={t("catalogue.detail.col_max")}>
                  {m.not_for_sale ? t("catalogue.detail.none") : m.purchasable_qty}
                </td>
                <td className={td}>
                  <AddToCart
                    line={{
                      model_id: m.id,
                      name: `${product?.name ?? name} — ${m.label}`,
                      image: product?.img ?? null,
                      price: m.price,
                      url: product?.url,
                      reference: m.reference,
                    }}
                    name={`${m.reference} ${m.label}`}
                    max={Math.min(m.stock, m.purchasable_qty)}
                    disabled={m.not_for_sale || m.stock <= 0 || m.purchasable_qty <= 0}
                    compact
                  />
                  <div className="mt-1 flex justify-end">
                    <WishlistButton reference={m.reference} name={`${m.reference} ${m.label}`} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
