import { memo } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatUnitPrice } from "#core/price-format.ts";
import { productUrl } from "#core/slug.ts";
import type { Lang } from "#core/i18n/translate.ts";
import type { ListCard } from "#core/catalogue/types.ts";
import { facetValueLabel, unitLabel } from "./labels.ts";
import { ProductBadges } from "./product-badges.tsx";
import { AddToCart } from "#app/components/cart/add-to-cart.tsx";
import { cardLine } from "#app/components/cart/card-line.ts";
import { ProductImage } from "./product-image.tsx";
import { WishlistButton } from "#app/components/quick-order/wishlist-button.tsx";

/**
 * A product of a product list, in both displays: a card of the grid, or a row (`rows:` styles, with the
 * material and the number of models) when the list display is chosen. One element tree for both: the
 * display is a style of the document (list-display.ts), so the stored choice, read after hydration, never
 * replaces the links under the buyer's pointer. Memoised: its props come from the loader data (decision 090).
 */
export const ListItem = memo(function ListItem({ p, lang, eager = false }: { p: ListCard; lang: Lang; eager?: boolean }) {
  const { t } = useT();
  return (
    <article className="flex flex-col rounded border border-line bg-white p-3 transition hover:shadow-md rows:flex-row rows:flex-wrap rows:items-center rows:gap-x-4 rows:gap-y-2">
      <Link to={productUrl(lang, p)} className="flex flex-1 flex-col gap-2 rows:min-w-0 rows:flex-row rows:items-center rows:gap-4">
        <div className="relative aspect-[315/257] overflow-hidden rounded bg-paper rows:w-28 rows:shrink-0">
          <ProductImage
            img={p.img}
            sizes="315px"
            alt=""
            width={315}
            height={257}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            className="h-full w-full object-contain"
          />
          <ProductBadges p={p} className="absolute left-1 top-1" />
        </div>
        <div className="flex flex-1 flex-col gap-2 rows:min-w-0 rows:gap-1 rows:sm:flex-row rows:sm:items-center rows:sm:gap-4">
          <div className="flex flex-col gap-2 rows:min-w-0 rows:flex-1 rows:gap-1">
            <h3 className="line-clamp-2 font-medium">{p.name}</h3>
            <p className="text-xs text-muted">
              {t("product.ref", { ref: p.reference })}
              <span className="hidden rows:inline">
                {p.material && <> · {facetValueLabel(t, "material", p.material)}</>}
                {" · "}
                {t("catalogue.list.models_count", { count: p.models_count })}
              </span>
            </p>
          </div>
          <div className="mt-auto flex flex-col gap-2 rows:mt-0 rows:gap-1 rows:sm:text-right">
            <p>
              <span className="text-xs text-muted">{t("product.from")} </span>
              <strong className="text-brand">{formatUnitPrice(p.price_from, lang, "HT")}</strong>
              <span className="text-xs text-muted"> {t("product.per_unit", { unit: unitLabel(t, p.unit) })}</span>
            </p>
            <p className={`text-xs ${p.in_stock ? "text-green-700" : "text-red-700"}`}>
              {p.in_stock ? t("product.in_stock") : t("product.out_of_stock")}
            </p>
          </div>
        </div>
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-2 rows:mt-0 rows:ml-auto">
        <AddToCart line={cardLine(p, lang)} name={p.name} compact />
        <WishlistButton productId={p.id} name={p.name} />
      </div>
    </article>
  );
});
