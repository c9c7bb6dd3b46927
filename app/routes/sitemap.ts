// sitemap.xml (SEO): home, special lists, shops, every category, product and content page, in fr and zh
// with hreflang alternates. A resource route: the page cache keeps the answer until the catalogue changes.
import type { Route } from "./+types/sitemap";
import { categoryUrl, contentUrl, localePath, productUrl, SPECIAL_LIST_PATHS } from "#core/slug.ts";
import type { CategoryNode } from "#core/catalogue/types.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const base = services.env.PUBLIC_URL.replace(/\/$/, "");
  const [treeFr, treeZh, products, pagesFr] = await Promise.all([
    services.catalogue.categoryTree("fr"),
    services.catalogue.categoryTree("zh"),
    services.products.allProducts(),
    services.contentPages.all("fr"),
  ]);
  const zhNames = new Map<number, string>();
  const walk = (nodes: CategoryNode[], f: (n: CategoryNode) => void) =>
    nodes.forEach((n) => {
      f(n);
      walk(n.child, f);
    });
  walk(treeZh, (n) => zhNames.set(n.id, n.name));
  const pairs: [string, string][] = [
    ["/", "/zh"],
    ["/magasins", "/zh/magasins"],
  ];
  for (const p of Object.values(SPECIAL_LIST_PATHS)) pairs.push([p, localePath("zh", p)]);
  walk(treeFr[0]?.child ?? [], (n) =>
    pairs.push([categoryUrl("fr", n), categoryUrl("zh", { id: n.id, name: zhNames.get(n.id) ?? n.name })]),
  );
  for (const p of products) pairs.push([productUrl("fr", { id: p.id, name: p.name.fr }), productUrl("zh", { id: p.id, name: p.name.zh })]);
  for (const p of pagesFr) pairs.push([contentUrl("fr", { id: p.id, name: p.slug }), contentUrl("zh", { id: p.id, name: p.slug })]);
  const abs = (path: string) => esc(`${base}${encodeURI(path)}`);
  const entries = pairs.flatMap(([fr, zh]) => {
    const alt = `<xhtml:link rel="alternate" hreflang="fr" href="${abs(fr)}"/><xhtml:link rel="alternate" hreflang="zh" href="${abs(zh)}"/><xhtml:link rel="alternate" hreflang="x-default" href="${abs(fr)}"/>`;
    return [`<url><loc>${abs(fr)}</loc>${alt}</url>`, `<url><loc>${abs(zh)}</loc>${alt}</url>`];
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
