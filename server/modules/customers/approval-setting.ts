// The approval setting as stored (site_config, decision 143), read on the handle given: registration reads it in its
// own transaction, not from the read cache, so an account made just after the setting changed follows it.
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { siteConfig } from "#server/db/schema/index.ts";
import { approvalSettingOn, PRO_APPROVAL_SETTING } from "#core/customers/approval.ts";

export async function approvalSettingOf(q: Db): Promise<boolean> {
  const [row] = await q
    .select({ value: sql<unknown>`${siteConfig.value}` })
    .from(siteConfig)
    .where(eq(siteConfig.key, PRO_APPROVAL_SETTING));
  return approvalSettingOn(row?.value);
}
