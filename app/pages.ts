// Every page of the shop, declared once: French path (no prefix), aliases, and the route module.
// app/routes.ts derives the French and the /zh routes from this list; add a page with one line here.
import type { Namespace } from "#core/i18n/translate.ts";

type Page = {
  id: string; // route name (SPEC §4 page data reload keys on it)
  path: string; // French path without leading slash; "" is home
  file: string; // module under app/
  aliases?: string[]; // other paths of the same page (SPEC §2), e.g. /center/... variants
  /** Message namespaces the page shows beyond the shell's (app/lib/messages.ts START_MESSAGES), decision 089. */
  messages?: Namespace[];
};

export const PAGES: Page[] = [
  { id: "home", path: "", file: "routes/home.tsx" },
  { id: "search", path: "recherche", file: "routes/search.tsx" },
  {
    id: "product-list",
    path: "product/:param",
    file: "routes/product-list.tsx",
    aliases: ["product/productlist", "nouveaux-produits", "promotions", "meilleures-ventes", "Prix-en-baisse"],
  },
  { id: "product-detail", path: "product/:catename/:id", file: "routes/product-detail.tsx", aliases: ["product/product"] },
  { id: "content", path: "content/:param", file: "routes/content.tsx", aliases: ["page/content"] },
  { id: "shops", path: "magasins", file: "routes/shops.tsx" },
  { id: "sitemap", path: "sitemap.xml", file: "routes/sitemap.ts" },
  { id: "robots", path: "robots.txt", file: "routes/robots.ts" },
  { id: "login", path: "connexion", file: "routes/login.tsx", messages: ["account"] },
  { id: "register", path: "reg", file: "routes/register.tsx", messages: ["account"] },
  { id: "forgot-password", path: "recuperation-mot-de-passe", file: "routes/forgot-password.tsx", messages: ["account"] },
  { id: "reset-password", path: "resetpassword", file: "routes/reset-password.tsx", messages: ["account"] },
  /** The newsletter e-mails' unsubscribe link (decision 147): no login. */
  { id: "newsletter-unsubscribe", path: "newsletter/desinscription", file: "routes/newsletter-unsubscribe.tsx" },
  { id: "account", path: "mon-compte", file: "routes/account-home.tsx", aliases: ["center/mon-compte"], messages: ["account", "orders"] },
  { id: "identity", path: "identite", file: "routes/identity.tsx", aliases: ["center/identite"], messages: ["account"] },
  { id: "addresses", path: "adresses", file: "routes/addresses.tsx", aliases: ["center/adresses"], messages: ["account"] },
  {
    id: "order-history",
    path: "historique-commandes",
    file: "routes/order-history.tsx",
    aliases: ["center/historique-commandes"],
    messages: ["orders", "payment_pages"],
  },
  {
    id: "order-detail",
    path: "order-detail",
    file: "routes/order-detail.tsx",
    aliases: ["orderdetail", "center/order-detail"],
    messages: ["orders", "questions", "documents", "payment_pages", "aftersales"],
  },
  {
    id: "order-tracking",
    path: "suivi-commande",
    file: "routes/order-tracking.tsx",
    aliases: ["center/suivi-commande"],
    messages: ["orders", "aftersales"],
  },
  { id: "invoices", path: "factures", file: "routes/invoices.tsx", aliases: ["center/factures"], messages: ["documents"] },
  { id: "credit-notes", path: "avoirs", file: "routes/credit-notes.tsx", aliases: ["center/avoirs"], messages: ["documents"] },
  {
    id: "order-confirmation",
    path: "confirmation-commande",
    file: "routes/order-confirmation.tsx",
    messages: ["orders", "payment_pages", "documents"],
  },
  { id: "cart", path: "panier", file: "routes/cart.tsx", messages: ["quotations", "checkout"] },
  { id: "checkout", path: "commande", file: "routes/checkout.tsx", messages: ["checkout", "account", "documents", "orders"] },
  { id: "order-return", path: "order-retrun", file: "routes/order-return.tsx", aliases: ["center/order-retrun"], messages: ["aftersales"] },
  {
    id: "deliveries",
    path: "livraisons",
    file: "routes/deliveries.tsx",
    aliases: ["center/livraisons"],
    messages: ["aftersales", "checkout"],
  },
  {
    id: "notifications",
    path: "notifications",
    file: "routes/notifications.tsx",
    aliases: ["center/notifications"],
    messages: ["aftersales"],
  },
  {
    id: "quick-order",
    path: "quick-order/:type",
    file: "routes/quick-order.tsx",
    aliases: ["collect", "center/collect"],
    messages: ["area"],
  },
  { id: "reduction", path: "reduction", file: "routes/reduction.tsx", aliases: ["center/reduction"], messages: ["area"] },
  {
    id: "payment",
    path: "paymentcb",
    file: "routes/payment.tsx",
    aliases: ["payment/result/:type"],
    messages: ["payment_pages", "documents", "orders"],
  },
  {
    id: "quotations",
    path: "accountpdfquotations",
    file: "routes/quotations.tsx",
    aliases: ["center/accountpdfquotations"],
    messages: ["quotations"],
  },
  {
    id: "quotation",
    path: "accountpdfquotation",
    file: "routes/quotation.tsx",
    aliases: ["center/accountpdfquotation"],
    messages: ["quotations", "orders"],
  },
  { id: "questions", path: "une-question", file: "routes/questions.tsx", aliases: ["center/une-question"], messages: ["questions"] },
  { id: "not-found", path: "*", file: "routes/not-found.tsx" },
];
