import { memo } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatUnitPrice } from "#core/price-format.ts";
import { productUrl } from "#core/slug.ts";
import type { Lang } from "#core/i18n/translate.ts";
import { unitLabel } from "./labels.ts";
import { ProductBadges } from "./product-badges.tsx";
import { AddToCart } from "#app/components/cart/add-to-cart.tsx";
import { cardLine } from "#app/components/cart/card-line.ts";
import { WishlistButton } from "#app/components/quick-order/wishlist-button.tsx";
import { ProductImage } from "./product-image.tsx";
import type { ProductCard as Card } from "#core/catalogue/types.ts";

/** `eager`: a card of the first rows, whose image is the page's largest paint on a phone (fetched at once, first).
 * Memoised: its props come from the loader data, so a re-render of the whole router tree after hydration (React
 * Router's route discovery patches its routes) skips the cards (decision 090). */
export const ProductCard = memo(function ProductCard({ p, lang, eager = false }: { p: Card; lang: Lang; eager?: boolean }) {
  const { t } = useT();
  return (
    <article className="flex flex-col rounded border border-line bg-white p-3 transition hover:shadow-md">
      <Link to={productUrl(lang, p)} className="flex flex-1 flex-col gap-2">
        <div className="relative aspect-[315/257] overflow-hidden rounded bg-paper">
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
        <h3 className="line-clamp-2 font-medium">{p.name}</h3>
        <p className="text-xs text-muted">{t("product.ref", { ref: p.reference })}</p>
        <p className="mt-auto">
          <span className="text-xs text-muted">{t("product.from")} </span>
          <strong className="text-brand">{formatUnitPrice(p.price_from, lang, "HT")}</strong>
          <span className="text-xs text-muted"> {t("product.per_unit", { unit: unitLabel(t, p.unit) })}</span>
        </p>
        <p className={`text-xs ${p.in_stock ? "text-green-700" : "text-red-700"}`}>
          {p.in_stock ? t("product.in_stock") : t("product.out_of_stock")}
        </p>
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <AddToCart line={cardLine(p, lang)} name={p.name} compact />
        <WishlistButton productId={p.id} name={p.name} />
      </div>
    </article>
  );
});
