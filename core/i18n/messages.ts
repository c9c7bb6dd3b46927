// The fr and zh message catalogues, one namespace per file, flattened once into "ns.key" dictionaries.
// Shared by the server (API `info`) and the browser (useT). Missing zh text falls back to French.
import type { Lang } from "../lang.ts";
import frApi from "./locales/fr/api.json";
import zhApi from "./locales/zh/api.json";
import frCommon from "./locales/fr/common.json";
import zhCommon from "./locales/zh/common.json";
import frValidation from "./locales/fr/validation.json";
import zhValidation from "./locales/zh/validation.json";
import frOrders from "./locales/fr/orders.json";
import zhOrders from "./locales/zh/orders.json";
import frCatalogue from "./locales/fr/catalogue.json";
import zhCatalogue from "./locales/zh/catalogue.json";
import frSearch from "./locales/fr/search.json";
import zhSearch from "./locales/zh/search.json";
import frAccount from "./locales/fr/account.json";
import zhAccount from "./locales/zh/account.json";
import frCart from "./locales/fr/cart.json";
import zhCart from "./locales/zh/cart.json";
import frCheckout from "./locales/fr/checkout.json";
import zhCheckout from "./locales/zh/checkout.json";
import frAftersales from "./locales/fr/aftersales.json";
import zhAftersales from "./locales/zh/aftersales.json";
import frArea from "./locales/fr/area.json";
import zhArea from "./locales/zh/area.json";
import frPayment from "./locales/fr/payment.json";
import zhPayment from "./locales/zh/payment.json";
import frPaymentPages from "./locales/fr/payment_pages.json";
import zhPaymentPages from "./locales/zh/payment_pages.json";
import frDocuments from "./locales/fr/documents.json";
import zhDocuments from "./locales/zh/documents.json";
import frQuotations from "./locales/fr/quotations.json";
import zhQuotations from "./locales/zh/quotations.json";
import frQuestions from "./locales/fr/questions.json";
import zhQuestions from "./locales/zh/questions.json";

export { DEFAULT_LANG, LANGS, isLang, type Lang } from "../lang.ts";

export const resources = {
  fr: {
    api: frApi,
    common: frCommon,
    validation: frValidation,
    orders: frOrders,
    catalogue: frCatalogue,
    search: frSearch,
    account: frAccount,
    cart: frCart,
    checkout: frCheckout,
    aftersales: frAftersales,
    area: frArea,
    payment: frPayment,
    payment_pages: frPaymentPages,
    documents: frDocuments,
    quotations: frQuotations,
    questions: frQuestions,
  },
  zh: {
    api: zhApi,
    common: zhCommon,
    validation: zhValidation,
    orders: zhOrders,
    catalogue: zhCatalogue,
    search: zhSearch,
    account: zhAccount,
    cart: zhCart,
    checkout: zhCheckout,
    aftersales: zhAftersales,
    area: zhArea,
    payment: zhPayment,
    payment_pages: zhPaymentPages,
    documents: zhDocuments,
    quotations: zhQuotations,
    questions: zhQuestions,
  },
} as const;

export type Namespace = keyof (typeof resources)["fr"];
export type Vars = Record<string, string | number>;

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
