// Coupons for the checkout (decision 013, 071): a code is visible to its owner or, without owner, to everyone;
// another customer's code answers exactly like an unknown one, so nothing is revealed about it.
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { coupons } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import { decOrZero } from "#core/money.ts";
import { formatAmount } from "#core/price-format.ts";
import type { CouponAnswer } from "#core/contracts/checkout.ts";

type CouponRow = typeof coupons.$inferSelect;

/** A coupon visible to the customer: theirs, or without owner. */
const visibleTo = (customerId: number) => or(isNull(coupons.customerId), eq(coupons.customerId, customerId));

/** Why the coupon cannot be used now (a checkout.* key), or null. */
function unusable(c: CouponRow, now: Date): string | null {
  if (c.uses >= c.maxUses) return "checkout.coupon_used";
  if (c.startsAt > now) return "checkout.coupon_not_started";
  if (c.endsAt !== null && c.endsAt <= now) return "checkout.coupon_expired";
  return null;
}

const view = (c: CouponRow, now: Date): CouponAnswer => ({
  id: c.id,
  code: c.code,
  type: 2,
  value: c.value,
  amount: c.amount,
  min_amount: c.minAmount,
  starts_at: c.startsAt.toISOString(),
  ends_at: c.endsAt?.toISOString() ?? null,
  max_uses: c.maxUses,
  uses: c.uses,
  used: c.uses >= c.maxUses,
  valid: unusable(c, now) === null,
});

export function createCouponsService() {
  async function find(q: Db, customerId: number, code: string): Promise<CouponRow | null> {
    const [row] = await q
      .select()
      .from(coupons)
      .where(and(sql`upper(${coupons.code}) = upper(${code.trim()})`, visibleTo(customerId)));
    return row ?? null;
  }

  /** The usable coupon of that code, or a refusal saying why (unknown and foreign codes: coupon_invalid). */
  async function verify(ctx: Context, code: string, now = new Date()): Promise<CouponAnswer> {
    const row = await find(ctx.db, ctx.customer.id, code);
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
  async function verifyForCart(ctx: Context, code: string, goodsAmount: string, now = new Date()) {
    const coupon = await verify(ctx, code, now);
    if (decOrZero(goodsAmount).lt(decOrZero(coupon.min_amount))) {
      throw refused("checkout.coupon_min_amount", { min: formatAmount(coupon.min_amount, ctx.lang) });
    }
    return coupon;
  }

  /** The coupon saved on a cart (any state: the totals decide whether it still applies). */
  async function byId(ctx: Context, id: number, now = new Date()): Promise<CouponAnswer | null> {
    const [row] = await ctx.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), visibleTo(ctx.customer.id)));
    return row ? view(row, now) : null;
  }

  /** The caller's own coupons, usable first, then by end date. */
  async function list(ctx: Context, now = new Date()): Promise<CouponAnswer[]> {
    const rows = await ctx.db
      .select()
      .from(coupons)
      .where(eq(coupons.customerId, ctx.customer.id))
      .orderBy(sql`${coupons.endsAt} nulls last`, asc(coupons.id));
    return rows.map((r) => view(r, now)).sort((a, b) => Number(b.valid) - Number(a.valid));
  }

  return { verify, verifyForCart, byId, list };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
