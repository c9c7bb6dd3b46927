// Gap-free yearly document numbers (decision 066). The increment is one upsert on the (kind, year) row:
// its row lock is held until the caller's transaction ends, so concurrent callers queue behind it and a
// rolled-back transaction gives its number back. Call it inside the transaction that writes the document
// (a call on the pool commits at once, and a later failure would leave a gap), and as late as possible in
// it: every other transaction numbering the same kind waits until this one commits.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { statement } from "#server/db/statement.ts";
import { numberSequences } from "#server/db/schema/index.ts";
import { formatDocumentNumber, numberingYear, type NumberKind } from "#core/numbering.ts";

/** The next value of the kind's sequence for the year (1 for the first of a year), locked until commit. */
export async function nextSequenceValue(q: Db, kind: NumberKind, year = numberingYear(new Date())): Promise<number> {
  const [row] = await query<SequenceRow>(q, nextSequenceSql(kind, year));
  return row.last_value;
}

/** The statement of nextSequenceValue, for a caller that sends it with others; its row is a SequenceRow. */
export const nextSequenceSql = (kind: NumberKind, year: number) => nextSequence({ kind, year });
const nextSequence = statement((p: { kind: NumberKind; year: number }, db) =>
  db
    .insert(numberSequences)
    .values({ kind: p.kind, year: p.year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.kind, numberSequences.year],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ lastValue: numberSequences.lastValue }),
);
export type SequenceRow = { last_value: number };

/** The next document number, e.g. nextNumber(tx, "order") → "CE2026-000178". */
export async function nextNumber(q: Db, kind: NumberKind, year = numberingYear(new Date())): Promise<string> {
  return formatDocumentNumber(kind, year, await nextSequenceValue(q, kind, year));
}
