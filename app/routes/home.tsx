import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/home";
import { categoryUrl, localePath } from "#core/slug.ts";
import { ProductCard } from "#app/components/catalogue/product-card.tsx";
import { useShell } from "#app/lib/use-shell.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";

export async function loader({ context }: Route.LoaderArgs) {
  if (context.maintenance) return { sections: [] };
  return { sections: await context.services.catalogue.homePage(context.lang, context.tags) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "fr";
  return [
    { title: `${translate(lang, "common.brand")} — ${translate(lang, "common.home.title")}` },
    { name: "description", content: translate(lang, "common.meta_description") },
  ];
};

const sectionLinks = { best: "/meilleures-ventes", promo: "/promotions", new: "/nouveaux-produits", drop: "/Prix-en-baisse" } as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, init } = useShell();
  const top = init?.product_cate[0]?.child ?? [];
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded bg-paper px-6 py-8">
        <h1 className="text-2xl font-bold text-brand md:text-3xl">{t("home.title")}</h1>
        <p className="mt-2 text-muted">{t("home.intro")}</p>
      </section>

      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="mb-4 text-xl font-semibold">
          {t("home.categories")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {top.map((c) => (
            <li key={c.id}>
              <Link
                to={categoryUrl(lang, c)}
                className="flex h-full flex-col items-center gap-2 rounded border border-line p-3 text-center hover:border-brand"
              >
                {c.img && <img src={c.img} alt="" width={96} height={96} loading="lazy" />}
                <span className="font-medium">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.sections
        .filter((s) => s.products.length > 0)
        .map((s) => (
          <section key={s.key} aria-labelledby={`home-${s.key}`}>
            <div className="mb-4 flex items-baseline justify-between">
              <h2 id={`home-${s.key}`} className="text-xl font-semibold">
                {t(`home.section_${s.key}`)}
              </h2>
              <Link to={localePath(lang, sectionLinks[s.key])} className="text-sm text-brand hover:underline">
                {t("home.see_all")}
              </Link>
            </div>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {s.products.map((p) => (
                <ProductCard key={p.id} p={p} lang={lang} />
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
