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
import { createContentPagesService } from "./modules/catalogue/content-pages.service.ts";
import { createConfigService } from "./modules/content/config.service.ts";
import { createInitService } from "./modules/init/init.service.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import { createCartService } from "./modules/cart/cart.service.ts";
import { createCartModels } from "./modules/cart/cart-models.ts";
import { cartFreight } from "./modules/cart/cart-freight.ts";
import { createOrderPlacementService } from "./modules/orders/order-placement.service.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { createQuickOrderService } from "./modules/quick-order/quick-order.service.ts";
import type { ReadCache } from "./read-cache.ts";
import { createFreightService } from "./modules/checkout/freight.service.ts";
import { createCouponsService } from "./modules/checkout/coupons.service.ts";
import { createReceiptService } from "./modules/checkout/receipt.service.ts";
import { createCheckoutService } from "./modules/checkout/checkout.service.ts";
import { createSharedCounter } from "./modules/accounts/shared-counter.ts";
import { createReturnsService } from "./modules/aftersales/returns.service.ts";
import { createDeliveriesService } from "./modules/aftersales/deliveries.service.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createDeliveryWorker, type DeliveryWorkerOptions } from "./modules/aftersales/deliveries.worker.ts";

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
  /** Counters every process shares: API rate limit, recovery codes (issue 14; Redis when REDIS_URL is set). */
  const limits = createSharedCounter(db, env.REDIS_URL);
  const deliveries = createDeliveriesService();
  return {
    /** The pool: the handle for a use case that is not part of a larger one. */
    db,
    env,
    cache,
    sessions,
    limits,
    accounts: createAccountsService(sessions),
    passwordReset: createPasswordResetService(env.PUBLIC_URL, sessions.forgetAll, limits),
    identity: createIdentityService(sessions.forgetAll),
    addresses,
    catalogue,
    products: createProductService(db, cache, catalogue),
    contentPages: createContentPagesService(db, cache),
    config,
    init: createInitService({ catalogue, config }),
    newsletter: createNewsletterService(),
    /** Sends the e-mail outbox; started and stopped with the app (app.ts). */
    outbox: createOutboxWorker(db, mailer, outbox),
    search: createSearchService(db, cache, catalogue),
    /** Freight quotes from the tariff tables (decision 071): `freight.quote(q, …)`. */
    freight,
    coupons,
    receipt,
    checkout: createCheckoutService({ config, freight, coupons, receipt, addresses }),
    cart,
    orderPlacement: createOrderPlacementService(cart),
    orders: createOrdersService(cart),
    returns: createReturnsService(),
    deliveries,
    notifications: createNotificationsService(),
    /** Reschedules deliveries left without a reply (decision 082); started and stopped with the app. */
    deliveryWorker: createDeliveryWorker(db, deliveries, deliveryWorker),
    /** Purchased list, wishlist and ordering by reference (issue 12; decision 081). */
    quickOrder: createQuickOrderService(cartModels),
  };
}

export type Services = ReturnType<typeof createServices>;
