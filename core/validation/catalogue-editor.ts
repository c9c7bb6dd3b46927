// The back office's catalogue editor (decision 154): the list's filters from the address, the product's and a
// model's forms, and a bulk edit. Messages are "admin.*" keys. Prices as staff type them ("12,5", "12.50 €"):
// at most 4 decimals; VAT in percent ("20", "5,5"); counts whole and ≥ 0.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { parseCount, parseMoney, parseVat } from "../catalogue/import-csv.ts";
import { BULK_KINDS, PERCENT_MAX, PERCENT_MIN, PRODUCT_FLAGS, type BulkAction } from "../catalogue/editor.ts";
import { LOCATION_MAX, LOCATION_PATTERN } from "../preparation/picking.ts";
import { Decimal } from "../money.ts";

const amsg = (name: string) => ({ error: `admin.${name}` });

export const CATALOGUE_PAGE_SIZE = 50;
export const CATALOGUE_SEARCH_MAX = 100;
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 10_000;
export const REFERENCE_MAX = 40;
export const UNIT_MAX = 20;
/** Most models one bulk edit takes (the demo catalogue holds about 9,000). */
export const BULK_EDIT_MAX = 20_000;

export const STOCK_FILTERS = ["", "out", "low"] as const;

/** The list's filters and page, from the address: anything unreadable is dropped, never refused. */
export const catalogueListSchema = z.object({
  q: text().trim().max(CATALOGUE_SEARCH_MAX).catch(""),
  category: intField(amsg("catalogue_category_invalid")).optional().catch(undefined),
  stock: z.enum(STOCK_FILTERS).catch(""),
  not_for_sale: z.enum(["", "1"]).catch(""),
  flag: z.enum(["", ...PRODUCT_FLAGS]).catch(""),
  page: intField(amsg("catalogue_page_invalid"), { max: 1_000_000 }).catch(1),
});
export type CatalogueFilter = z.output<typeof catalogueListSchema>;

/** The list's filters of a URLSearchParams (the address, or the bulk form's hidden copies of it). */
export const filterParams = (p: URLSearchParams | Record<string, unknown>) => {
  const get = (k: string) => (p instanceof URLSearchParams ? (p.get(k) ?? undefined) : p[k]);
  return {
    q: get("q") ?? "",
    category: get("category") || undefined,
    stock: get("stock") ?? "",
    not_for_sale: get("not_for_sale") ?? "",
    flag: get("flag") ?? "",
    page: get("page") ?? 1,
  };
};

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());
const revision = text(amsg("catalogue_stale")).regex(/^[0-9a-z]{1,16}$/, amsg("catalogue_stale"));

function parsed<T>(parse: (s: string) => { ok: true; value: T } | { ok: false; value?: undefined }, key: string) {
  return text(amsg(key))
    .trim()
    .transform((s, ctx) => {
      const r = parse(s);
      if (r.ok) return r.value;
      ctx.addIssue({ code: "custom", message: `admin.${key}` });
      return z.NEVER;
    });
}
const money = (key: string) => parsed(parseMoney, key);
const count = (key: string) => parsed(parseCount, key);
/** A decimal ≥ 0 with at most `digits` decimals and 8 whole digits, decimal comma or point; "" → null when optional. */
const measure = (key: string, digits: number) =>
  parsed((s) => {
    const m = /^(\d{1,8})(?:[.,](\d*))?$/.exec(s.replace(/[\s\u00a0\u202f]/g, ""));
    return m && (m[2] ?? "").length <= digits
      ? { ok: true as const, value: Decimal.from(`${m[1]}.${m[2] || "0"}`).toFixed(digits) }
      : { ok: false as const };
  }, key);
const millimetres = parsed((s) => (s === "" ? { ok: true as const, value: null } : parseCount(s)), "catalogue_dimension_invalid");

/** The product's form: its texts in both languages, its category, flags and visibility. */
export const productFormSchema = z.object({
  id: intField(amsg("catalogue_not_found")),
  revision,
  name_fr: text(amsg("catalogue_name_required"))
    .trim()
    .min(1, amsg("catalogue_name_required"))
    .max(NAME_MAX, amsg("catalogue_name_too_long")),
  name_zh: text().trim().max(NAME_MAX, amsg("catalogue_name_too_long")).optional().default(""),
  description_fr: text(undefined, { multiline: true })
    .trim()
    .max(DESCRIPTION_MAX, amsg("catalogue_description_too_long"))
    .optional()
    .default(""),
  description_zh: text(undefined, { multiline: true })
    .trim()
    .max(DESCRIPTION_MAX, amsg("catalogue_description_too_long"))
    .optional()
    .default(""),
  category: intField(amsg("catalogue_category_invalid")),
  is_new: checkbox,
  best_selling: checkbox,
  price_drop: checkbox,
  active: checkbox,
});
export type ProductForm = z.output<typeof productFormSchema>;

/** One model's form. */
export const modelFormSchema = z.object({
  id: intField(amsg("catalogue_not_found")),
  revision,
  reference: text(amsg("catalogue_reference_required"))
    .trim()
    .min(1, amsg("catalogue_reference_required"))
    .max(REFERENCE_MAX, amsg("catalogue_reference_invalid"))
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, amsg("catalogue_reference_invalid")),
  label_fr: text().trim().max(NAME_MAX, amsg("catalogue_name_too_long")).optional().default(""),
  label_zh: text().trim().max(NAME_MAX, amsg("catalogue_name_too_long")).optional().default(""),
  unit: text(amsg("catalogue_unit_required")).trim().min(1, amsg("catalogue_unit_required")).max(UNIT_MAX, amsg("catalogue_unit_required")),
  unit_qty: count("catalogue_unit_qty_invalid").refine((n) => n >= 1, amsg("catalogue_unit_qty_invalid")),
  price: money("catalogue_price_invalid"),
  site_price: money("catalogue_price_invalid"),
  vat: parsed(parseVat, "catalogue_vat_invalid"),
  weight: measure("catalogue_weight_invalid", 3),
  volume: measure("catalogue_volume_invalid", 6),
  length_mm: millimetres.optional().default(null),
  width_mm: millimetres.optional().default(null),
  height_mm: millimetres.optional().default(null),
  stock: count("catalogue_stock_invalid"),
  purchasable_qty: count("catalogue_purchasable_invalid"),
  not_for_sale: checkbox,
  non_gls: checkbox,
  location: text(amsg("catalogue_location_invalid"))
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => s === "" || (s.length <= LOCATION_MAX && LOCATION_PATTERN.test(s)), amsg("catalogue_location_invalid"))
    .optional()
    .default(""),
});
export type ModelForm = z.output<typeof modelFormSchema>;

/** A percentage as typed ("-10", "+2,5"): at most 2 decimals, within [PERCENT_MIN, PERCENT_MAX]; "2.5" out. */
const percent = parsed<string>((s) => {
  const m = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?\s*%?$/.exec(s.replace(/[\s\u00a0\u202f]/g, ""));
  if (!m) return { ok: false as const };
  const v = Decimal.from(`${m[1] === "-" ? "-" : ""}${m[2]}.${m[3] ?? "0"}`);
  if (v.isZero() || v.lt(PERCENT_MIN) || v.gt(PERCENT_MAX)) return { ok: false as const };
  return { ok: true as const, value: v.normalized().toString() };
}, "catalogue_percent_invalid");

/**
 * A bulk edit: the action and its value, the models (the ticked boxes, or every model the list's filters match)
 * and, when applying, the preview's plan it must still be.
 */
export const bulkFormSchema = z
  .object({
    intent: z.enum(["preview", "apply"], amsg("catalogue_bulk_invalid")),
    kind: z.enum(BULK_KINDS, amsg("catalogue_bulk_invalid")),
    percent: z.unknown().optional(),
    bulk_stock: z.unknown().optional(),
    bulk_flag: z.unknown().optional(),
    target: z.unknown().optional(),
    scope: z.enum(["selected", "filter"]).catch("selected"),
    model: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(intField(amsg("catalogue_bulk_invalid")), amsg("catalogue_bulk_invalid"))
        .transform((ids) => [...new Set(ids)])
        .refine((ids) => ids.length <= BULK_EDIT_MAX, amsg("catalogue_bulk_invalid")),
    ),
    plan: text().trim().max(16, amsg("catalogue_bulk_stale")).optional().default(""),
  })
  .transform((f, ctx) => {
    const fail = (path: string, key: string) => {
      ctx.addIssue({ code: "custom", path: [path], message: `admin.${key}` });
      return z.NEVER;
    };
    if (f.scope === "selected" && f.model.length === 0) return fail("model", "catalogue_bulk_empty");
    let action: BulkAction;
    if (f.kind === "price_percent") {
      const r = percent.safeParse(f.percent ?? "");
      if (!r.success) return fail("percent", "catalogue_percent_invalid");
      action = { kind: f.kind, percent: r.data };
    } else if (f.kind === "set_stock") {
      const r = count("catalogue_stock_invalid").safeParse(f.bulk_stock ?? "");
      if (!r.success) return fail("bulk_stock", "catalogue_stock_invalid");
      action = { kind: f.kind, stock: r.data };
    } else if (f.kind === "move_category") {
      const r = intField(amsg("catalogue_category_invalid")).safeParse(f.target);
      if (!r.success) return fail("target", "catalogue_category_invalid");
      action = { kind: f.kind, category_id: r.data };
    } else {
      const r = z.enum(PRODUCT_FLAGS).safeParse(f.bulk_flag);
      if (!r.success) return fail("bulk_flag", "catalogue_flag_invalid");
      action = { kind: f.kind, flag: r.data };
    }
    return { intent: f.intent, action, scope: f.scope, models: f.model, plan: f.plan };
  });
export type BulkForm = z.output<typeof bulkFormSchema>;

const categoryFields = {
  name_fr: text(amsg("category_name_required"))
    .trim()
    .min(1, amsg("category_name_required"))
    .max(NAME_MAX, amsg("catalogue_name_too_long")),
  name_zh: text().trim().max(NAME_MAX, amsg("catalogue_name_too_long")).optional().default(""),
  parent: intField(amsg("category_parent_invalid")),
  visible: checkbox,
};

/** A new category: its names, its parent (the root ACCUEIL for the first level), shown or hidden; it comes last. */
export const categoryCreateSchema = z.object(categoryFields);
export type CategoryCreateForm = z.output<typeof categoryCreateSchema>;

/** A category's form: names, parent (a move), rank among its siblings (1 = first), visibility. */
export const categoryFormSchema = z.object({
  id: intField(amsg("category_not_found")),
  revision,
  ...categoryFields,
  rank: intField(amsg("category_rank_invalid"), { max: 10_000 }),
});
export type CategoryForm = z.output<typeof categoryFormSchema>;

/** A product's image form (the file itself is read apart): the product and the revision its page showed. */
export const productImageSchema = z.object({ id: intField(amsg("catalogue_not_found")), revision });
