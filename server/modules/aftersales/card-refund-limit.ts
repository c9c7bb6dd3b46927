// The owner's card-refund limit for customer service as stored (site_config, decision 141), read on the handle given:
// a refund reads it in its own transaction, not from the read cache, so the refund right after a change follows it
// in every process.
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { siteConfig } from "#server/db/schema/index.ts";
import { CARD_REFUND_LIMIT_SETTING, cardRefundLimitOf } from "#core/aftersales/return-desk.ts";

export async function cardRefundLimitIn(q: Db): Promise<string> {
  const [row] = await q
    .select({ value: sql<unknown>`${siteConfig.value}` })
    .from(siteConfig)
    .where(eq(siteConfig.key, CARD_REFUND_LIMIT_SETTING));
  return cardRefundLimitOf(row?.value);
}
