// The fr and zh message catalogues, one namespace per file; shared by the server (API `info`) and the browser.
import type { Lang as CoreLang } from "#core/money.ts";
import frApi from "#app/locales/fr/api.json";
import zhApi from "#app/locales/zh/api.json";
import frCommon from "#app/locales/fr/common.json";
import zhCommon from "#app/locales/zh/common.json";
import frValidation from "#app/locales/fr/validation.json";
import zhValidation from "#app/locales/zh/validation.json";
import frOrders from "#app/locales/fr/orders.json";
import zhOrders from "#app/locales/zh/orders.json";

export const LANGS = ["fr", "zh"] as const;
export type Lang = (typeof LANGS)[number] & CoreLang;
export const DEFAULT_LANG: Lang = "fr";

export const resources = {
  fr: { api: frApi, common: frCommon, validation: frValidation, orders: frOrders },
  zh: { api: zhApi, common: zhCommon, validation: zhValidation, orders: zhOrders },
} as const;

export function isLang(v: unknown): v is Lang {
  return v === "fr" || v === "zh";
}

type Vars = Record<string, string | number>;

/** Translates "ns.key" (or a bare key of `api`), falling back to French, then to the key itself. */
export function translate(lang: Lang, key: string, vars?: Vars): string {
  const dot = key.indexOf(".");
  const [ns, k] = dot > 0 && key.slice(0, dot) in resources.fr ? [key.slice(0, dot), key.slice(dot + 1)] : ["api", key];
  const pick = (l: Lang) => {
    let node: unknown = (resources[l] as Record<string, unknown>)[ns];
    for (const part of k.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const text = pick(lang) ?? pick(DEFAULT_LANG) ?? key;
  return vars ? text.replace(/\{\{(\w+)\}\}|%(\w+)%/g, (m, a, b) => String(vars[a ?? b] ?? m)) : text;
}
