// An order's papers as the back office's order page lists them (admin/order-documents.tsx): its invoice once issued,
// and the credit notes issued on it (oldest first). Amounts are decimal texts, dates ISO texts.

export type CreditNoteKind = "return" | "cancellation" | "other";

export type OrderPapers = {
  invoice: { number: string; issued_at: string; amount_ht: string; amount_ttc: string } | null;
  credit_notes: {
    number: string;
    issued_at: string;
    amount_ttc: string;
    remaining_ttc: string;
    kind: CreditNoteKind;
    /** The shop's text, or the translated reason of a return's or a cancellation's note. */
    reason: string | null;
  }[];
};
