import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatUnitPrice } from "#core/money.ts";
import { productUrl } from "#core/slug.ts";
import type { Lang } from "#core/i18n/translate.ts";
import type { ListCard } from "#core/catalogue/types.ts";
import { facetValueLabel, unitLabel } from "./labels.ts";
import { ProductBadges } from "./product-badges.tsx";
import { AddToCart } from "#app/components/cart/add-to-cart.tsx";
import { cardLine } from "#app/components/cart/card-line.ts";
import { WishlistButton } from "#app/components/quick-order/wishlist-button.tsx";

/** A product in the list display: image, name, reference, material, price HT per unit, badges, stock. */
export function ProductRow({ p, lang, eager = false }: { p: ListCard; lang: Lang; eager?: boolean }) {
  const { t } = useT();
  return (
    <article className="flex gap-4 rounded border border-line bg-white p-3 hover:shadow-md">
      <Link to={productUrl(lang, p)} className="shrink-0" tabIndex={-1} aria-hidden>
        <img
          src={p.img ?? "/images/placeholder.svg"}
          alt=""
          width={120}
          height={98}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          className="h-24 w-28 rounded bg-paper object-contain"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="font-medium">
            <Link to={productUrl(lang, p)} className="hover:text-brand hover:underline">
              {p.name}
            </Link>
          </h3>
          <p className="text-xs text-muted">
            {t("product.ref", { ref: p.reference })}
            {p.material && <> · {facetValueLabel(t, "material", p.material)}</>}
            {" · "}
            {t("catalogue.list.models_count", { count: p.models_count })}
          </p>
          <ProductBadges p={p} className="mt-1" />
        </div>
        <div className="sm:text-right">
          <p>
            <span className="text-xs text-muted">{t("product.from")} </span>
            <strong className="text-brand">{formatUnitPrice(p.price_from, lang, "HT")}</strong>
            <span className="text-xs text-muted"> {t("product.per_unit", { unit: unitLabel(t, p.unit) })}</span>
          </p>
          <p className={`text-xs ${p.in_stock ? "text-green-800" : "text-red-800"}`}>
            {p.in_stock ? t("product.in_stock") : t("product.out_of_stock")}
          </p>
          <div className="mt-2 flex items-center gap-2">
            <AddToCart line={cardLine(p, lang)} name={p.name} compact />
            <WishlistButton productId={p.id} name={p.name} />
          </div>
        </div>
      </div>
    </article>
  );
}
