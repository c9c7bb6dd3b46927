// Question about an order (SPEC §5 "An order must be selected for contact") and product selections
// ("At least one product must be selected": returns, quick orders).
import { z } from "zod";
import { intField, requiredId, requiredText } from "./common.ts";
import { MAX_LINE_QTY } from "../cart/availability.ts";
import { msg } from "./keys.ts";

export const MESSAGE_MAX_LENGTH = 2000;

export const contactSchema = z.object({
  order_id: requiredId("order_required"),
  content: requiredText("message_required", MESSAGE_MAX_LENGTH, "message_too_long", true),
});

/** Selected lines: at least one, each a model with a positive quantity. */
export const productSelectionSchema = z
  .array(
    z.object({
      model_id: intField(msg("products_required"), { digits: false }),
      num: intField(msg("products_required"), { max: MAX_LINE_QTY, digits: false }),
    }),
    msg("products_required"),
  )
  .min(1, msg("products_required"));

export type ContactInput = z.input<typeof contactSchema>;
export type ProductSelection = z.output<typeof productSelectionSchema>;
