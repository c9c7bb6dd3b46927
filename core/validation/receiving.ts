// Delivery receiving days (SPEC §5 "Delivery receiving days, delivery method, store and address must be
// chosen"; decision 028; the method, store and addresses are checkout-form.ts's).
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

export type ReceivingDay = z.infer<typeof receivingDaySchema>;
