// Delivery receiving days and the checkout choices (SPEC §5 "Delivery receiving days, delivery
// method, store and address must be chosen"; decision 028).
import { z } from "zod";
import { msg } from "./keys.ts";
import { intField } from "./common.ts";

/** One weekday (1 = Monday … 7 = Sunday) with its morning and afternoon receiving slots. */
export const receivingDaySchema = z.object({
  weekday: intField(msg("receiving_days_required"), { max: 7, digits: false }),
  morning: z.boolean(),
  afternoon: z.boolean(),
});

/** At least one slot on one day; each weekday at most once. */
export const receivingDaysSchema = z
  .array(receivingDaySchema, msg("receiving_days_required"))
  .refine((days) => days.some((d) => d.morning || d.afternoon), msg("receiving_days_required"))
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, msg("receiving_days_required"));

export const PICKUP_METHOD_DELIVERY = 1;
export const PICKUP_METHOD_STORE = 2;

/**
 * Checkout choices: a delivery method; a store for pickup (pickup_method 2), a delivery address
 * otherwise; an invoice address always.
 */
export const checkoutChoiceSchema = z
  .object({
    pickup_method: z.union([z.literal(1), z.literal(2)], msg("delivery_method_required")),
    shop_id: intField(msg("store_required"), { digits: false }).nullish(),
    delivery_addr_id: intField(msg("address_required"), { digits: false }).nullish(),
    invoice_addr_id: intField(msg("invoice_address_required"), { digits: false }),
  })
  .superRefine((v, ctx) => {
    if (v.pickup_method === PICKUP_METHOD_STORE && !v.shop_id) {
      ctx.addIssue({ code: "custom", path: ["shop_id"], message: "validation.store_required" });
    }
    if (v.pickup_method !== PICKUP_METHOD_STORE && !v.delivery_addr_id) {
      ctx.addIssue({ code: "custom", path: ["delivery_addr_id"], message: "validation.address_required" });
    }
  });

export type ReceivingDay = z.infer<typeof receivingDaySchema>;
export type CheckoutChoice = z.infer<typeof checkoutChoiceSchema>;
