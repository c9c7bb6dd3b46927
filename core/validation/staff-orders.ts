// The back office's order queue (DESIGN §9): its filters, search, sort and page as read from the address's search
// parameters. A filter left blank is no filter; a repeated `status` is several statuses. Messages are "admin.*" keys
// (STAFF_ORDER_QUERY_KEYS), and the customer's "validation.page_invalid" for the page.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { msg } from "./keys.ts";
import { ORDER_STATUSES } from "../orders/life.ts";
import { DELIVERY_MODES } from "../freight-tariff.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";

/** Refusals of the queue's filters, each an "admin.*" key with a text in both languages. */
export const STAFF_ORDER_QUERY_KEYS = [
  "orders_search_too_long",
  "orders_status_invalid",
  "orders_payment_invalid",
  "orders_mode_invalid",
  "orders_planned_invalid",
  "orders_zone_invalid",
  "orders_shop_invalid",
  "orders_customer_invalid",
  "orders_amount_invalid",
  "orders_amount_range_invalid",
  "orders_sort_invalid",
  "orders_page_size_invalid",
  "date_invalid",
  "date_range_invalid",
] as const;
type Key = (typeof STAFF_ORDER_QUERY_KEYS)[number];
const amsg = (name: Key) => ({ error: `admin.${name}` });

export const STAFF_ORDER_SORTS = ["placed_desc", "placed_asc", "total_desc", "total_asc", "planned_asc", "number_desc"] as const;
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number];
export const STAFF_ORDER_PAGE_SIZES = [20, 50, 100] as const;
export const STAFF_ORDER_PAYMENTS = ["paid", "unpaid"] as const;
/** The delivery modes an order stores (`pickup` is a store pickup, whatever its stored mode). */
export const STAFF_ORDER_MODES = DELIVERY_MODES;
/** The longest search text. */
export const STAFF_ORDER_SEARCH_MAX = 100;

const blank = (v: unknown) => typeof v === "string" && v.trim() === "";
/** A filter left blank in the form is no filter. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const day = (key: Key) =>
  text(amsg(key))
    .trim()
    .refine((d) => isIsoDate(d), amsg(key));

/** An amount in euros, ≥ 0, two decimals at most, with a point or a French comma: "12", "12.5", "12,50" → "12.50". */
const amount = text(amsg("orders_amount_invalid"))
  .trim()
  .regex(/^\d{1,8}(?:[.,]\d{1,2})?$/, amsg("orders_amount_invalid"))
  .transform((v) => Number(v.replace(",", ".")).toFixed(2));

/** One status or several (a repeated parameter, a form's ticked boxes), each once; blanks left out. */
const statuses = z.preprocess(
  (v) => {
    const list = (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && !blank(x));
    return list.length ? list : undefined;
  },
  z
    .array(z.enum(ORDER_STATUSES, amsg("orders_status_invalid")), amsg("orders_status_invalid"))
    .transform((l) => [...new Set(l)])
    .optional(),
);

/** A search's text, trimmed, at most STAFF_ORDER_SEARCH_MAX characters. */
export const searchText = text(amsg("orders_search_too_long")).trim().max(STAFF_ORDER_SEARCH_MAX, amsg("orders_search_too_long"));

/**
 * The queue's query: a search (order number, client number, company or name without regard to accents or case,
 * e-mail), statuses, payment, placed days (YYYY-MM-DD in the shop's time zone, both included, from ≤ to), delivery
 * mode, planned day (or `none`: not planned), zone (a freight zone's code), shop, customer, a range of total TTC,
 * the sort, the page and its size (20, 50 or 100).
 */
export const staffOrderQuerySchema = z
  .object({
    q: optional(searchText),
    status: statuses,
    payment: optional(z.enum(STAFF_ORDER_PAYMENTS, amsg("orders_payment_invalid"))),
    placed_from: optional(day("date_invalid")),
    placed_to: optional(day("date_invalid")),
    mode: optional(z.enum(STAFF_ORDER_MODES, amsg("orders_mode_invalid"))),
    planned: optional(z.union([z.literal("none"), day("orders_planned_invalid")], amsg("orders_planned_invalid"))),
    zone: optional(
      text(amsg("orders_zone_invalid"))
        .trim()
        .regex(/^[a-z0-9_-]{1,12}$/i, amsg("orders_zone_invalid")),
    ),
    shop: optional(intField(amsg("orders_shop_invalid"))),
    customer: optional(intField(amsg("orders_customer_invalid"))),
    min_ttc: optional(amount),
    max_ttc: optional(amount),
    sort: optional(z.enum(STAFF_ORDER_SORTS, amsg("orders_sort_invalid"))).transform((s): StaffOrderSort => s ?? "placed_desc"),
    page: optional(intField(msg("page_invalid"), { max: 1_000_000 })).transform((p) => p ?? 1),
    page_size: optional(
      intField(amsg("orders_page_size_invalid"), { max: 100 }).refine(
        (n) => (STAFF_ORDER_PAGE_SIZES as readonly number[]).includes(n),
        amsg("orders_page_size_invalid"),
      ),
    ).transform((n) => n ?? STAFF_ORDER_PAGE_SIZES[0]),
  })
  .refine((q) => q.placed_from === undefined || q.placed_to === undefined || q.placed_from <= q.placed_to, {
    ...amsg("date_range_invalid"),
    path: ["placed_to"],
  })
  .refine((q) => q.min_ttc === undefined || q.max_ttc === undefined || Number(q.min_ttc) <= Number(q.max_ttc), {
    ...amsg("orders_amount_range_invalid"),
    path: ["max_ttc"],
  });
export type StaffOrderQuery = z.output<typeof staffOrderQuerySchema>;

/** The query's fields as the search parameters carry them, for `staffOrderQuerySchema` (`status` may repeat). */
export const STAFF_ORDER_QUERY_FIELDS = [
  "q",
  "status",
  "payment",
  "placed_from",
  "placed_to",
  "mode",
  "planned",
  "zone",
  "shop",
  "customer",
  "min_ttc",
  "max_ttc",
  "sort",
  "page",
  "page_size",
] as const;

/**
 * The search parameters as the schema reads them: `status` as the list of its values, each other field once, its
 * first value that is not blank (the form sends `planned` twice: a day, and the box "not planned").
 */
export function staffOrderParams(params: URLSearchParams): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const f of STAFF_ORDER_QUERY_FIELDS) {
    const values = params.getAll(f);
    out[f] = f === "status" ? values : (values.find((v) => !blank(v)) ?? values[0]);
  }
  return out;
}
