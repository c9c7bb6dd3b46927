// The quick-order and wishlist calls (decision 081): every one the caller's own, login required.
import { z } from "zod";
import { quickOrderResolveSchema, wishlistPageSchema, wishlistSchema } from "../validation/quick-order.ts";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";

/** A model as a quick-order line shows it: current price (HT per unit) and what may be bought now. */
export const quickItemAnswer = z.object({
  model_id: z.number(),
  product_id: z.number(),
  reference: z.string(),
  name: z.string(),
  label: z.string(),
  image: z.string().nullable(),
  url: z.string(),
  unit: z.string(),
  price: z.string(),
  stock: z.number(),
  purchasable_qty: z.number(),
  not_for_sale: z.boolean(),
  /** The most units one cart line may hold now (0: none). */
  max: z.number(),
});

/** A model the customer bought before (orders not cancelled), with the last order's price and date. */
export const purchasedItemAnswer = quickItemAnswer.extend({
  designation: z.string(),
  last_price: z.string(),
  last_date: z.string(),
  last_order: z.string(),
  total_qty: z.number(),
  orders: z.number(),
});

export const wishlistItemAnswer = quickItemAnswer.extend({ added_at: z.string() });

/** The wishlist's references (upper case) and their products, for the heart buttons. */
export const wishlistRefsAnswer = z.object({ references: z.array(z.string()), product_ids: z.array(z.number()) });

/** The wishlist after a change, with the model it named. */
const wishlistChangeAnswer = wishlistRefsAnswer.extend({ model_id: z.number() });

/** One input line after resolution: valid (an item to add) or refused with its translated reason. */
export const resolvedLineAnswer = z.object({
  line: z.number(),
  reference: z.string(),
  quantity: z.number(),
  status: z.enum(["ok", "refused"]),
  key: z.string().nullable(),
  reason: z.string().nullable(),
  /** Later input lines of the same reference, added into this one. */
  merged: z.array(z.number()),
  note: z.string().nullable(),
  item: quickItemAnswer.nullable(),
});

export const quickOrderResolutionAnswer = z.object({
  lines: z.array(resolvedLineAnswer),
  valid: z.number(),
  refused: z.number(),
  header: z.boolean(),
});

export const purchasedList = defineCall({
  method: "GET",
  path: "/site/Customer/purchasedList",
  auth: true,
  output: listPage(purchasedItemAnswer),
});

export const wishlist = defineCall({
  method: "GET",
  path: "/site/Customer/wishlist",
  auth: true,
  input: wishlistPageSchema,
  output: listPage(wishlistItemAnswer),
});

export const wishlistRefs = defineCall({ method: "GET", path: "/site/Customer/wishlistRefs", auth: true, output: wishlistRefsAnswer });

export const addWishlist = defineCall({
  method: "POST",
  path: "/site/Customer/addWishlist",
  auth: true,
  input: wishlistSchema,
  output: wishlistChangeAnswer,
});

export const delWishlist = defineCall({
  method: "POST",
  path: "/site/Customer/delWishlist",
  auth: true,
  input: wishlistSchema,
  output: wishlistChangeAnswer,
});

export const quickOrderResolve = defineCall({
  method: "POST",
  path: "/site/Customer/quickOrderResolve",
  auth: true,
  input: quickOrderResolveSchema,
  output: quickOrderResolutionAnswer,
});

export type QuickItemAnswer = z.output<typeof quickItemAnswer>;
export type PurchasedItemAnswer = z.output<typeof purchasedItemAnswer>;
export type WishlistItemAnswer = z.output<typeof wishlistItemAnswer>;
export type WishlistRefsAnswer = z.output<typeof wishlistRefsAnswer>;
export type WishlistChangeAnswer = z.output<typeof wishlistChangeAnswer>;
export type ResolvedLineAnswer = z.output<typeof resolvedLineAnswer>;
export type QuickOrderResolutionAnswer = z.output<typeof quickOrderResolutionAnswer>;
