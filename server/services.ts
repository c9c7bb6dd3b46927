// Every service, built once over the database; API routes and page loaders share these instances.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createSessionService } from "./modules/accounts/sessions.service.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createPasswordResetService } from "./modules/accounts/password-reset.service.ts";
import { createIdentityService } from "./modules/accounts/identity.service.ts";
import { createAddressesService } from "./modules/accounts/addresses.service.ts";
import { createMailer, type Mailer } from "./mail.ts";
import { createOutboxWorker, type OutboxWorkerOptions } from "./modules/outbox/outbox.worker.ts";
import { createCatalogueService } from "./modules/catalogue/catalogue.service.ts";
import { createProductService } from "./modules/catalogue/product.service.ts";
import { createStaffCatalogue } from "./modules/catalogue/staff-catalogue.service.ts";
import { createContentPagesService } from "./modules/catalogue/content-pages.service.ts";
import { createConfigService } from "./modules/content/config.service.ts";
import { createStaffSettings } from "./modules/settings/staff-settings.service.ts";
import { createStaffContent } from "./modules/content/staff-content.service.ts";
import { createInitService } from "./modules/init/init.service.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import { createCartService } from "./modules/cart/cart.service.ts";
import { createCartModels } from "./modules/cart/cart-models.ts";
import { cartFreight } from "./modules/cart/cart-freight.ts";
import { createOrderPlacementService } from "./modules/orders/order-placement.service.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { createQuickOrderService } from "./modules/quick-order/quick-order.service.ts";
import { createQuotationsService } from "./modules/quotations/quotations.service.ts";
import { createStaffQuotations } from "./modules/quotations/staff-quotations.service.ts";
import type { ReadCache } from "./read-cache.ts";
import { createFreightService } from "./modules/checkout/freight.service.ts";
import { createCouponsService } from "./modules/checkout/coupons.service.ts";
import { createReceiptService } from "./modules/checkout/receipt.service.ts";
import { createCheckoutService } from "./modules/checkout/checkout.service.ts";
import { createSharedCounter } from "./infra/shared-counter.ts";
import { createPaymentProvider } from "./modules/payments/payment-provider.ts";
import { createPaymentsService } from "./modules/payments/payments.service.ts";
import { createPaymentsWorker } from "./modules/payments/payments.worker.ts";
import { createDocumentsService } from "./modules/documents/documents.service.ts";
import { createPreparation } from "./modules/preparation/preparation.service.ts";
import { preparationJob } from "./modules/preparation/preparation-job.ts";
import { createJobs, type JobSpecs } from "./modules/jobs/jobs.service.ts";
import { createJobWorker } from "./modules/jobs/jobs.worker.ts";
import { createReturnsService } from "./modules/aftersales/returns.service.ts";
import { createReturnDesk } from "./modules/aftersales/return-desk.service.ts";
import { createDeliveriesService } from "./modules/aftersales/deliveries.service.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createDeliveryWorker, type DeliveryWorkerOptions } from "./modules/aftersales/deliveries.worker.ts";
import { join } from "node:path";
import { createQuestionsService } from "./modules/questions/questions.service.ts";
import { diskStorage } from "./modules/questions/attachment-storage.ts";
import { productImageStore } from "./modules/catalogue/product-images.ts";
import { documentAttachments } from "./modules/documents/mail-attachments.ts";
import { createStaffAuth } from "./modules/staff/staff-auth.service.ts";
import { totpKey } from "./modules/staff/totp-secret.ts";
import { createOrderLife } from "./modules/orders/order-life.service.ts";
import { createOrderEdit } from "./modules/orders/order-edit.service.ts";
import { createStaffTeam } from "./modules/staff/staff-team.service.ts";
import { createAuditLog } from "./modules/staff/audit-log.service.ts";
import { createStaffOrders } from "./modules/orders/staff-orders.service.ts";
import { createStaffCustomers } from "./modules/customers/staff-customers.service.ts";
import { createDashboard } from "./modules/dashboard/dashboard.service.ts";
import { createStaffSearch } from "./modules/dashboard/staff-search.service.ts";
import { createCustomerPrivacy } from "./modules/customers/customer-privacy.service.ts";
import { createOnAccount } from "./modules/customers/on-account.service.ts";
import { createCustomerApproval } from "./modules/customers/customer-approval.service.ts";
import { createOrderNotes } from "./modules/orders/order-notes.service.ts";
import { createStaffQuestions } from "./modules/questions/staff-questions.service.ts";
import { tellAnswered } from "./modules/questions/answer-mail.ts";
import { createOrderBulk } from "./modules/orders/order-bulk.service.ts";
import { createAccounting } from "./modules/accounting/accounting.service.ts";
import { createPickupDesk } from "./modules/orders/pickup-desk.service.ts";
import { createPlanning } from "./modules/planning/planning.service.ts";
import { createStaffPriceGroups } from "#server/modules/pricing/staff-price-groups.service.ts";
import { createStaffPromotions } from "./modules/promotions/staff-promotions.service.ts";
import { catalogueImportJob, createCatalogueImport } from "./modules/catalogue/catalogue-import.service.ts";

// Account services take the handle to use (`db` below, or a transaction) as their first argument
// (decision 060); catalogue read services keep the pool for their cached read model: a use case that must
// read inside its transaction queries through its own handle.
export function createServices(
  database: Database,
  env: Env,
  cache: ReadCache,
  mailer: Mailer = createMailer(env),
  outbox: OutboxWorkerOptions = {},
  deliveryWorker: DeliveryWorkerOptions = {},
) {
  const { db } = database;
  const catalogue = createCatalogueService(db, cache);
  const config = createConfigService(db, cache);
  const sessions = createSessionService();
  const addresses = createAddressesService();
  const freight = createFreightService(cache);
  const coupons = createCouponsService();
  const receipt = createReceiptService();
  const cartModels = createCartModels(db, cache);
  const cart = createCartService(config, cartModels, cartFreight(freight));
  // A catalogue, config or tariff change, or any stock change, may change every cart answer (decision 091).
  cache.onClear(() => cart.forgetAnswers(null));
  cache.onStock(() => cart.forgetAnswers(null));
  /** Counters every process shares: API rate limit, recovery codes (Redis when REDIS_URL is set). */
  const limits = createSharedCounter(db, env.REDIS_URL);
  /** Card payment (decision 077): the configured provider, the sandbox's own side when it is the one. */
  const { provider, sandbox } = createPaymentProvider(db, env, outbox.log);
  const payments = createPaymentsService({ provider, publicUrl: env.PUBLIC_URL, log: outbox.log });
  const deliveries = createDeliveriesService();
  const orderLife = createOrderLife({ publicUrl: env.PUBLIC_URL, tariff: freight.tariff });
  const documents = createDocumentsService();
  const preparation = createPreparation({ orderLife, config });
  /** What each kind of back-office job does (core/jobs.ts). */
  const catalogueImport = createCatalogueImport();
  const jobSpecs: JobSpecs = {
    preparation_pdf: preparationJob(db, preparation),
    catalogue_import: catalogueImportJob(db, catalogueImport),
  };
  const attachmentStorage = diskStorage(join(env.DATA_DIR, "attachments"));
  const productImages = productImageStore(join(env.DATA_DIR, "media", "produits"));
  const questions = createQuestionsService({ storage: attachmentStorage, limits });
  const quotations = createQuotationsService(cart);
  // An answer from the shop becomes a notice and an e-mail in the same transaction.
  questions.onAnswered((q, e) => tellAnswered(q, e, env.PUBLIC_URL));
  return {
    /** The pool: the handle for a use case that is not part of a larger one. */
    db,
    env,
    cache,
    sessions,
    limits,
    accounts: createAccountsService(sessions, env.PUBLIC_URL),
    passwordReset: createPasswordResetService(env.PUBLIC_URL, sessions.forgetAll, limits),
    identity: createIdentityService(sessions.forgetAll),
    addresses,
    catalogue,
    products: createProductService(db, cache, catalogue),
    contentPages: createContentPagesService(db, cache),
    config,
    init: createInitService({ catalogue, config }),
    newsletter: createNewsletterService({ linkSecret: env.LINK_SECRET, publicUrl: env.PUBLIC_URL }),
    /** Sends the e-mail outbox; started and stopped with the app (app.ts). */
    outbox: createOutboxWorker(db, mailer, { attach: documentAttachments(db, documents, quotations.pdf), ...outbox }),
    search: createSearchService(db, cache, catalogue),
    /** Freight quotes from the tariff tables (decision 071): `freight.quote(q, …)`. */
    freight,
    coupons,
    receipt,
    checkout: createCheckoutService({ config, freight, coupons, receipt, addresses }),
    cart,
    orderPlacement: createOrderPlacementService(cart, { publicUrl: env.PUBLIC_URL, shops: config.shops }),
    /** The back office's staff: login with the second factor, sessions (DESIGN §9). */
    staffAuth: createStaffAuth({
      totpKey: totpKey(env.STAFF_TOTP_KEY),
      previousTotpKey: env.STAFF_TOTP_KEY_PREVIOUS ? totpKey(env.STAFF_TOTP_KEY_PREVIOUS) : null,
    }),
    /** Staff move orders along their life (core/orders/life.ts): planning, preparation, shipping, delivery, pickup. */
    orderLife,
    /** Staff edit an order's lines before its preparation (decision 140): totals, stock, refund or balance due. */
    orderEdit: createOrderEdit({ cart, publicUrl: env.PUBLIC_URL, tariff: freight.tariff }),
    /** Staff's internal notes on an order: never shown to the customer. */
    orderNotes: createOrderNotes(),
    /** The back office's questions inbox: list, answer with files, assignment, internal notes. */
    staffQuestions: createStaffQuestions(questions),
    /** The order queue's bulk actions: an order life event per chosen order, or the selection as CSV. */
    orderBulk: createOrderBulk(orderLife),
    /** The store counter: each shop's pickups ready, handed over today, still being prepared. */
    pickupDesk: createPickupDesk(orderLife),
    /** The warehouse's preparation: orders to prepare, picking lists and delivery slips, starting preparations. */
    preparation,
    /** Long work of the back office, asked for by staff and followed on its page (core/jobs.ts). */
    jobs: createJobs(jobSpecs),
    /** Runs the jobs, one at a time in this process; started and stopped with the app. */
    jobWorker: createJobWorker(db, jobSpecs, { log: outbox.log }),
    /** The delivery board, the capacities of the rounds and their sheets (decision 138); planning is orderLife's. */
    planning: createPlanning({ tariff: freight.tariff, orderLife }),
    /** Coupons and model promotions in the back office: lists with their figures, audited writes (decision 144). */
    staffPromotions: createStaffPromotions(),
    staffPriceGroups: createStaffPriceGroups(),
    /** The shop's settings, the freight tariff, the unpaid-order delay and maintenance, changed by the owner (decision 151). */
    staffSettings: createStaffSettings({ defaultExpiryMinutes: env.UNPAID_ORDER_EXPIRY_MINUTES }),
    staffContent: createStaffContent(),
    /** The owner's team management: invitations, roles, disabling, second factor resets. */
    staffTeam: createStaffTeam({ publicUrl: env.PUBLIC_URL }),
    /** The audit log, read by the back office (written only by staffWrite). */
    auditLog: createAuditLog(),
    /** The back office's order queue: filtered, sorted and paged in SQL; it reads only. */
    staffOrders: createStaffOrders(),
    /** The back office's customers: the list and one customer's page; it reads only. */
    staffCustomers: createStaffCustomers({ sessions }),
    /** The back office's dashboard: figures of the parts a staff member's roles open (decision 153); it reads only. */
    dashboard: createDashboard(),
    /** The back office's one search box: orders, customers, models (decision 153); it reads only. */
    staffSearch: createStaffSearch(),
    /** Staff's decisions on professional accounts, the approval setting, ending a customer's session (decision 143). */
    customerApproval: createCustomerApproval({ publicUrl: env.PUBLIC_URL, sessions }),
    /** A customer's data exported or erased on request (decision 147). */
    customerPrivacy: createCustomerPrivacy({ sessions, storage: attachmentStorage }),
    /** Payment on account (decision 149): customers' terms, transfers received, invoices past due. */
    onAccount: createOnAccount(),
    orders: createOrdersService(cart),
    returns: createReturnsService({ publicUrl: env.PUBLIC_URL }),
    /** The back office's returns: inbox, accept, refuse, receive, refund; credit notes by hand on an order (decision 141). */
    returnDesk: createReturnDesk({ publicUrl: env.PUBLIC_URL }),
    deliveries,
    notifications: createNotificationsService(),
    /** Reschedules deliveries left without a reply (decision 082); started and stopped with the app. */
    deliveryWorker: createDeliveryWorker(db, deliveries, deliveryWorker),
    /** Purchased list, wishlist and ordering by reference (decision 081). */
    quickOrder: createQuickOrderService(cartModels),
    payments,
    /** The sandbox provider's page and notifications; null when another provider is configured. */
    sandbox,
    /** Expiry of unpaid orders, sandbox redeliveries, refunds; started with the app outside tests (app.ts). */
    paymentsWorker: createPaymentsWorker(db, payments, sandbox, {
      // the owner's delay when set (decision 151), read at each pass: a change reaches the worker of every process
      expiryMinutes: async () => (await config.settings()).unpaidOrderExpiryMinutes ?? env.UNPAID_ORDER_EXPIRY_MINUTES,
      log: outbox.log,
    }),
    /** Invoices and credit notes: lists and PDFs (decision 079). */
    documents,
    quotations,
    /** Quotations in the back office: requests, staff's quotations for a customer, sending, cancelling (decision 148). */
    staffQuotations: createStaffQuotations({ cart, publicUrl: env.PUBLIC_URL }),
    /** Questions and their attachments (decision 083); files under DATA_DIR/attachments. */
    questions,
    /** The catalogue's CSV: upload, column mapping, dry run, apply as a job, export (decision 152). */
    catalogueImport,
    /** The catalogue editor: the models' list, a product and its models, bulk edits previewed then applied (decision 154). */
    staffCatalogue: createStaffCatalogue({ images: productImages }),
    /** Products' uploaded images, as the storefront serves them (decision 156); files under DATA_DIR/media/produits. */
    productImages,
    /** The accounting export of a period: journal entries for the accountant's software (decision 146). */
    accounting: createAccounting(),
  };
}

export type Services = ReturnType<typeof createServices>;
