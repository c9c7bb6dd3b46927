// Product page (SPEC §2): /product/{name-slug}/{id}, and /product/product?id= which redirects to it.
import { data, redirect } from "react-router";
import type { Route } from "./+types/product-detail";
import { useT } from "#app/lib/i18n.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { idFromParam } from "#core/slug.ts";
import { formatUnitPrice } from "#core/price-format.ts";
import { ProductBadges } from "#app/components/catalogue/product-badges.tsx";
import { ProductCard } from "#app/components/catalogue/product-card.tsx";
import { Breadcrumbs } from "#app/components/catalogue/breadcrumbs.tsx";
import { ModelsTable } from "#app/components/catalogue/models-table.tsx";
import { useGroupPrices } from "#app/components/catalogue/use-group-prices.ts";
import { JsonLd, breadcrumbLd } from "#app/components/catalogue/json-ld.tsx";
import { facetValueLabel } from "#app/components/catalogue/labels.ts";
import { pageMeta, requestPath } from "#app/components/catalogue/seo.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { ProductImage } from "#app/components/catalogue/product-image.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";

const notFound = () => data(null, { status: 404, statusText: "This page could not be found" });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const p = params as { id?: string };
  const raw = p.id ?? url.searchParams.get("id");
  const id = raw && /^\d+$/.test(raw) ? idFromParam(raw) : null;
  if (id === null) throw notFound();
  const detail = await orNotFound(context.services.products.productDetail(context.lang, id, context.tags));
  if (requestPath(url) !== detail.product.url) throw redirect(encodeURI(detail.product.url), 301);
  return { detail };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "fr";
  const d = loaderData?.detail;
  if (!d) return [];
  const cheapest = d.models.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a), d.models[0]);
  const description = translate(lang, "catalogue.detail.meta", {
    name: d.product.name,
    ref: d.product.reference,
    count: d.models.length,
    price: cheapest ? formatUnitPrice(cheapest.price, lang, "HT") : "",
  });
  return pageMeta(matches, d.product.name, description, d.product.url);
};

export default function ProductDetailPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { publicUrl } = useShell();
  const { product: p, models, breadcrumbs, related } = loaderData.detail;
  const groupPrices = useGroupPrices(p.id);
  const sellable = models.filter((m) => !m.not_for_sale);
  const productLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    sku: p.reference,
    image: p.img ? `${publicUrl}${p.img}` : undefined,
    brand: p.brand ? { "@type": "Brand", name: p.brand } : undefined,
    material: p.material ?? undefined,
    color: p.colour ?? undefined,
    url: `${publicUrl}${encodeURI(p.url)}`,
    offers: sellable.map((m) => ({
      "@type": "Offer",
      sku: m.reference,
      price: Number(m.price).toFixed(2),
      priceCurrency: "EUR",
      priceSpecification: { "@type": "UnitPriceSpecification", price: m.price, priceCurrency: "EUR", valueAddedTaxIncluded: false },
      availability: m.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: `${publicUrl}${encodeURI(p.url)}`,
    })),
  };
  return (
    <div>
      <Breadcrumbs trail={breadcrumbs} />
      <JsonLd data={productLd} />
      <JsonLd
        data={breadcrumbLd(
          publicUrl,
          breadcrumbs.map((e, i) => (i === 0 ? { ...e, name: t("catalogue.home") } : e)),
        )}
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="relative overflow-hidden rounded border border-line bg-paper">
          {/* The box keeps its ratio whatever the picture's own: painted before the picture arrives, nothing moves. */}
          <ProductImage
            img={p.img}
            sizes="(min-width: 768px) 630px, 100vw"
            alt={p.name}
            width={630}
            height={514}
            fetchPriority="high"
            className="aspect-[630/514] h-auto w-full object-contain"
          />
          <ProductBadges p={p} className="absolute left-2 top-2" />
        </div>
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-bold text-brand">{p.name}</h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t("catalogue.detail.reference")}</dt>
            <dd className="font-mono">{p.reference}</dd>
            {p.brand && (
              <>
                <dt className="text-muted">{t("catalogue.detail.brand")}</dt>
                <dd>{p.brand}</dd>
              </>
            )}
            {p.material && (
              <>
                <dt className="text-muted">{t("catalogue.detail.material")}</dt>
                <dd>{facetValueLabel(t, "material", p.material)}</dd>
              </>
            )}
            {p.colour && (
              <>
                <dt className="text-muted">{t("catalogue.detail.colour")}</dt>
                <dd>{facetValueLabel(t, "colour", p.colour)}</dd>
              </>
            )}
          </dl>
          <p className={`text-sm font-medium ${p.in_stock ? "text-green-800" : "text-red-800"}`}>
            {p.in_stock ? t("product.in_stock") : t("product.out_of_stock")}
          </p>
          {p.description && (
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="mb-1 text-lg font-semibold">
                {t("catalogue.detail.description")}
              </h2>
              {/* trusted HTML written by the shop */}
              <div className="prose-sm flex flex-col gap-2" dangerouslySetInnerHTML={{ __html: p.description }} />
            </section>
          )}
          <p className="rounded bg-paper p-3 text-sm">{t("cart.detail_note")}</p>
        </div>
      </div>
      <section aria-labelledby="product-models" className="mt-8">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="product-models" className="text-xl font-semibold">
            {t("catalogue.detail.models")}
          </h2>
          <p className="text-sm text-muted">{t("catalogue.list.vat_note")}</p>
        </div>
        <ModelsTable models={models} name={p.name} product={{ name: p.name, img: p.img, url: p.url }} groupPrices={groupPrices} />
      </section>
      {related.length > 0 && (
        <section aria-labelledby="product-related" className="mt-10">
          <h2 id="product-related" className="mb-3 text-xl font-semibold">
            {t("catalogue.detail.related")}
          </h2>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {related.map((r) => (
              <ProductCard key={r.id} p={r} lang={lang} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
