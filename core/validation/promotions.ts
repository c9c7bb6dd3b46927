// What staff send from the coupons and promotions pages (decision 144): the action chosen by `intent` and its fields.
// Messages are "promotions.*" keys. Percentages are typed in percent (10 = 10 %) and leave as the stored fraction.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";
import { Decimal } from "../money.ts";

const pmsg = (name: string) => ({ error: `promotions.${name}` });

/** A coupon's code: letters, digits, "-" and "_", 3 to 40 characters, kept in capitals (codes are read without case). */
export const COUPON_CODE_RE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
/** A mixed series' name, as the catalogue's (e.g. "MIX-VER-BOC-250"). */
export const SERIES_RE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
/** Most units a promotion may give per multiple of its minimum, and the highest minimum. */
export const GIFT_MAX = 1000;
export const MIN_QTY_MAX = 100_000;
/** Most uses of one coupon (an int4 column; a bound that no real campaign reaches). */
export const USES_MAX = 1_000_000;

/** Most customers one coupon may be chosen for, and the most text their numbers may take. */
export const CUSTOMERS_MAX = 500;
const CUSTOMERS_TEXT_MAX = 12_000;
/** A client number as customers.client_number holds it (3 to 20 letters or digits). */
const CLIENT_NUMBER_RE = /^[A-Z0-9]{3,20}$/;

/** The client numbers typed for a coupon: split on spaces, commas, semicolons and lines, in capitals, each once. */
export function clientNumbersOf(typed: string): string[] {
  return [
    ...new Set(
      typed
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
}

const id = intField(pmsg("id_invalid"));

/** A decimal typed by staff, "12.5" or "12,5", with at most `places` decimals; "" or absent reads as `empty`. */
const decimal = (error: string, places: number) =>
  text(pmsg(error))
    .trim()
    .transform((v) => v.replace(",", "."))
    .refine((v) => v === "" || new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`).test(v), pmsg(error));

const upper = (error: string, re: RegExp) =>
  text(pmsg(error))
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => re.test(v), pmsg(error));

const day = (error: string) =>
  text(pmsg(error))
    .trim()
    .refine((d) => isIsoDate(d), pmsg(error));

/** An optional last day: "" or absent for none. */
const lastDay = z
  .union([z.literal(""), day("to_invalid")])
  .optional()
  .transform((v) => v || null);

/** The decimal of a field that passed `decimal`, null otherwise (the object's checks run after a field's refusal too). */
const decimalOrNull = (v: string) => (/^\d{1,9}(\.\d{1,4})?$/.test(v) ? Decimal.from(v) : null);

/** A percentage in (0, 100] as the stored fraction with 4 decimals ("12.5" → "0.1250"). */
const fractionOf = (percent: string) => Decimal.from(percent).dividedBy(100, 4).toFixed(4);

/** The period's days: `to`, when given, not before `from`. */
function checkPeriod(v: { from: string; to: string | null }, ctx: z.RefinementCtx) {
  if (v.to !== null && v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "promotions.period_invalid" });
}

/** The coupon form: `id` to change that coupon, none to create one. */
export const couponFormSchema = z
  .object({
    id: id.optional(),
    code: upper("code_invalid", COUPON_CODE_RE),
    kind: z.enum(["percent", "amount"], pmsg("kind_invalid")),
    value: decimal("value_invalid", 2),
    min_amount: decimal("min_amount_invalid", 2)
      .optional()
      .transform((v) => v || "0"),
    from: day("from_invalid"),
    to: lastDay,
    max_uses: intField(pmsg("uses_invalid"), { max: USES_MAX }),
    /** Uses one customer may make; "" or absent for no limit per customer. */
    per_customer: z
      .union([z.literal(""), intField(pmsg("per_customer_invalid"), { max: USES_MAX })])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    /** The chosen customers' client numbers, separated by spaces, commas or lines; "" for every customer. */
    customers: text(pmsg("customers_invalid"), { multiline: true })
      .max(CUSTOMERS_TEXT_MAX, pmsg("customers_too_many"))
      .optional()
      .transform((v) => clientNumbersOf(v ?? "")),
  })
  .superRefine((v, ctx) => {
    const n = decimalOrNull(v.value);
    const ok = n !== null && n.gt(0) && (v.kind === "amount" || n.lte(100));
    if (!ok && (n !== null || v.value === ""))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: v.kind === "percent" ? "promotions.percent_invalid" : "promotions.amount_invalid",
      });
    checkPeriod(v, ctx);
    if (typeof v.per_customer === "number" && typeof v.max_uses === "number" && v.per_customer > v.max_uses)
      ctx.addIssue({ code: "custom", path: ["per_customer"], message: "promotions.per_customer_above_total" });
    if (!Array.isArray(v.customers)) return; // refused as a field
    if (v.customers.length > CUSTOMERS_MAX) ctx.addIssue({ code: "custom", path: ["customers"], message: "promotions.customers_too_many" });
    else if (v.customers.some((n) => !CLIENT_NUMBER_RE.test(n)))
      ctx.addIssue({ code: "custom", path: ["customers"], message: "promotions.customers_invalid" });
  })
  .transform((v) => ({
    id: v.id,
    code: v.code,
    value: v.kind === "percent" ? fractionOf(v.value) : null,
    amount: v.kind === "amount" ? Decimal.from(v.value).toFixed(2) : null,
    min_amount: Decimal.from(v.min_amount).toFixed(2),
    from: v.from,
    to: v.to,
    max_uses: v.max_uses,
    per_customer: v.per_customer,
    customers: v.customers,
  }));

export type CouponFields = z.output<typeof couponFormSchema>;

/** Ending a coupon or a promotion now: its id. */
export const endSchema = z.object({ id });

/** The promotion form: `id` to change that promotion, none to create one. */
export const promotionFormSchema = z
  .object({
    id: id.optional(),
    reference: text(pmsg("reference_invalid")).trim().min(1, pmsg("reference_invalid")).max(40, pmsg("reference_invalid")),
    min_qty: intField(pmsg("min_qty_invalid"), { max: MIN_QTY_MAX }),
    percent: decimal("percent_invalid", 2)
      .optional()
      .transform((v) => v || "0"),
    gifted_units: z
      .union([z.literal(""), intField(pmsg("gift_invalid"), { max: GIFT_MAX })])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    series: z
      .union([z.literal(""), upper("series_invalid", SERIES_RE)])
      .optional()
      .transform((v) => v || null),
    from: day("from_invalid"),
    to: lastDay,
  })
  .superRefine((v, ctx) => {
    const n = decimalOrNull(v.percent);
    if (n === null) return;
    if (n.gt(100)) ctx.addIssue({ code: "custom", path: ["percent"], message: "promotions.percent_invalid" });
    else if (n.isZero() && v.gifted_units === null)
      ctx.addIssue({ code: "custom", path: ["percent"], message: "promotions.promotion_empty" });
    checkPeriod(v, ctx);
  })
  .transform((v) => ({
    id: v.id,
    reference: v.reference,
    min_qty: v.min_qty,
    value: fractionOf(v.percent),
    gifted_units: v.gifted_units,
    series: v.series,
    from: v.from,
    to: v.to,
  }));

export type PromotionFields = z.output<typeof promotionFormSchema>;

/** The lists' filter: running (and upcoming) ones, those over (ended or used up), or all. */
export const promotionListSchema = z.object({
  status: z.enum(["active", "expired", "all"]).catch("active"),
});
export type PromotionListStatus = z.output<typeof promotionListSchema>["status"];
