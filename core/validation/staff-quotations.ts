// What staff send from the quotations list and a quotation's page (decision 148). Messages are "quotations.*" keys.
import { z } from "zod";
import { MAX_LINE_QTY } from "../cart/availability.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";
import { DESK_STATES, QUOTATION_LINES_MAX, STAFF_NOTE_MAX, UNIT_PRICE_RE } from "../quotations-desk.ts";
import { intField, text } from "./common.ts";

const qmsg = (name: string) => ({ error: `quotations.${name}` });
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The list's address: a state (none: every quotation, the customers' requests first), a search, the page. */
export const staffQuotationQuerySchema = z.object({
  state: optional(z.enum(DESK_STATES, qmsg("desk_state_invalid"))),
  q: optional(text(qmsg("desk_search_invalid")).trim().max(60, qmsg("desk_search_invalid"))),
  page: optional(intField(qmsg("desk_page_invalid"), { max: 100_000 })).transform((p) => p ?? 1),
});
export type StaffQuotationQuery = z.output<typeof staffQuotationQuerySchema>;

const clientNumber = qmsg("desk_client_invalid");
/** A new quotation for the customer of a client number. */
export const quotationCreateSchema = z.object({
  intent: z.literal("create"),
  client_number: text(clientNumber)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{3,20}$/, clientNumber),
});

const lines = qmsg("desk_lines_invalid");
const qty = qmsg("desk_quantity_invalid");
const price = qmsg("desk_price_invalid");
const reference = qmsg("desk_reference_invalid");
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(item, lines).max(QUOTATION_LINES_MAX, lines),
  );
/** A unit price HT typed by staff, "12.5" or "12,5", at most 4 decimals (numeric(12,4)), as a plain decimal text. */
const unitPrice = text(price)
  .trim()
  .transform((v) => v.replace(",", "."))
  .refine((v) => UNIT_PRICE_RE.test(v), price);

/**
 * The quotation's edit: each line's model, quantity and unit price HT (a ticked "remove" or quantity 0 takes it out),
 * a model to add by reference, the last day it may be used, the internal note. `edited` is the version the form was
 * made from: a quotation changed since by someone else is refused, not overwritten.
 */
export const quotationEditSchema = z
  .object({
    intent: z.literal("save"),
    edited: text(lines).trim().max(40, lines),
    line_model: list(intField(lines)),
    line_num: list(intField(qty, { min: 0, max: MAX_LINE_QTY })),
    line_price: list(unitPrice),
    remove: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(intField(lines), lines)),
    add_ref: optional(text(reference).trim().max(40, reference)),
    add_num: optional(intField(qty, { min: 1, max: MAX_LINE_QTY })),
    valid_until: text(qmsg("desk_validity_invalid"))
      .trim()
      .refine((d) => isIsoDate(d), qmsg("desk_validity_invalid")),
    note: text(qmsg("desk_note_too_long"), { multiline: true }).trim().max(STAFF_NOTE_MAX, qmsg("desk_note_too_long")).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.line_model.length !== v.line_num.length || v.line_model.length !== v.line_price.length)
      ctx.addIssue({ code: "custom", path: ["line_num"], message: lines.error });
    if (new Set(v.line_model).size !== v.line_model.length) ctx.addIssue({ code: "custom", path: ["line_num"], message: lines.error });
    if (v.add_ref && v.add_num === undefined) ctx.addIssue({ code: "custom", path: ["add_num"], message: qty.error });
    if (!v.add_ref && v.add_num !== undefined) ctx.addIssue({ code: "custom", path: ["add_ref"], message: reference.error });
  });

/** What the edit service takes: every kept line's model, quantity and price; the model to add. */
export type QuotationEditInput = {
  edited: string;
  lines: { modelId: number; num: number; price: string }[];
  add: { reference: string; num: number } | null;
  validUntil: string;
  note: string;
};

export function quotationEditInput(f: z.output<typeof quotationEditSchema>): QuotationEditInput {
  const removed = new Set(f.remove);
  return {
    edited: f.edited,
    lines: f.line_model
      .map((modelId, i) => ({ modelId, num: f.line_num[i], price: f.line_price[i] }))
      .filter((l) => l.num > 0 && !removed.has(l.modelId)),
    add: f.add_ref ? { reference: f.add_ref, num: f.add_num! } : null,
    validUntil: f.valid_until,
    note: f.note,
  };
}

/** Sending by e-mail, cancelling: the intent, and the version the page showed. */
export const quotationActSchema = z.object({
  intent: z.enum(["send", "cancel"], qmsg("desk_intent_invalid")),
  edited: text(lines).trim().max(40, lines),
});
