// Every service, built once over the database; API routes and page loaders share these instances.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createSessionService } from "./modules/accounts/sessions.service.ts";
import { createCatalogueService } from "./modules/catalogue/catalogue.service.ts";
import { createConfigService } from "./modules/content/config.service.ts";
import { createInitService } from "./modules/init/init.service.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import type { ReadCache } from "./read-cache.ts";

export function createServices(database: Database, env: Env, cache: ReadCache) {
  const { db } = database;
  const catalogue = createCatalogueService(db, cache);
  const config = createConfigService(db, cache);
  return {
    env,
    cache,
    sessions: createSessionService(db),
    catalogue,
    config,
    init: createInitService({ catalogue, config }),
    newsletter: createNewsletterService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
