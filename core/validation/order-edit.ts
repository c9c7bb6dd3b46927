// What staff send to edit an order's lines from the order page (core/orders/edit.ts, decision 140): each line's id
// and new quantity (0 removes it, as a ticked "remove"), a line to add by model reference, the revision of the order
// the form was made from, and for a paid order whose total goes down, how the difference goes back. Sent first without
// `confirm`, it only asks for the preview; with `confirm` it edits. Messages are "orders.*" keys.
import { z } from "zod";
import { MAX_LINE_QTY } from "../cart/availability.ts";
import { EDIT_LINES_MAX, EDIT_REFUNDS } from "../orders/edit.ts";
import { intField, text } from "./common.ts";

const qty = { error: "orders.edit_quantity_invalid" };
const lines = { error: "orders.edit_lines_invalid" };
const reference = { error: "orders.edit_reference_invalid" };

/** One value or a repeated field's list, as a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item, lines).max(EDIT_LINES_MAX, lines));

/** Ticked boxes: absent, one or several. */
const ticked = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(intField(lines), lines));

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const orderEditSchema = z
  .object({
    intent: z.literal("edit"),
    revision: text(lines).min(1, lines).max(20_000, lines),
    line_id: list(intField(lines)),
    line_num: list(intField(qty, { min: 0, max: MAX_LINE_QTY })),
    remove: ticked,
    add_ref: z.preprocess(blank, text(reference).trim().max(40, reference).optional()),
    add_num: z.preprocess(blank, intField(qty, { min: 1, max: MAX_LINE_QTY }).optional()),
    refund: z.preprocess(blank, z.enum(EDIT_REFUNDS, { error: "orders.edit_refund_required" }).optional()),
    confirm: z.literal("yes", { error: "orders.transition_unknown" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.line_id.length !== v.line_num.length) ctx.addIssue({ code: "custom", path: ["line_num"], message: lines.error });
    if (new Set(v.line_id).size !== v.line_id.length) ctx.addIssue({ code: "custom", path: ["line_num"], message: lines.error });
    if (v.add_ref && v.add_num === undefined) ctx.addIssue({ code: "custom", path: ["add_num"], message: qty.error });
    if (!v.add_ref && v.add_num !== undefined) ctx.addIssue({ code: "custom", path: ["add_ref"], message: reference.error });
  });

export type OrderEditForm = z.output<typeof orderEditSchema>;

/** What the edit service takes: each kept line's new quantity by its id (0: removed), and the line to add. */
export type OrderEditInput = {
  revision: string;
  lines: { id: number; num: number }[];
  add: { reference: string; num: number } | null;
  refund: (typeof EDIT_REFUNDS)[number] | null;
};

export function orderEditInput(f: OrderEditForm): OrderEditInput {
  const removed = new Set(f.remove);
  return {
    revision: f.revision,
    lines: f.line_id.map((id, i) => ({ id, num: removed.has(id) ? 0 : f.line_num[i] })),
    add: f.add_ref ? { reference: f.add_ref, num: f.add_num! } : null,
    refund: f.refund ?? null,
  };
}
