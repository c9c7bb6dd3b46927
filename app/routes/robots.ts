// robots.txt: everything public may be crawled except the API, account, cart and checkout; points at the sitemap.
import type { Route } from "./+types/robots";

const PRIVATE = [
  "/site/",
  "/mon-compte",
  "/identite",
  "/adresses",
  "/historique-commandes",
  "/panier",
  "/commande",
  "/center/",
  "/recherche",
];

export async function loader({ context }: Route.LoaderArgs) {
  const base = context.services.env.PUBLIC_URL.replace(/\/$/, "");
  const lines = [
    "User-agent: *",
    ...PRIVATE.flatMap((p) => [`Disallow: ${p}`, `Disallow: /zh${p}`]),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
