// The cart answer of SPEC §7 (`{ cart_info, cart_list }`): cart parameters (SPEC §3) with every cart total
// flattened in (core/cart/totals.ts), and the priced lines. Shared by the customer cart, the anonymous
// cart and the order (which recomputes the very same totals before writing).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { computeCartTotals } from "#core/cart/totals.ts";
import { giftedUnits } from "#core/cart/line.ts";
import type { CartConfig, CartParams, CartTotals, DiscountInfo, Freight } from "#core/cart/types.ts";
import type { SiteConfig } from "#core/site.ts";
import { applyQuotedPrice } from "#core/quotations.ts";
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
};

export type CartInfo = CartParams & Omit<CartTotals, "lines"> & { shop_id: number | null; delivery_mode: string | null };
export type CartAnswer = { cart_info: CartInfo; cart_list: CartListLine[] };

export type AddressSnapshot = {
  id: number;
  kind: string;
  title: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  zip_code: string;
  city: string;
  country: string;
  phone: string | null;
};

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
};

/** The site config fields the cart rules read. */
export function cartConfig(c: SiteConfig): CartConfig {
  return c as unknown as CartConfig;
}

/** The caller's live address `id`, or null (another customer's or deleted address: nothing). */
export async function ownAddress(q: Db, customerId: number, id: number | null): Promise<AddressSnapshot | null> {
  if (!id) return null;
  const [a] = await query<AddressSnapshot>(
    q,
    sql`
    select id, kind, title, first_name, last_name, company, line1, line2, zip_code, city, country, phone
    from addresses where id = ${id} and customer_id = ${customerId} and deleted_at is null`,
  );
  return a ?? null;
}

/** The cart's coupon with whether it may be used now by this customer (period, owner, uses left). */
export async function cartCoupon(q: Db, cart: CartRow): Promise<CouponRow | null> {
  if (!cart.coupon_id) return null;
  const [c] = await query<CouponRow>(
    q,
    sql`
    select id, code, customer_id, value::text as value, amount::text as amount, min_amount::text as min_amount, max_uses, uses,
           (starts_at <= now() and (ends_at is null or ends_at > now()) and uses < max_uses
            and (customer_id is null or customer_id = ${cart.customer_id})) as valid
    from coupons where id = ${cart.coupon_id}`,
  );
  return c ?? null;
}

export function discountInfo(c: CouponRow | null): DiscountInfo | null {
  if (!c || !c.valid) return null;
  return { type: 2, code: c.code, value: c.value, amount: c.amount, min_amount: c.min_amount };
}

/** The cart parameters (SPEC §3) of a stored cart. `freight` is what the caller decided (stored or quoted). */
export type StoredParams = CartParams & { shop_id: number | null; delivery_mode: string | null };

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

/** A line to price; `quote` when it was loaded from a quotation (decision 080). */
export type PricedLine = { model: CartModel; num: number; id: number; quote?: LineQuote };

/** The priced cart line: the catalogue's, or the quoted one when its quotation is usable (core applyQuotedPrice). */
export function pricedCartLine(l: PricedLine, lang: Lang) {
  const base = toCartLine(l.model, l.num, l.id, lang);
  const applied = applyQuotedPrice(base, l.quote?.line, l.quote?.usable ?? false);
  return {
    ...applied,
    quotation_id: l.quote?.id ?? null,
    quotation_number: l.quote?.number ?? null,
  };
}

/** Prices lines and computes every total with core; `loggedIn` false for an anonymous visitor (SPEC §6). */
export function buildAnswer(
  lines: readonly PricedLine[],
  params: StoredParams,
  config: CartConfig,
  lang: Lang,
  loggedIn: boolean,
): CartAnswer & { totals: CartTotals } {
  const base = lines.map((l) => pricedCartLine(l, lang));
  const totals = computeCartTotals(base, params, config, { loggedIn });
  const amounts = new Map(totals.lines.map((t) => [t.model_id, t.lineAmount]));
  const { lines: _l, ...flat } = totals;
  return {
    cart_info: { ...params, ...flat },
    cart_list: base.map((l) => ({ ...l, amount: amounts.get(l.model_id) ?? "0.00", gifted_units: giftedUnits(l) })),
    totals,
  };
}
