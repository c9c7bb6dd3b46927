// A bulk action on the order queue (core/orders/bulk.ts): the action chosen and the ticked orders (ids, each once,
// one to BULK_MAX). Messages are "admin.*" keys (ORDER_BULK_KEYS).
import { z } from "zod";
import { intField } from "./common.ts";
import { BULK_ACTIONS, BULK_MAX } from "../orders/bulk.ts";

/** Refusals of a bulk action, each an "admin.*" key with a text in both languages. */
export const ORDER_BULK_KEYS = [
  "bulk_action_invalid",
  "bulk_selection_empty",
  "bulk_selection_too_long",
  "bulk_selection_invalid",
] as const;
type Key = (typeof ORDER_BULK_KEYS)[number];
const amsg = (name: Key) => ({ error: `admin.${name}` });

export const orderBulkSchema = z.object({
  intent: z.enum(BULK_ACTIONS, amsg("bulk_action_invalid")),
  /** One box ticked sends one value, several a list (app/admin/form.ts), none nothing. */
  order: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(intField(amsg("bulk_selection_invalid")), amsg("bulk_selection_invalid"))
      .min(1, amsg("bulk_selection_empty"))
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length <= BULK_MAX, amsg("bulk_selection_too_long")),
  ),
});
export type OrderBulk = z.output<typeof orderBulkSchema>;
