// Newsletter sign-up: one row per address (case-insensitive); signing up again is a friendly no-op. Unsubscribing
// by the signed link of every newsletter e-mail (unsubscribe-link.ts). Takes the handle to use (`q`: pool or
// transaction, decision 060).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { newsletterSubscriptions } from "#server/db/schema/index.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { isLang } from "#core/lang.ts";
import { refused } from "#core/domain-errors.ts";
import { tokenMatches, unsubscribeUrl } from "./unsubscribe-link.ts";

export function createNewsletterService(deps: { linkSecret: string; publicUrl: string }) {
  async function subscribe(q: Db, email: string, lang: Lang): Promise<{ created: boolean }> {
    const inserted = await q
      .insert(newsletterSubscriptions)
      .values({ email: email.trim(), lang })
      .onConflictDoNothing() // the only unique key besides id is lower(email)
      .returning({ id: newsletterSubscriptions.id });
    return { created: inserted.length > 0 };
  }

  /**
   * Ends the subscription of a link's id and token. A forged token is refused; an id no longer subscribed (the link
   * used before) is the same success, with nothing to do: the subscriber is out either way.
   */
  async function unsubscribe(q: Db, id: number, token: string): Promise<{ removed: boolean }> {
    const [sub] = await q.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
    if (!sub) return { removed: false };
    if (!tokenMatches(deps.linkSecret, sub.id, sub.email, token)) throw refused("common.unsubscribe.invalid");
    const gone = await q
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .returning({ id: newsletterSubscriptions.id });
    return { removed: gone.length > 0 };
  }

  /** The unsubscribe link a newsletter e-mail to this subscriber carries. */
  const linkOf = (sub: { id: number; email: string; lang: string }) =>
    unsubscribeUrl(deps.publicUrl, deps.linkSecret, { ...sub, lang: isLang(sub.lang) ? sub.lang : "fr" });

  return { subscribe, unsubscribe, linkOf };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
