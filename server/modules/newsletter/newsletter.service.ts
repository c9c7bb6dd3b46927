// Newsletter sign-up: one row per address (case-insensitive); signing up again is a friendly no-op.
import type { Db } from "#server/db/client.ts";
import { newsletterSubscriptions } from "#server/db/schema/index.ts";
import type { Lang } from "#app/lib/messages.ts";

export function createNewsletterService(db: Db) {
  async function subscribe(email: string, lang: Lang): Promise<{ created: boolean }> {
    const inserted = await db
      .insert(newsletterSubscriptions)
      .values({ email: email.trim(), lang })
      .onConflictDoNothing() // the only unique key besides id is lower(email)
      .returning({ id: newsletterSubscriptions.id });
    return { created: inserted.length > 0 };
  }
  return { subscribe };
}
