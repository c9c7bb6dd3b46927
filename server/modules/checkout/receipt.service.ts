// Delivery receiving times per weekday, morning and afternoon (SPEC §3, §5), one row per customer.
import { eq, sql } from "drizzle-orm";
import type { Context } from "#server/context.ts";
import { receiptArrangements } from "#server/db/schema/index.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";
import type { ReceiptArrangementInput } from "#core/validation/checkout.ts";
import type { ReceiptArrangementAnswer } from "#core/contracts/checkout.ts";

const byWeekday = (days: ReceivingDay[]) => [...days].sort((a, b) => a.weekday - b.weekday);

export function createReceiptService() {
  /** The saved times; none saved yet: no day. */
  async function get(ctx: Context): Promise<ReceiptArrangementAnswer> {
    const [row] = await ctx.db.select().from(receiptArrangements).where(eq(receiptArrangements.customerId, ctx.customer.id));
    if (!row) return { days: [], note: null, updated_at: null };
    return { days: byWeekday(row.days), note: row.note, updated_at: row.updatedAt.toISOString() };
  }

  async function set(ctx: Context, input: ReceiptArrangementInput): Promise<ReceiptArrangementAnswer> {
    const row = { days: byWeekday(input.days), note: input.note ? input.note : null, updatedAt: sql`now()` };
    await ctx.db
      .insert(receiptArrangements)
      .values({ customerId: ctx.customer.id, ...row })
      .onConflictDoUpdate({ target: receiptArrangements.customerId, set: row });
    return get(ctx);
  }

  return { get, set };
}
