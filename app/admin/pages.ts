// Every page of the back office (DESIGN §9), under /admin and /zh/admin, inside the back office's layout
// (admin/layout.tsx): a buyer's page never loads this code. app/routes.ts builds the routes from this list.
export type AdminPage = { id: string; path: string; file: string };

export const ADMIN_PAGES: AdminPage[] = [
  { id: "admin-home", path: "", file: "admin/home.tsx" },
  /** The dashboard's figures as CSV (a download, no component), and the one search box's results (decision 153). */
  { id: "admin-dashboard-export", path: "tableau.csv", file: "admin/dashboard-export.ts" },
  { id: "admin-search", path: "recherche", file: "admin/search.tsx" },
  { id: "admin-login", path: "connexion", file: "admin/login.tsx" },
  { id: "admin-verify", path: "verification", file: "admin/verify.tsx" },
  { id: "admin-enrol", path: "activation", file: "admin/enrol.tsx" },
  { id: "admin-invitation", path: "invitation/:token", file: "admin/invitation.tsx" },
  { id: "admin-logout", path: "deconnexion", file: "admin/logout.tsx" },
  { id: "admin-team", path: "equipe", file: "admin/team.tsx" },
  { id: "admin-audit", path: "journal", file: "admin/audit.tsx" },
  { id: "admin-sessions", path: "sessions", file: "admin/sessions.tsx" },
  { id: "admin-order", path: "commandes/:number", file: "admin/order.tsx" },
  { id: "admin-orders", path: "commandes", file: "admin/orders.tsx" },
  { id: "admin-orders-export", path: "commandes/export", file: "admin/orders-export.ts" },
  /** PDFs, not pages: the order's invoice and a credit note, as the customer gets them. */
  { id: "admin-order-invoice", path: "commandes/:number/facture.pdf", file: "admin/order-invoice.ts" },
  { id: "admin-credit-note-file", path: "avoirs/:file", file: "admin/credit-note-file.ts" },
  /** Invoices on account past their due date (decision 149). */
  { id: "admin-unpaid", path: "clients/impayes", file: "admin/unpaid.tsx" },
  { id: "admin-customer", path: "clients/:clientNumber", file: "admin/customer.tsx" },
  /** Personal data (decision 147): a customer's data as JSON, the newsletter's subscribers as CSV (downloads). */
  { id: "admin-customer-data", path: "clients/:clientNumber/donnees.json", file: "admin/customer-data-file.ts" },
  { id: "admin-newsletter-export", path: "clients/newsletter.csv", file: "admin/newsletter-export.ts" },
  { id: "admin-customers", path: "clients", file: "admin/customers.tsx" },
  { id: "admin-pickup-desk", path: "retraits", file: "admin/pickup-desk.tsx" },
  { id: "admin-preparation-file", path: "preparation/:file", file: "admin/preparation-file.ts" },
  { id: "admin-preparation", path: "preparation", file: "admin/preparation.tsx" },
  /** Long work (core/jobs.ts): its page with a progress bar, and the file it made (a download, no component). */
  { id: "admin-job", path: "travaux/:id", file: "admin/job.tsx" },
  { id: "admin-job-file", path: "travaux/:id/fichier", file: "admin/job-file.ts" },
  { id: "admin-deliveries", path: "livraisons", file: "admin/deliveries.tsx" },
  { id: "admin-delivery-capacities", path: "livraisons/capacites", file: "admin/delivery-capacities.tsx" },
  /** The returns inbox and a request's handling (decision 141). */
  { id: "admin-returns", path: "retours", file: "admin/returns.tsx" },
  { id: "admin-return", path: "retours/:id", file: "admin/return.tsx" },
  /** A PDF, not a page (no component). */
  { id: "admin-round-sheet", path: "livraisons/tournee/:date/:zone", file: "admin/round-sheet.ts" },
  /** Coupons and model promotions (decision 144). */
  { id: "admin-coupons", path: "coupons", file: "admin/coupons.tsx" },
  { id: "admin-promotions", path: "promotions", file: "admin/promotions.tsx" },
  /** Customer groups and their price lists (decision 157). */
  { id: "admin-groups", path: "groupes", file: "admin/groups.tsx" },
  /** The questions inbox (decision 142); a file of a question is a download, not a page. */
  { id: "admin-questions", path: "questions", file: "admin/questions.tsx" },
  { id: "admin-question", path: "questions/:id", file: "admin/question.tsx" },
  { id: "admin-question-file", path: "questions/:id/fichiers/:file", file: "admin/question-file.ts" },
  /** Quotations: the customers' requests and staff's own (decision 148). */
  { id: "admin-quotations", path: "devis", file: "admin/quotations.tsx" },
  { id: "admin-quotation", path: "devis/:id", file: "admin/quotation.tsx" },
  /** The accounting export of a period: its totals, and the CSV file (a download, no component) (decision 146). */
  { id: "admin-accounting", path: "comptabilite", file: "admin/accounting.tsx" },
  { id: "admin-accounting-export", path: "comptabilite/export", file: "admin/accounting-export.ts" },
  /** The catalogue editor: the models' list with its bulk edits, a product and its models (decision 154). */
  { id: "admin-catalogue", path: "catalogue", file: "admin/catalogue.tsx" },
  { id: "admin-catalogue-product", path: "catalogue/produits/:id", file: "admin/catalogue-product.tsx" },
  /** The category tree: names, visibility, move and order, new categories (decision 156). */
  { id: "admin-catalogue-categories", path: "catalogue/categories", file: "admin/catalogue-categories.tsx" },
  /** The catalogue's CSV (decision 152): upload, mapping, dry run and apply of an import; the export (a download). */
  { id: "admin-catalogue-import", path: "catalogue/import", file: "admin/catalogue-import.tsx" },
  { id: "admin-catalogue-import-run", path: "catalogue/import/:id", file: "admin/catalogue-import-run.tsx" },
  { id: "admin-catalogue-export", path: "catalogue/export.csv", file: "admin/catalogue-export.ts" },
  /** The shop's settings, the freight tariff and maintenance (decision 151). */
  { id: "admin-settings", path: "reglages", file: "admin/settings.tsx" },
  /** The shop's public texts (decision 155): content pages and footer links, shops and opening hours. */
  { id: "admin-content", path: "contenu", file: "admin/content.tsx" },
  { id: "admin-content-page", path: "contenu/:id", file: "admin/content-page.tsx" },
  { id: "admin-shops", path: "magasins", file: "admin/shops.tsx" },
];

/** The back office's layout route: `admin` and `zh:admin`. */
export const ADMIN_LAYOUT = { id: "admin", path: "admin", file: "admin/layout.tsx" };
