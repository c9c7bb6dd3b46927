// The translator without its texts: "ns.key" dictionaries filled per language and namespace. The server
// registers every catalogue at once (messages.ts); the browser loads the page language's namespaces that a
// page needs (app/lib/messages.ts, decision 089), so a catalogue page carries neither the other language
// nor the account pages' texts. Missing zh text falls back to French, then to the key.
import type { Lang } from "../lang.ts";

export { LANGS, isLang, type Lang } from "../lang.ts";

/** Every namespace of the catalogues (one JSON file per language in ./locales). */
export const NAMESPACES = [
  "api",
  "common",
  "validation",
  "orders",
  "catalogue",
  "search",
  "account",
  "cart",
  "checkout",
  "aftersales",
  "area",
  "payment",
  "payment_pages",
  "documents",
  "quotations",
  "questions",
  "mail",
  "admin",
  "planning",
  "promotions",
  "pricing",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Vars = Record<string, string | number>;

const NAMESPACE_SET = new Set<string>(NAMESPACES);
const dictionaries: Record<Lang, Map<string, string>> = { fr: new Map(), zh: new Map() };
const loaded: Record<Lang, Set<string>> = { fr: new Set(), zh: new Set() };

function flatten(node: unknown, prefix: string, out: Map<string, string>) {
  if (typeof node === "string") out.set(prefix, node);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) flatten(v, `${prefix}.${k}`, out);
}

/** Adds one namespace of one language (its JSON tree) to the translator. */
export function addMessages(lang: Lang, ns: Namespace, tree: object): void {
  flatten(tree, ns, dictionaries[lang]);
  loaded[lang].add(ns);
}

export function hasMessages(lang: Lang, ns: Namespace): boolean {
  return loaded[lang].has(ns);
}

/** "ns.key" stays as is; a bare key belongs to `defaultNs` (api on the server, common in components). */
export function qualify(key: string, defaultNs: Namespace): string {
  const dot = key.indexOf(".");
  return dot > 0 && NAMESPACE_SET.has(key.slice(0, dot)) ? key : `${defaultNs}.${key}`;
}

const plurals: Partial<Record<Lang, Intl.PluralRules>> = {};

/** The plural form of `count` in `lang` ("one" for 0 and 1 in French; always "other" in Chinese). */
export function pluralForm(lang: Lang, count: number): Intl.LDMLPluralRule {
  return (plurals[lang] ??= new Intl.PluralRules(lang === "zh" ? "zh-CN" : "fr-FR")).select(count);
}

const lookup = (lang: Lang, k: string) => dictionaries[lang].get(k) ?? dictionaries.fr.get(k);

/**
 * Translates a key, falling back to French, then to the key itself; fills {{name}} and %name% placeholders.
 * A key written in plural forms ("gifted_one", "gifted_other") is chosen by the number `count` of `vars`.
 */
export function translate(lang: Lang, key: string, vars?: Vars, defaultNs: Namespace = "api"): string {
  const k = qualify(key, defaultNs);
  const count = vars?.count;
  const text =
    lookup(lang, k) ??
    (typeof count === "number" ? (lookup(lang, `${k}_${pluralForm(lang, count)}`) ?? lookup(lang, `${k}_other`)) : undefined) ??
    key;
  return vars ? text.replace(/\{\{(\w+)\}\}|%(\w+)%/g, (m, a, b) => String(vars[a ?? b] ?? m)) : text;
}
