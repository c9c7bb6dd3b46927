// The fr and zh message catalogues, every namespace, registered with the translator (translate.ts) on import.
// Used by the server (API `info`, page renders through app/entry.server.tsx) and by tests; the browser loads
// only what a page needs (app/lib/messages.ts, decision 089).
import { addMessages, NAMESPACES, translate, type Lang, type Namespace } from "./translate.ts";
import { nameUnit } from "./units.ts";
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
import frMail from "./locales/fr/mail.json";
import zhMail from "./locales/zh/mail.json";
import frAdmin from "./locales/fr/admin.json";
import zhAdmin from "./locales/zh/admin.json";
import frPlanning from "./locales/fr/planning.json";
import zhPlanning from "./locales/zh/planning.json";
import frPromotions from "./locales/fr/promotions.json";
import zhPromotions from "./locales/zh/promotions.json";
import frPricing from "./locales/fr/pricing.json";
import zhPricing from "./locales/zh/pricing.json";

export * from "./translate.ts";

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
    mail: frMail,
    admin: frAdmin,
    planning: frPlanning,
    promotions: frPromotions,
    pricing: frPricing,
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
    mail: zhMail,
    admin: zhAdmin,
    planning: zhPlanning,
    promotions: zhPromotions,
    pricing: zhPricing,
  },
  // Every namespace of translate.ts, and no other.
} as const satisfies Record<"fr" | "zh", Record<Namespace, object>>;

for (const lang of ["fr", "zh"] as const) for (const ns of NAMESPACES) addMessages(lang, ns, resources[lang][ns]);

/** A sales unit's name in a language (core/i18n/units.ts). */
export const unitName = (lang: Lang, unit: string, count = 1): string => nameUnit((key) => translate(lang, key), unit, count);
