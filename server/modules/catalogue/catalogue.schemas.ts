// Request schemas of the catalogue API (messages are catalogue.* keys, translated by Applang).
import { z } from "zod";

export const SORTS = ["relevance", "price_asc", "price_desc", "new", "best"] as const;
export type Sort = (typeof SORTS)[number];
export const FLAGS = ["whether_new", "whether_promo", "best_selling", "prix-en-baisse"] as const;
export type Flag = (typeof FLAGS)[number];
export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;

const bad = { error: "catalogue.api_invalid_params" };
const one = z.union([z.literal(1), z.literal("1"), z.literal(true)]).optional();

/** POST /site/Product/index: the list params (flat, or under `params`). */
export const listParamsSchema = z.object({
  type: z.coerce.number(bad).int(bad).positive(bad).optional(),
  flag: z.enum(FLAGS, bad).optional(),
  whether_new: one,
  whether_promo: one,
  best_selling: one,
  "prix-en-baisse": one,
  filters: z.record(z.string(bad), z.union([z.string(bad), z.array(z.string(bad))], bad), bad).optional(),
  sort: z.enum(SORTS, bad).optional(),
  page: z.coerce.number(bad).int(bad).min(1, bad).max(10_000, bad).optional(),
  pageSize: z.coerce.number(bad).int(bad).min(1, bad).max(96, bad).optional(),
});
export type ListParamsInput = z.infer<typeof listParamsSchema>;

export const idQuerySchema = z.object({ id: z.coerce.number({ error: "catalogue.api_id_required" }).int({ error: "catalogue.api_id_required" }).positive({ error: "catalogue.api_id_required" }) });
