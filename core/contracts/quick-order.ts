// The quick-order and wishlist calls (decision 081): every one the caller's own, login required.
import { z } from "zod";
import { quickOrderResolveSchema, wishlistPageSchema, wishlistSchema } from "../validation/quick-order.ts";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";

/** A model as a quick-order line shows it: current price (HT per unit) and what may be bought now. */
const quickItemAnswer = z.object({
  model_id: z.number(),
  product_id: z.number(),
  reference: z.string(),
  name: z.string(),
  label: z.string(),
  image: z.string().nullable(),
  url: z.string().describe("The product page in the request's language."),
  unit: z.string(),
  price: z.string().describe("Today's catalogue unit price HT, 4 decimals."),
  stock: z.number(),
  purchasable_qty: z.number(),
  not_for_sale: z.boolean(),
  max: z.number().describe("The most units one cart line may hold now: min(stock, purchasable_qty, 100 000); 0 when not for sale."),
});

/** A model the customer bought before (orders not cancelled), with the last order's price and date. */
const purchasedItemAnswer = quickItemAnswer.extend({
  designation: z.string(),
  last_price: z.string().describe("The unit price HT paid on the most recent order of it."),
  last_date: z.string(),
  last_order: z.string().describe("That order's number."),
  total_qty: z.number().describe("Units bought in all."),
  orders: z.number().describe("How many orders."),
});

const wishlistItemAnswer = quickItemAnswer.extend({ added_at: z.string() });

/** The wishlist's references (upper case) and their products, for the heart buttons. */
const wishlistRefsAnswer = z.object({ references: z.array(z.string()), product_ids: z.array(z.number()) });

/** The wishlist after a change, with the model it named. */
const wishlistChangeAnswer = wishlistRefsAnswer.extend({ model_id: z.number() });

/** One input line after resolution: valid (an item to add) or refused with its translated reason. */
const resolvedLineAnswer = z.object({
  line: z.number().describe("1-based line of the input, empty lines counted."),
  reference: z.string().describe("Upper case."),
  quantity: z.number(),
  status: z.enum(["ok", "refused"]).describe("ok: on sale and within stock and purchasable_qty."),
  key: z.string().nullable().describe("The refusal's key (area.qo_…), null when ok."),
  reason: z.string().nullable().describe("The refusal, translated."),
  merged: z.array(z.number()).describe("Later input lines of the same reference, added into this one."),
  note: z.string().nullable().describe("Says which duplicate lines were merged into this one."),
  item: quickItemAnswer.nullable().describe("The model when the reference is known, also on a refused line."),
});

const quickOrderResolutionAnswer = z.object({
  lines: z.array(resolvedLineAnswer).describe("In input order."),
  valid: z.number(),
  refused: z.number(),
  header: z.boolean().describe("The first line was a header, not counted."),
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
