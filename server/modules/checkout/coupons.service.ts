// Coupons for the checkout (decision 013, 071, 150): a code is visible to its owner and its chosen customers or, with
// neither, to everyone; another customer's code answers exactly like an unknown one, so nothing is revealed about it.
// A limit per customer counts their orders placed with it; placement checks it again under the coupon's lock.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { couponCustomers, coupons, orders } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import { decOrZero } from "#core/money.ts";
import { formatAmount } from "#core/price-format.ts";
import type { CouponAnswer } from "#core/contracts/checkout.ts";

type CouponRow = typeof coupons.$inferSelect;
/** A coupon with the customer's orders placed with it (cancelled ones not counted). */
type Mine = { c: CouponRow; mine: number };

/**
 * Coupons the customer may use (decision 150): everyone's (no owner, no chosen customers) or theirs (their own, or
 * one they were chosen for). Another's answers exactly like an unknown code.
 */
const visibleTo = (customerId: number) => sql`(${coupons.customerId} = ${customerId}
  or exists (select 1 from ${couponCustomers} x where x.coupon_id = ${coupons.id} and x.customer_id = ${customerId})
  or (${coupons.customerId} is null and not exists (select 1 from ${couponCustomers} x where x.coupon_id = ${coupons.id})))`;

/** Coupons given to the customer alone or to chosen customers among them (not everyone's). */
const givenTo = (customerId: number) => sql`(${coupons.customerId} = ${customerId}
  or exists (select 1 from ${couponCustomers} x where x.coupon_id = ${coupons.id} and x.customer_id = ${customerId}))`;

/** The coupon row's id, qualified: a select list would print `${coupons.id}` bare, which the subquery reads as its own. */
const couponIdCol = sql.raw(`"coupons"."id"`);

/** The customer's orders placed with the coupon, cancelled ones not counted (a cancellation gives the use back). */
const usesBy = (customerId: number) =>
  sql<number>`(select count(*)::int from ${orders} o where o.customer_id = ${customerId} and o.coupon_id = ${couponIdCol} and o.status <> 'cancelled')`;

/** No use left: the coupon's total reached, or the customer's own limit. */
const usedUp = ({ c, mine }: Mine) => c.uses >= c.maxUses || (c.perCustomerUses !== null && mine >= c.perCustomerUses);

/** Why the coupon cannot be used now (a checkout.* key), or null. */
function unusable(m: Mine, now: Date): string | null {
  const { c } = m;
  if (usedUp(m)) return "checkout.coupon_used";
  if (c.startsAt > now) return "checkout.coupon_not_started";
  if (c.endsAt !== null && c.endsAt <= now) return "checkout.coupon_expired";
  return null;
}

/** The coupon as its customer sees it: with a limit per customer, their own uses of it out of that limit. */
const view = (m: Mine, now: Date): CouponAnswer => {
  const { c, mine } = m;
  const perCustomer = c.perCustomerUses !== null;
  return {
    id: c.id,
    code: c.code,
    type: 2,
    value: c.value,
    amount: c.amount,
    min_amount: c.minAmount,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt?.toISOString() ?? null,
    max_uses: perCustomer ? c.perCustomerUses! : c.maxUses,
    uses: perCustomer ? mine : c.uses,
    used: usedUp(m),
    valid: unusable(m, now) === null,
  };
};

export function createCouponsService() {
  async function find(q: Db, customerId: number, code: string): Promise<Mine | null> {
    const [row] = await q
      .select({ c: coupons, mine: usesBy(customerId) })
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
      .select({ c: coupons, mine: usesBy(ctx.customer.id) })
      .from(coupons)
      .where(and(eq(coupons.id, id), visibleTo(ctx.customer.id)));
    return row ? view(row, now) : null;
  }

  /** The caller's own coupons and those they were chosen for, usable first, then by end date. */
  async function list(ctx: Context, now = new Date()): Promise<CouponAnswer[]> {
    const rows = await ctx.db
      .select({ c: coupons, mine: usesBy(ctx.customer.id) })
      .from(coupons)
      .where(givenTo(ctx.customer.id))
      .orderBy(sql`${coupons.endsAt} nulls last`, asc(coupons.id));
    return rows.map((r) => view(r, now)).sort((a, b) => Number(b.valid) - Number(a.valid));
  }

  return { verify, verifyForCart, byId, list };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
