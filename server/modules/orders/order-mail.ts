// What the order e-mails need from the server: the customer they go to, in their language, and the links, built
// from PUBLIC_URL. The texts are composed by core/mail.
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orders } from "#server/db/schema/index.ts";
import { isLang, type Lang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";

/** The shop's public origin, without a trailing slash. */
export const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** The order's page in the account, in the reader's language. */
export const orderUrl = (publicUrl: string, lang: Lang, number: string) =>
  `${origin(publicUrl)}${localePath(lang, "/order-detail")}?id=${encodeURIComponent(number)}`;

/** The customer of an order: where its e-mails go, and the language they are written in by default. */
export async function orderRecipient(q: Db, orderId: number): Promise<{ customer_id: number; email: string; lang: Lang }> {
  const [r] = await q
    .select({ customer_id: orders.customerId, email: customers.email, lang: customers.lang })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!r) throw new Error(`no order ${orderId}`);
  return { ...r, lang: isLang(r.lang) ? r.lang : "fr" };
}
