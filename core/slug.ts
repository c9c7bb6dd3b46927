// URL shapes of SPEC §2 (decision 020): slugs, product-detail and list URLs, /zh prefix, list flags.
import type { Lang } from "./lang.ts";

/**
 * Slug rule: lower-case; spaces, ampersands and commas become hyphens; repeated hyphens collapse.
 * Settled (decision 020): accents and any script's letters are kept ("métiers", "纸箱"); apostrophes
 * and every other character that is not a letter, digit, combining mark, "-" or "_" become hyphens;
 * leading and trailing hyphens are trimmed. The text is NFC-normalised first.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_-]+/gu, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

const FALLBACK_PRODUCT = "produit";
const FALLBACK_CATEGORY = "categorie";

/** Prefixes "/zh" for zh; fr paths have no prefix. Never doubles the prefix. */
export function localePath(lang: Lang, path: string): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  const bare = stripLocale(p).path;
  if (lang === "fr") return bare;
  return bare === "/" ? "/zh" : `/zh${bare}`;
}

/**
 * The language of a URL path, with or without its query string or fragment: zh for "/zh" and what lies under
 * it ("/zh/…", "/zh?…", "/zh#…"), fr for anything else ("/zhx", "/zhong/…"). The one rule for pages and server.
 */
export function langOfPath(path: string): Lang {
  return path === "/zh" || path.startsWith("/zh/") || path.startsWith("/zh?") || path.startsWith("/zh#") ? "zh" : "fr";
}

/** Splits a path into its language and the path without the /zh prefix. */
export function stripLocale(path: string): { lang: Lang; path: string } {
  if (langOfPath(path) === "zh") {
    const rest = path.slice(3);
    return { lang: "zh", path: rest === "" ? "/" : rest.startsWith("/") ? rest : `/${rest}` };
  }
  return { lang: "fr", path };
}

/** Product detail: /product/{name-slug}/{id}, under /zh for zh. */
export function productUrl(lang: Lang, p: { id: number; name: string }): string {
  return localePath(lang, `/product/${slugify(p.name) || FALLBACK_PRODUCT}/${p.id}`);
}

/** Product list of a category: /product/{id}-{name-slug}, under /zh for zh. */
export function categoryUrl(lang: Lang, c: { id: number; name: string }): string {
  return localePath(lang, `/product/${c.id}-${slugify(c.name) || FALLBACK_CATEGORY}`);
}

/** Content page: /content/{id}-{name-slug}. */
export function contentUrl(lang: Lang, c: { id: number; name: string }): string {
  return localePath(lang, `/content/${c.id}-${slugify(c.name) || "page"}`);
}

/** The category id of a list route param "{id}-{slug}" (the list page reads it as the category id). */
export function idFromParam(param: string | null | undefined): number | null {
  const m = /^(\d+)(?:-|$)/.exec(param ?? "");
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export type FlagName = "whether_new" | "whether_promo" | "best_selling" | "prix-en-baisse";
type ListFlags = Partial<Record<FlagName, 1>> & { type?: number };

/** The special lists and the flag each sets (SPEC §2). Keys are the route names, lower-cased. */
const SPECIAL_LISTS: Readonly<Record<string, FlagName>> = {
  "nouveaux-produits": "whether_new",
  promotions: "whether_promo",
  "meilleures-ventes": "best_selling",
  "prix-en-baisse": "prix-en-baisse",
};

/** The route path of each special list (with the spec's casing). */
export const SPECIAL_LIST_PATHS: Readonly<Record<FlagName, string>> = {
  whether_new: "/nouveaux-produits",
  whether_promo: "/promotions",
  best_selling: "/meilleures-ventes",
  "prix-en-baisse": "/Prix-en-baisse",
};

/**
 * Query flags of a list: the special lists set their flag and ignore the category; any other list
 * uses `type` = category id. Accepts a route name or path ("Prix-en-baisse", "/zh/promotions").
 */
export function listFlagsFor(routeName: string, categoryId?: number | null): ListFlags {
  const key = stripLocale(routeName.startsWith("/") ? routeName : `/${routeName}`)
    .path.replace(/^\/+|\/+$/g, "")
    .toLowerCase();
  const flag = SPECIAL_LISTS[key];
  if (flag) return { [flag]: 1 } as ListFlags;
  return categoryId !== null && categoryId !== undefined ? { type: categoryId } : {};
}
