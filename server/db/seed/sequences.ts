// The demo documents carry numbers of the yearly sequences (decision 066): the sequence rows start at the
// highest demo value of each kind and year, so the next order, invoice, credit note or quotation never
// takes a demo number.
import type * as s from "#server/db/schema/index.ts";
import { parseDocumentNumber } from "#core/numbering.ts";

export function sequenceRows(numbers: string[]): (typeof s.numberSequences.$inferInsert)[] {
  const last = new Map<string, typeof s.numberSequences.$inferInsert>();
  for (const n of numbers) {
    const p = parseDocumentNumber(n);
    if (!p) throw new Error(`demo document number out of format: ${n}`);
    const k = `${p.kind}:${p.year}`;
    const row = last.get(k);
    if (!row || row.lastValue! < p.value) last.set(k, { kind: p.kind, year: p.year, lastValue: p.value });
  }
  return [...last.values()];
}
