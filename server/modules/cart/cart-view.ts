// The cart answer of SPEC §7 (`{ cart_info, cart_list }`): cart parameters (SPEC §3) with every cart total
// flattened in (core/cart/totals.ts), and the priced lines. Shared by the customer cart, the anonymous
// cart and the order (which recomputes the very same totals before writing).
import { sql } from "drizzle-orm";
import { preparedQuery, type Db } from "#server/db/client.ts";
import { statement } from "#server/db/statement.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { cartGoods, computeCartTotals, type CartGoods } from "#core/cart/totals.ts";
import { giftedUnits } from "#core/cart/line.ts";
import type { CartConfig, CartParams, CartTotals, DiscountInfo, Freight } from "#core/cart/types.ts";
import { applyQuotedPrice } from "#core/quotations.ts";
import { applyGroupPrice, modelPricing, type GroupPriceList } from "#core/pricing/group-prices.ts";
import type { LineQuote } from "#server/modules/quotations/quoted-lines.ts";
import { toCartLine, type CartListLine, type CartModel } from "./cart-models.ts";

export type CartRow = {
  id: number;
  customer_id: number;
  delivery_addr_id: number | null;
  invoice_addr_id: number | null;
  pickup_method: number;
  shop_id: number | null;
  coupon_id: number | null;
  extra_options: Record<string, unknown> | null;
  freight: Freight | null;
  /** parcel | pallet | carrier | pickup, null until chosen (decision 071). */
  delivery_mode: string | null;
  /** Order note saved at checkout. */
  note: string | null;
  /** The customer's price group (decision 157), as read with the cart; absent where not read. */
  price_group_id?: number | null;
};

import type { CartAnswer, CartInfoAnswer as CartInfo } from "#core/contracts/cart.ts";
export type { CartAnswer };

/** The delivery address a cart holds, as its answer shows it. */
export type AddressSnapshot = NonNullable<CartInfo["delivery_addr_obj"]>;

export type CouponRow = {
  id: number;
  code: string;
  customer_id: number | null;
  value: string | null;
  amount: string | null;
  min_amount: string;
  max_uses: number;
  uses: number;
  valid: boolean;
  /** When `valid` changes with time (start or end of its period), epoch ms; absent or null: never. */
  next_change?: number | null;
};

function discountInfo(c: CouponRow | null): DiscountInfo | null {
  if (!c || !c.valid) return null;
  return { type: 2, code: c.code, value: c.value, amount: c.amount, min_amount: c.min_amount };
}

/** The cart parameters (SPEC §3) of a stored cart. `freight` is what the caller decided (stored or quoted). */
type StoredParams = CartParams & { shop_id: number | null; delivery_mode: string | null };

export function cartParams(
  cart: CartRow | null,
  delivery: AddressSnapshot | null,
  coupon: CouponRow | null,
  freight: Freight | null,
): StoredParams {
  if (!cart) {
    return {
      id: 0,
      delivery_addr_id: null,
      invoice_addr_id: null,
      pickup_method: 1,
      delivery_addr_obj: null,
      extra_options: {},
      discount_info: null,
      freight: null,
      shop_id: null,
      delivery_mode: null,
    };
  }
  return {
    id: cart.id,
    delivery_addr_id: delivery ? cart.delivery_addr_id : null,
    invoice_addr_id: cart.invoice_addr_id,
    pickup_method: cart.pickup_method,
    delivery_addr_obj: delivery,
    extra_options: cart.extra_options ?? {},
    discount_info: discountInfo(coupon),
    // Store pickup is always free: no freight object is carried.
    freight: cart.pickup_method === 2 ? null : freight,
    shop_id: cart.shop_id,
    delivery_mode: cart.delivery_mode,
  };
}

/**
 * A line to price; `quote` when it was loaded from a quotation (decision 080); `group`: the price list of the buyer's
 * customer group (decision 157), none for a buyer without one.
 */
export type PricedLine = { model: CartModel; num: number; id: number; quote?: LineQuote; group?: GroupPriceList | null };

/**
 * The priced cart line: the catalogue's, at the buyer's group price when lower (core applyGroupPrice), or the quoted
 * one when its quotation is usable (core applyQuotedPrice: a quotation fixes the price it was made at).
 */
export function pricedCartLine(l: PricedLine, lang: Lang) {
  const line = toCartLine(l.model, l.num, l.id, lang);
  if (l.group) applyGroupPrice(line, modelPricing(l.group, l.model.id, l.model.category_id));
  const quote = l.quote;
  if (!quote) return line;
  const applied = applyQuotedPrice(line, quote.line, quote.usable);
  line.price = applied.price;
  line.site_price = applied.site_price;
  line.remise_info = applied.remise_info;
  line.quoted = applied.quoted;
  line.quotation_id = quote.id;
  line.quotation_number = quote.number;
  return line;
}

/** Prices lines and computes every total with core; `loggedIn` false for an anonymous visitor (SPEC §6). */
export function buildAnswer(
  lines: readonly PricedLine[],
  params: StoredParams,
  config: CartConfig,
  lang: Lang,
  loggedIn: boolean,
): CartAnswer & { totals: CartTotals } {
  return answerOf(
    lines.map((l) => pricedCartLine(l, lang)),
    params,
    config,
    loggedIn,
  );
}

/**
 * The answer for lines already priced (pricedCartLine): totals by core, each line's amount set in place. `goods`:
 * cartGoods(list) when the lines are totalled more than once (before and after the freight they give).
 */
export function answerOf(
  list: CartListLine[],
  params: StoredParams,
  config: CartConfig,
  loggedIn: boolean,
  goods: CartGoods = cartGoods(list),
): CartAnswer & { totals: CartTotals } {
  const totals = computeCartTotals(list, params, config, { loggedIn }, goods);
  const amounts = new Map<number, string>();
  for (const t of totals.lines) amounts.set(t.model_id, t.lineAmount);
  for (const l of list) {
    // Written only when changed: kept lines (cart-line-memo.ts) live in the old generation, where a store of a
    // fresh value costs the garbage collector a remembered pointer.
    const amount = amounts.get(l.model_id) ?? "0.00";
    if (l.amount !== amount) l.amount = amount;
    const gifted = giftedUnits(l);
    if (l.gifted_units !== gifted) l.gifted_units = gifted;
  }
  // The parameters with every total but `lines`: copied, then `lines` (the last key of core's totals, so the
  // last one added here) deleted, which V8 undoes as a shape step. A rest pattern and spreads cost ≈ 5 % of an add.
  const cart_info = Object.assign({}, params, totals) as StoredParams & Partial<CartTotals>;
  delete cart_info.lines;
  return { cart_info: cart_info as CartInfo, cart_list: list, totals };
}

/** A cart line with the live counters of its model (stock and sale flags change with every sale: never cached). */
export type LiveLine = {
  id: number;
  model_id: number;
  num: number;
  quotation_id: number | null;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
};

/** The customer's cart row with its delivery address and coupon, and (`lines`) its lines newest first (SPEC §4). */
export type CartState = { row: CartRow; delivery: AddressSnapshot | null; coupon: CouponRow | null; lines: LiveLine[] };

export type LineTuple = [number, number, number, number | null, number, number, boolean];

/** Rows of the cart_lines + models join (as comptoir_cart_lines gives them) to LiveLine objects. */
function liveLines(raw: LineTuple[] | string | null): LiveLine[] {
  const tuples: LineTuple[] = typeof raw === "string" ? (JSON.parse(raw) as LineTuple[]) : (raw ?? []);
  return tuples.map(([id, model_id, num, quotation_id, stock, purchasable_qty, not_for_sale]) => ({
    id,
    model_id,
    num,
    quotation_id,
    stock,
    purchasable_qty,
    not_for_sale,
  }));
}

export const parsed = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** The cart as comptoir_cart_head answers it (server/db/functions.sql): the row with its address and coupon. */
type CartHead = CartRow & { delivery_obj: AddressSnapshot | null; coupon_obj: CouponRow | null };

/** A cart state from comptoir_cart_head and comptoir_cart_lines (JSON values, parsed or not by the driver). */
export function cartState(head: CartHead | string, lines: LineTuple[] | string | null): CartState {
  const { delivery_obj, coupon_obj, ...row } = parsed(head)!;
  return { row, delivery: delivery_obj, coupon: coupon_obj, lines: liveLines(lines) };
}

/**
 * The statement of loadCart: the customer's cart row `c` as `head` (comptoir_cart_head, server/db/functions.sql: its
 * delivery address, the caller's and not deleted, and its coupon with whether it may be used now) and its lines with
 * their live stock (comptoir_cart_lines). It never locks: a write locks the cart row in a statement of its own first,
 * since a statement that waits for that lock would read the lines as they were when it started.
 */
export const cartStateSql = (customerId: number) => cartStateOf({ customerId });
const cartStateOf = statement(
  (p: { customerId: number }) =>
    sql`select comptoir_cart_head(c) as head, comptoir_cart_lines(c.id) as lines from carts c where c.customer_id = ${p.customerId}`,
);

/** A row of cartStateSql before parsing. */
export type CartStateRow = { head: CartHead | string; lines: LineTuple[] | string | null };

/** The customer's cart in one statement (cartStateSql). Null when there is no cart. */
export async function loadCart(q: Db, customerId: number): Promise<CartState | null> {
  const [r] = await preparedQuery<CartStateRow>(q, cartStateSql(customerId));
  return r ? cartState(r.head, r.lines) : null;
}
