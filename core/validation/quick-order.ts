// Requests of the quick-order and wishlist API (decision 081). Messages are "area.*" keys; a bad page is
// "validation.page_invalid", as for every paged list.
import "./keys.ts";
import { z } from "zod";
import { intField, MAX_PAGE_SIZE, pageQuery, text } from "./common.ts";
import { QUICK_ORDER_MAX_CHARS, QUICK_ORDER_MAX_REF } from "../quick-order.ts";

const modelError = { error: "area.wishlist_model_invalid" };
const modelId = intField(modelError);

/** POST /site/Customer/addWishlist and delWishlist: a model by its id or its reference, or a product (list cards:
 * adding saves its first model on sale, removing removes all of its models). */
export const wishlistSchema = z
  .object({
    model_id: modelId.optional(),
    product_id: modelId.optional(),
    reference: text(modelError).trim().min(1, modelError).max(QUICK_ORDER_MAX_REF, modelError).optional(),
  })
  .refine((v) => v.model_id !== undefined || v.product_id !== undefined || v.reference !== undefined, modelError);
export type WishlistInput = z.output<typeof wishlistSchema>;

/** GET /site/Customer/wishlist: page from 1, page_size 1–50 (default 50). */
export const wishlistPageSchema = pageQuery({ size: MAX_PAGE_SIZE });

/** POST /site/Customer/quickOrderResolve: the pasted or uploaded text, parsed on the server (core/quick-order.ts). */
export const quickOrderResolveSchema = z.object({
  text: text("area.qo_empty", { multiline: true }).max(QUICK_ORDER_MAX_CHARS, { error: "area.qo_too_long" }),
});
