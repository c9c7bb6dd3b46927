// The catalogue calls (SPEC §2, §7; decisions 040–043): product lists, product detail, information pages.
// The list keeps its own paging (`pageSize`, `pages`: the documented exception to the list shape).
import { z } from "zod";
import { FILTER_FIELDS, FLAGS, SORTS } from "../catalogue/sorts.ts";
import { idQuerySchema, listParamsSchema } from "../validation/catalogue.ts";
import { defineCall } from "./contract.ts";

/** One step of a trail (core/breadcrumbs.ts): ACCUEIL at level 0, then one per level down. */
const breadcrumbAnswer = z.object({ url: z.string(), name: z.string(), level: z.number() });

/** A product card (lists, search, home): prices HT as exact decimal texts. */
export const productCardAnswer = z.object({
  id: z.number(),
  name: z.string(),
  reference: z.string(),
  img: z.string().nullable(),
  category_id: z.number(),
  price_from: z.string().describe("Lowest unit price HT among its models on sale, 4 decimals."),
  unit: z.string(),
  is_new: z.boolean(),
  in_promo: z.boolean(),
  price_drop: z.boolean(),
  in_stock: z.boolean(),
  model_id: z
    .number()
    .nullable()
    .describe(
      "The model the add-to-cart button adds: the cheapest that can be bought now (on sale, in stock, purchasable); null when none.",
    ),
  model_price: z.string().optional().describe("Its unit price HT, only when it differs from price_from (decision 086)."),
});

/** A card of a product list or of a product's related products. */
const listCardAnswer = productCardAnswer.extend({
  best_selling: z.boolean(),
  material: z.string().nullable(),
  colour: z.string().nullable(),
  models_count: z.number(),
});

/** A filter field with its values and, per value, the products matching every other field. */
const facetAnswer = z.object({
  field: z.enum(FILTER_FIELDS),
  values: z.array(
    z.object({
      value: z.string(),
      count: z.number().describe("Products matching every other field's filter and this value."),
      selected: z.boolean(),
    }),
  ),
});

const productListAnswer = z.object({
  list: z.array(listCardAnswer),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pages: z.number(),
  sort: z.enum(SORTS),
  flag: z.enum(FLAGS).nullable(),
  /** The applied filters, values comma-separated. */
  filters: z.record(z.string(), z.string()),
  facets: z.array(facetAnswer),
  /** The litres the scope's models span, null when none has a volume. */
  volume_bounds: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The category listed, null for a flag list or every product. */
  category: z
    .object({
      id: z.number(),
      name: z.string(),
      level: z.number(),
      url: z.string(),
      child: z.array(z.object({ id: z.number(), name: z.string(), url: z.string() })),
    })
    .nullable(),
  breadcrumbs: z.array(breadcrumbAnswer),
});

/** A model's current promotion (decimals as texts). */
const modelPromotionAnswer = z.object({
  type: z.number(),
  value: z.string(),
  min_qty: z.number(),
  threshold_pct: z.string().nullable(),
  gifted_units: z.number().nullable(),
  mixed_series: z.string().nullable(),
  special_price: z.string().nullable(),
  ends_at: z.string().nullable(),
});

/** A model of the product page: measures, price and VAT rate (texts), stock and sale flags. */
const productModelAnswer = z.object({
  id: z.number(),
  reference: z.string(),
  label: z.string(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  height_mm: z.number().nullable(),
  capacity: z.string().nullable(),
  unit: z.string(),
  unit_qty: z.number(),
  price: z.string(),
  tva: z.string(),
  stock: z.number(),
  purchasable_qty: z.number(),
  not_for_sale: z.boolean(),
  promotion: modelPromotionAnswer.nullable(),
  group_price: z
    .string()
    .optional()
    .describe("A logged-in buyer of a customer group: the group's unit price HT from one unit, when lower than `price` (decision 157)."),
  group_tiers: z
    .array(z.object({ min: z.number(), price: z.string() }))
    .optional()
    .describe("A logged-in buyer of a customer group: from `min` units, the unit price HT they pay (decision 157)."),
});

const productDetailAnswer = z.object({
  product: z.object({
    id: z.number(),
    name: z.string(),
    reference: z.string(),
    brand: z.string().nullable(),
    material: z.string().nullable(),
    colour: z.string().nullable(),
    img: z.string().nullable(),
    description: z.string().nullable().describe("Trusted HTML written by the shop."),
    category_id: z.number(),
    is_new: z.boolean(),
    best_selling: z.boolean(),
    price_drop: z.boolean(),
    in_promo: z.boolean(),
    in_stock: z.boolean(),
    url: z.string(),
  }),
  models: z.array(productModelAnswer),
  breadcrumbs: z.array(breadcrumbAnswer),
  related: z.array(listCardAnswer),
});

/** An information page; `body` is trusted HTML written by the shop. */
const contentPageAnswer = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string().describe("Trusted HTML written by the shop."),
});

export const index = defineCall({
  method: "POST",
  path: "/site/Product/index",
  input: listParamsSchema,
  output: productListAnswer,
});

export const detail = defineCall({ method: "GET", path: "/site/Product/detail", input: idQuerySchema, output: productDetailAnswer });

export const getPagesInfo = defineCall({
  method: "GET",
  path: "/site/Index/getPagesInfo",
  input: idQuerySchema,
  output: contentPageAnswer,
});

export type ProductCardAnswer = z.output<typeof productCardAnswer>;
export type ListCardAnswer = z.output<typeof listCardAnswer>;
export type FacetAnswer = z.output<typeof facetAnswer>;
export type ProductListAnswer = z.output<typeof productListAnswer>;
export type ProductModelAnswer = z.output<typeof productModelAnswer>;
export type ProductDetailAnswer = z.output<typeof productDetailAnswer>;
export type ContentPageAnswer = z.output<typeof contentPageAnswer>;
