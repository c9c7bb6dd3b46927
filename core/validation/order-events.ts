// What staff send to move an order along its life (core/orders/life.ts) from the order page: the event chosen by
// `intent` and its details. Messages are "orders.*" keys (the machine's own refusals where the rule is its).
import { z } from "zod";
import { intField, text } from "./common.ts";
import {
  CANCEL_REASON_MAX,
  CANCEL_REFUNDS,
  CARRIER_MAX,
  PACKING_MAX,
  PICKED_UP_BY_MAX,
  TRACKING_MAX,
  type StaffOrderEvent,
} from "../orders/life.ts";

const packing = { error: "orders.packing_invalid" };
const tracking = { error: "orders.tracking_required" };
const pickedUpBy = { error: "orders.picked_up_by_required" };
/** The name of who collects a store pickup (the order page and the pickup desk). */
export const pickedUpByField = text(pickedUpBy).trim().min(1, pickedUpBy).max(PICKED_UP_BY_MAX, pickedUpBy);

/** A weight as typed in French or English ("212,4" or "212.4"), in kg, above 0. */
const weight = text(packing)
  .trim()
  .regex(/^\d{1,5}([.,]\d{1,2})?$/, packing)
  .transform((v) => Number(v.replace(",", ".")))
  .refine((kg) => kg > 0 && kg <= PACKING_MAX.weight_kg, packing);

export const orderEventSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start_preparation") }),
    z.object({
      intent: z.literal("mark_ready"),
      parcels: intField(packing, { min: 0, max: PACKING_MAX.parcels }),
      pallets: intField(packing, { min: 0, max: PACKING_MAX.pallets }),
      weight_kg: weight,
    }),
    z.object({
      intent: z.literal("ship"),
      carrier: text(tracking).trim().min(1, tracking).max(CARRIER_MAX, tracking),
      tracking: text(tracking).trim().min(1, tracking).max(TRACKING_MAX, tracking),
    }),
    z.object({ intent: z.literal("deliver") }),
    z.object({
      intent: z.literal("hand_over"),
      picked_up_by: pickedUpByField,
    }),
  ],
  { error: "orders.transition_unknown" },
);

/** The order life's event of a parsed form. */
export function orderEventOf(input: z.output<typeof orderEventSchema>): StaffOrderEvent {
  switch (input.intent) {
    case "start_preparation":
    case "deliver":
      return { type: input.intent };
    case "mark_ready":
      return { type: "mark_ready", parcels: input.parcels, pallets: input.pallets, weight_kg: input.weight_kg };
    case "ship":
      return { type: "ship", carrier: input.carrier, tracking: input.tracking };
    case "hand_over":
      return { type: "hand_over", picked_up_by: input.picked_up_by };
  }
}

const reason = { error: "orders.cancel_reason_required" };

/**
 * A cancellation sent from the order page: the refund's way and the reason (for the timeline). Sent first without
 * `confirm`, it only asks for the confirmation step; with `confirm` it cancels.
 */
export const orderCancelSchema = z.object({
  intent: z.literal("cancel"),
  refund: z.enum(CANCEL_REFUNDS, { error: "orders.cancel_refund_required" }),
  reason: text(reason).trim().min(1, reason).max(CANCEL_REASON_MAX, reason),
  confirm: z.literal("yes", { error: "orders.transition_unknown" }).optional(),
});
