// Coupons for the checkout (decision 013, 071): a code is visible to its owner or, without owner, to everyone;
// another customer's code answers exactly like an unknown one, so nothing is revealed about it.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { refused } from "#core/domain-errors.ts";
import { decOrZero } from "#core/money.ts";
import { formatAmount } from "#core/price-format.ts";
import type { Lang } from "#core/lang.ts";

type CouponRow = {
  id: number;
  code: string;
  customer_id: number | null;
  value: string | null;
  amount: string | null;
  min_amount: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  max_uses: number;
  uses: number;
};

/** A coupon as the customer sees it (type 2 = discount coupon, SPEC §3). */
export type CouponView = {
  id: number;
  code: string;
  type: 2;
  value: string | null;
  amount: string | null;
  min_amount: string;
  starts_at: string;
  ends_at: string | null;
  max_uses: number;
  uses: number;
  used: boolean;
  valid: boolean;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Why the coupon cannot be used now (a checkout.* key), or null. */
function unusable(c: CouponRow, now: Date): string | null {
  if (c.uses >= c.max_uses) return "checkout.coupon_used";
  if (new Date(c.starts_at) > now) return "checkout.coupon_not_started";
  if (c.ends_at !== null && new Date(c.ends_at) <= now) return "checkout.coupon_expired";
  return null;
}

const view = (c: CouponRow, now: Date): CouponView => ({
  id: c.id,
  code: c.code,
  type: 2,
  value: c.value,
  amount: c.amount,
  min_amount: c.min_amount,
  starts_at: iso(c.starts_at)!,
  ends_at: iso(c.ends_at),
  max_uses: Number(c.max_uses),
  uses: Number(c.uses),
  used: c.uses >= c.max_uses,
  valid: unusable(c, now) === null,
});

export function createCouponsService() {
  async function find(q: Db, customerId: number, code: string): Promise<CouponRow | null> {
    const [row] = await query<CouponRow>(
      q,
      sql`
      select id, code, customer_id, value, amount, min_amount, starts_at, ends_at, max_uses, uses from coupons
      where upper(code) = upper(${code.trim()}) and (customer_id is null or customer_id = ${customerId})`,
    );
    return row ?? null;
  }

  /** The usable coupon of that code, or a refusal saying why (unknown and foreign codes: coupon_invalid). */
  async function verify(q: Db, customerId: number, code: string, now = new Date()): Promise<CouponView> {
    const row = await find(q, customerId, code);
    if (!row) throw refused("checkout.coupon_invalid");
    const why = unusable(row, now);
    if (why) throw refused(why);
    return view(row, now);
  }

  /**
   * GET /site/Sale/promoCodeVerification: `verify`, and the cart's goods amount (HT, after the per-item
   * promotions: what the coupon is measured against by core couponReduction) must reach the coupon's minimum;
   * below it the coupon would take nothing off, so it is not announced as applied.
   */
  async function verifyForCart(q: Db, customerId: number, code: string, goodsAmount: string, lang: Lang, now = new Date()) {
    const coupon = await verify(q, customerId, code, now);
    if (decOrZero(goodsAmount).lt(decOrZero(coupon.min_amount))) {
      throw refused("checkout.coupon_min_amount", { min: formatAmount(coupon.min_amount, lang) });
    }
    return coupon;
  }

  /** The coupon saved on a cart (any state: the totals decide whether it still applies). */
  async function byId(q: Db, customerId: number, id: number, now = new Date()): Promise<CouponView | null> {
    const [row] = await query<CouponRow>(
      q,
      sql`
      select id, code, customer_id, value, amount, min_amount, starts_at, ends_at, max_uses, uses from coupons
      where id = ${id} and (customer_id is null or customer_id = ${customerId})`,
    );
    return row ? view(row, now) : null;
  }

  /** The caller's own coupons, usable first, then by end date. */
  async function list(q: Db, customerId: number, now = new Date()): Promise<CouponView[]> {
    const rows = await query<CouponRow>(
      q,
      sql`
      select id, code, customer_id, value, amount, min_amount, starts_at, ends_at, max_uses, uses from coupons
      where customer_id = ${customerId} order by ends_at nulls last, id`,
    );
    return rows.map((r) => view(r, now)).sort((a, b) => Number(b.valid) - Number(a.valid));
  }

  return { verify, verifyForCart, byId, list };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
