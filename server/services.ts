// Every service, built once over the database; API routes and page loaders share these instances.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createSessionService } from "./modules/accounts/sessions.service.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createPasswordResetService } from "./modules/accounts/password-reset.service.ts";
import { createIdentityService } from "./modules/accounts/identity.service.ts";
import { createAddressesService } from "./modules/accounts/addresses.service.ts";
import { createMailer, type Mailer } from "./mail.ts";
import { createCatalogueService } from "./modules/catalogue/catalogue.service.ts";
import { createProductService } from "./modules/catalogue/product.service.ts";
import { createContentPagesService } from "./modules/catalogue/content-pages.service.ts";
import { createConfigService } from "./modules/content/config.service.ts";
import { createInitService } from "./modules/init/init.service.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import type { ReadCache } from "./read-cache.ts";

export function createServices(database: Database, env: Env, cache: ReadCache, mailer: Mailer = createMailer(env)) {
  const { db } = database;
  const catalogue = createCatalogueService(db, cache);
  const config = createConfigService(db, cache);
  const sessions = createSessionService(db);
  return {
    env,
    cache,
    sessions,
    accounts: createAccountsService(db, sessions),
    passwordReset: createPasswordResetService(db, mailer, env.PUBLIC_URL, sessions.forgetAll),
    identity: createIdentityService(db, sessions.forgetAll),
    addresses: createAddressesService(db),
    catalogue,
    products: createProductService(db, cache, catalogue),
    contentPages: createContentPagesService(db, cache),
    config,
    init: createInitService({ catalogue, config }),
    newsletter: createNewsletterService(db),
    search: createSearchService(db, cache, catalogue),
  };
}

export type Services = ReturnType<typeof createServices>;
