// The quotations behind cart lines (decision 080): read from the database by the cart view and, under a row
// lock, by the order. The quoted price comes from this row only, never from a client.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { quotations } from "#server/db/schema/index.ts";
import { isUsable, shopDay, type QuotedLine } from "#core/quotations.ts";

export type LineQuote = { id: number; number: string; usable: boolean; line: QuotedLine | undefined };
type CartQuotes = Map<number, { id: number; number: string; usable: boolean; lines: Map<number, QuotedLine> }>;

/** The caller's quotations among `ids` (another customer's match nothing); `lock` holds them until commit. */
export async function cartQuotes(q: Db, customerId: number, ids: readonly (number | null)[], lock = false): Promise<CartQuotes> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === "number"))].sort((a, b) => a - b);
  const out: CartQuotes = new Map();
  if (wanted.length === 0) return out;
  const found = q
    .select({
      id: quotations.id,
      number: quotations.number,
      status: quotations.status,
      valid_until: sql<string | null>`${quotations.validUntil}::text`,
      lines: quotations.lines,
    })
    .from(quotations)
    .where(and(eq(quotations.customerId, customerId), inArray(quotations.id, wanted)))
    .orderBy(quotations.id);
  const rows = lock ? await found.for("update") : await found;
  const today = shopDay(new Date());
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      number: r.number,
      usable: isUsable(r.status, r.valid_until, today),
      lines: new Map(r.lines.map((l) => [l.modelId, l])),
    });
  }
  return out;
}

/** The quote of one cart line, or undefined when the line carries none (or another customer's). */
export function lineQuote(quotes: CartQuotes, quotationId: number | null | undefined, modelId: number): LineQuote | undefined {
  if (!quotationId) return undefined;
  const qt = quotes.get(quotationId);
  return qt ? { id: qt.id, number: qt.number, usable: qt.usable, line: qt.lines.get(modelId) } : undefined;
}
