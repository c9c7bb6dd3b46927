// What the discounts page says of a coupon (decision 081): used up, expired, not yet valid, or
// usable. Spent is said before the dates: a coupon used up stays "used" after its end.
export type CouponState = "usable" | "used" | "expired" | "not_started";

type CouponDates = { uses: number; max_uses: number; starts_at: string; ends_at: string | null };

export function couponState(c: CouponDates, now: Date): CouponState {
  if (c.uses >= c.max_uses) return "used";
  if (c.ends_at !== null && new Date(c.ends_at) <= now) return "expired";
  if (new Date(c.starts_at) > now) return "not_started";
  return "usable";
}
