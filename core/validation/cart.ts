// Cart and order-placement requests (SPEC §5, §7; decision 070). Messages are "api.*" keys. Unknown fields
// (a `price` sent by a client, for instance) are stripped: prices only ever come from the catalogue.
import { z } from "zod";
import { MAX_LINE_QTY } from "../cart/availability.ts";
import { INT4_MIN, acceptedField, intField, text } from "./common.ts";
import { msg } from "./keys.ts";

/** Most entries one request may carry (an add, an anonymous cart, a merge). */
const MAX_CART_ENTRIES = 1_000;

const qtyError = "api.cart_quantity_invalid";
const idError = "api.cart_items_unavailable";

/** A quantity of an add: ≤ 0 is allowed here (the line is dropped, SPEC §5), above MAX_LINE_QTY is not. */
const addQtySchema = intField(qtyError, { min: INT4_MIN, max: MAX_LINE_QTY });
/** A change of quantity (a delta when editing): at most MAX_LINE_QTY either way. */
const deltaQtySchema = intField(qtyError, { min: -MAX_LINE_QTY, max: MAX_LINE_QTY });
const modelIdSchema = intField(idError);

export const cartEntrySchema = z.object({ model_id: modelIdSchema, num: addQtySchema });
export type CartEntry = z.output<typeof cartEntrySchema>;

/** POST /site/Customer/addShoppingCart. */
export const addCartSchema = z.object({
  arr: z
    .array(cartEntrySchema, { error: "api.cart_add_empty" })
    .min(1, { error: "api.cart_add_empty" })
    .max(MAX_CART_ENTRIES, { error: "api.cart_too_many_entries" }),
});

/** POST /site/Customer/editShoppingCart: type 1 sets the quantity, any other type adds a delta. */
export const editCartSchema = z
  .object({
    model_id: modelIdSchema.optional(),
    /** The server line id, instead of model_id. */
    id: modelIdSchema.optional(),
    num: deltaQtySchema,
    type: intField("api.invalid_body", { min: INT4_MIN }).optional().default(1),
  })
  .superRefine((v, ctx) => {
    if (v.model_id === undefined && v.id === undefined) ctx.addIssue({ code: "custom", message: "api.cart_items_unavailable" });
    const ok = v.type === 1 ? v.num >= 1 && v.num <= MAX_LINE_QTY : v.num !== 0 && Math.abs(v.num) <= MAX_LINE_QTY;
    if (!ok) ctx.addIssue({ code: "custom", message: "api.cart_quantity_invalid" });
  });
export type EditCartInput = z.output<typeof editCartSchema>;

/** One id, a list of ids, "" or a comma-separated text (SPEC §7: "line id if above 0, else empty"). */
const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "" || v === 0 || v === "0") return [];
    if (typeof v === "string")
      return v
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "" && s !== "0");
    return Array.isArray(v) ? v.filter((x) => x !== 0 && x !== "0" && x !== "") : [v];
  },
  z.array(modelIdSchema).max(MAX_CART_ENTRIES, { error: "api.cart_too_many_entries" }),
);

/** POST /site/Customer/delShoppingCart. */
export const delCartSchema = z
  .object({ ids: idList.optional().default([]), model_ids: idList.optional().default([]) })
  .refine((v) => v.ids.length + v.model_ids.length > 0, { message: "api.cart_items_unavailable" });

/**
 * The `carts` list of an anonymous visitor (from browser storage, possibly corrupted): entries that are not
 * a valid {model_id, num} are left out instead of failing the whole list.
 */
const anonymousCartsSchema = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v.slice(0, MAX_CART_ENTRIES).flatMap((e) => {
          const r = cartEntrySchema.safeParse(e);
          return r.success && r.data.num > 0 ? [r.data] : [];
        })
      : [],
  z.array(cartEntrySchema),
);

/** POST /site/Index/getShoppingCart: `carts` is read for anonymous visitors only. */
export const getCartSchema = z.object({ carts: anonymousCartsSchema.optional().default([]) });

/** POST /site/Customer/mergeShoppingCart: the anonymous lines to fold into the customer's cart at login. */
export const mergeCartSchema = z.object({ carts: anonymousCartsSchema.optional().default([]) });

/** POST /site/Sale/createOrder. */
export const createOrderSchema = z.object({
  idempotency_key: text("api.idempotency_key_invalid")
    .trim()
    .min(16, { error: "api.idempotency_key_invalid" })
    .max(64, { error: "api.idempotency_key_invalid" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "api.idempotency_key_invalid" }),
  note: text("api.order_note_too_long", { multiline: true }).trim().max(500, { error: "api.order_note_too_long" }).optional().default(""),
  /** Spend the caller's credit-note balance on this order, up to its total TTC (decision 079). */
  use_credit: z.boolean({ error: "api.invalid_body" }).optional().default(false),
  /** Pay on account: invoiced now, paid by bank transfer within the customer's term, within their limit. */
  on_account: z.boolean({ error: "api.invalid_body" }).optional().default(false),
  /** The buyer ticked "I accept the terms of sale" (core/legal.ts CGV): no order without it. */
  accept_cgv: acceptedField(msg("cgv_required")),
});
export type CreateOrderInput = z.output<typeof createOrderSchema>;
