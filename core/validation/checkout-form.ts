// The checkout page's form (SPEC §5 "Delivery receiving days, delivery method, store and address must be
// chosen"; decision 074): what the page checks before it saves the choices or places the order. The API
// checks the same things again on its side (cartParams, createOrder); this schema never carries a price.
import { z } from "zod";
import { msg } from "./keys.ts";
import { acceptedField, intField, text } from "./common.ts";
import { receivingDaysSchema } from "./receiving.ts";

/** Delivery modes of the checkout; 'pickup' is store pickup (pickup_method 2, always free). */
export const CHECKOUT_MODES = ["parcel", "pallet", "carrier", "pickup"] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

export const ORDER_NOTE_MAX = 500;

export const checkoutFormSchema = z
  .object({
    mode: z.enum(CHECKOUT_MODES, msg("delivery_method_required")),
    delivery_addr_id: intField(msg("address_required"), { digits: false }).nullish(),
    invoice_addr_id: intField(msg("invoice_address_required"), { digits: false }),
    shop_id: intField(msg("store_required"), { digits: false }).nullish(),
    rdv: z.boolean().optional().default(false),
    receiving: z.array(z.unknown()).optional().default([]),
    note: text("checkout.note_too_long", { multiline: true })
      .trim()
      .max(ORDER_NOTE_MAX, { error: "checkout.note_too_long" })
      .optional()
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (v.mode === "pickup") {
      if (!v.shop_id) ctx.addIssue({ code: "custom", path: ["shop_id"], message: "validation.store_required" });
      return;
    }
    if (!v.delivery_addr_id) ctx.addIssue({ code: "custom", path: ["delivery_addr_id"], message: "validation.address_required" });
    // Receiving days matter to a delivery only; a pickup is collected in the shop's hours.
    const days = receivingDaysSchema.safeParse(v.receiving);
    if (!days.success) ctx.addIssue({ code: "custom", path: ["receiving"], message: "validation.receiving_days_required" });
  });

/** The terms of sale box at /commande: checked apart, so that its refusal does not hide the form's others. */
export const cgvAcceptanceSchema = z.object({ accept_cgv: acceptedField(msg("cgv_required")) });

/** pickup_method of SPEC §3 for a mode: 2 = store pickup, 1 = delivered. */
export const pickupMethodOf = (mode: CheckoutMode): 1 | 2 => (mode === "pickup" ? 2 : 1);
