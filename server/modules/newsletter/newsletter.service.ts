// Newsletter sign-up: one row per address (case-insensitive); signing up again is a friendly no-op.
// Takes the handle to use (`q`: pool or transaction, decision 060).
import type { Db } from "#server/db/client.ts";
import { newsletterSubscriptions } from "#server/db/schema/index.ts";
import type { Lang } from "#core/i18n/messages.ts";

export function createNewsletterService() {
  async function subscribe(q: Db, email: string, lang: Lang): Promise<{ created: boolean }> {
    const inserted = await q
      .insert(newsletterSubscriptions)
      .values({ email: email.trim(), lang })
      .onConflictDoNothing() // the only unique key besides id is lower(email)
      .returning({ id: newsletterSubscriptions.id });
    return { created: inserted.length > 0 };
  }
  return { subscribe };
}
