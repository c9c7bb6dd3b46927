// The fr and zh message catalogues, one namespace per file, flattened once into "ns.key" dictionaries.
// Shared by the server (API `info`) and the browser (useT). Missing zh text falls back to French.
import type { Lang as CoreLang } from "#core/money.ts";
import frApi from "#app/locales/fr/api.json";
import zhApi from "#app/locales/zh/api.json";
import frCommon from "#app/locales/fr/common.json";
import zhCommon from "#app/locales/zh/common.json";
import frValidation from "#app/locales/fr/validation.json";
import zhValidation from "#app/locales/zh/validation.json";
import frOrders from "#app/locales/fr/orders.json";
import zhOrders from "#app/locales/zh/orders.json";
import frCatalogue from "#app/locales/fr/catalogue.json";
import zhCatalogue from "#app/locales/zh/catalogue.json";
import frSearch from "#app/locales/fr/search.json";
import zhSearch from "#app/locales/zh/search.json";
import frAccount from "#app/locales/fr/account.json";
import zhAccount from "#app/locales/zh/account.json";

export const LANGS = ["fr", "zh"] as const;
export type Lang = (typeof LANGS)[number] & CoreLang;
export const DEFAULT_LANG: Lang = "fr";

export const resources = {
  fr: { api: frApi, common: frCommon, validation: frValidation, orders: frOrders, catalogue: frCatalogue, search: frSearch, account: frAccount },
  zh: { api: zhApi, common: zhCommon, validation: zhValidation, orders: zhOrders, catalogue: zhCatalogue, search: zhSearch, account: zhAccount },
} as const;

export type Namespace = keyof (typeof resources)["fr"];
export type Vars = Record<string, string | number>;

export function isLang(v: unknown): v is Lang {
  return v === "fr" || v === "zh";
}

function flatten(node: unknown, prefix: string, out: Map<string, string>) {
  if (typeof node === "string") out.set(prefix, node);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const dictionaries: Record<Lang, Map<string, string>> = {
  fr: flatten(resources.fr, "", new Map()),
  zh: flatten(resources.zh, "", new Map()),
};
const NAMESPACES = new Set<string>(Object.keys(resources.fr));

/** "ns.key" stays as is; a bare key belongs to `defaultNs` (api on the server, common in components). */
export function qualify(key: string, defaultNs: Namespace): string {
  const dot = key.indexOf(".");
  return dot > 0 && NAMESPACES.has(key.slice(0, dot)) ? key : `${defaultNs}.${key}`;
}

/** Translates a key, falling back to French, then to the key itself; fills {{name}} and %name% placeholders. */
export function translate(lang: Lang, key: string, vars?: Vars, defaultNs: Namespace = "api"): string {
  const k = qualify(key, defaultNs);
  const text = dictionaries[lang].get(k) ?? dictionaries.fr.get(k) ?? key;
  return vars ? text.replace(/\{\{(\w+)\}\}|%(\w+)%/g, (m, a, b) => String(vars[a ?? b] ?? m)) : text;
}
