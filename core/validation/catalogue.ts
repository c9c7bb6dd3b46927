// Request schemas of the catalogue API (messages are catalogue.* keys, translated by Applang).
import { z } from "zod";
import { FLAGS, PAGE_SIZES, SORTS } from "../catalogue/sorts.ts";
import { intField, text } from "./common.ts";

const bad = { error: "catalogue.api_invalid_params" };
const one = z.union([z.literal(1), z.literal("1"), z.literal(true)]).optional();
const MAX_PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];

/** POST /site/Product/index: the list params (flat, or under `params`). */
export const listParamsSchema = z.object({
  type: intField(bad).optional(),
  flag: z.enum(FLAGS, bad).optional(),
  whether_new: one,
  whether_promo: one,
  best_selling: one,
  "prix-en-baisse": one,
  filters: z.record(text(bad), z.union([text(bad), z.array(text(bad))], bad), bad).optional(),
  sort: z.enum(SORTS, bad).optional(),
  page: intField(bad, { max: 10_000 }).optional(),
  pageSize: intField(bad, { max: MAX_PAGE_SIZE }).optional(),
});
export type ListParamsInput = z.infer<typeof listParamsSchema>;

const idRequired = { error: "catalogue.api_id_required" };
/** GET /site/Product/detail and /site/Index/getPagesInfo: `?id=`. */
export const idQuerySchema = z.object({ id: intField(idRequired) });
