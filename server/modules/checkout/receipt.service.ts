// Delivery receiving times per weekday, morning and afternoon (SPEC §3, §5), one row per customer.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";
import type { ReceiptArrangementInput } from "#core/validation/checkout.ts";

export type ReceiptArrangement = { days: ReceivingDay[]; note: string | null; updated_at: string | null };

const byWeekday = (days: ReceivingDay[]) => [...days].sort((a, b) => a.weekday - b.weekday);

export function createReceiptService() {
  /** The saved times; none saved yet: no day. */
  async function get(q: Db, customerId: number): Promise<ReceiptArrangement> {
    const [row] = await query<{ days: ReceivingDay[]; note: string | null; updated_at: Date | string }>(
      q,
      sql`
      select days, note, updated_at from receipt_arrangements where customer_id = ${customerId}`,
    );
    if (!row) return { days: [], note: null, updated_at: null };
    return { days: byWeekday(row.days), note: row.note, updated_at: new Date(row.updated_at).toISOString() };
  }

  async function set(q: Db, customerId: number, input: ReceiptArrangementInput): Promise<ReceiptArrangement> {
    const days = JSON.stringify(byWeekday(input.days));
    const note = input.note ? input.note : null;
    await query(
      q,
      sql`
      insert into receipt_arrangements (customer_id, days, note, updated_at) values (${customerId}, ${days}::jsonb, ${note}, now())
      on conflict (customer_id) do update set days = excluded.days, note = excluded.note, updated_at = now()`,
    );
    return get(q, customerId);
  }

  return { get, set };
}
