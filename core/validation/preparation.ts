// The preparation page and its downloads (DESIGN §9): the queue's filters (a planned delivery day, a delivery mode),
// and the orders a document or a start of preparation is about: the ticked boxes, or, without any, the filter's whole
// day. Messages are "admin.*" keys.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { DELIVERY_MODES } from "../freight-tariff.ts";
import { isIsoDate } from "../aftersales/deliveries.ts";

/** The most orders one page lists, and so one selection holds. */
export const PREPARATION_SELECTION_MAX = 200;

const blank = (v: unknown) => typeof v === "string" && v.trim() === "";
/** A filter left blank in the form is no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

const filter = {
  date: optional(
    text({ error: "admin.orders_planned_invalid" })
      .trim()
      .refine((d) => isIsoDate(d), { error: "admin.orders_planned_invalid" }),
  ),
  mode: optional(z.enum(DELIVERY_MODES, { error: "admin.orders_mode_invalid" })),
};

/** The queue's filters: a planned delivery day (YYYY-MM-DD) and a delivery mode, both optional. */
export const preparationFilterSchema = z.object(filter);
export type PreparationFilter = z.output<typeof preparationFilterSchema>;

const selected = { error: "admin.prep_selection_invalid" };
/** Ticked order ids, each once (a single box sends one value, several a list). */
const orderIds = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(intField(selected), selected)
    .max(PREPARATION_SELECTION_MAX, selected)
    .transform((ids) => [...new Set(ids)]),
);

/**
 * What a document is about: the ticked orders, or when none is ticked the filter's day (a mode narrows it); with
 * neither, "admin.prep_nothing_selected".
 */
export const preparationSelectionSchema = z
  .object({ order: orderIds, ...filter })
  .refine((s) => s.order.length > 0 || s.date !== undefined, { error: "admin.prep_nothing_selected", path: ["order"] })
  .transform(({ order, date, mode }): PreparationSelection => (order.length > 0 ? { ids: order } : { date: date!, mode }));
export type PreparationSelection = { ids: number[] } | { date: string; mode?: PreparationFilter["mode"] };

/** Starting the preparation of the ticked orders. */
export const startPreparationSchema = z.object({
  intent: z.literal("start_preparation", selected),
  order: orderIds.refine((ids) => ids.length > 0, { error: "admin.prep_nothing_ticked" }),
});

/** A download's search parameters as the schemas read them: `order` as its list, `date` and `mode` once. */
export function preparationParams(params: URLSearchParams): Record<string, string | string[] | undefined> {
  return { order: params.getAll("order"), date: params.get("date") ?? undefined, mode: params.get("mode") ?? undefined };
}

/** The refusals a download sends back to the page (`?refused=`): the page says only these. */
export const PREPARATION_REFUSALS = [
  "admin.prep_selection_invalid",
  "admin.prep_nothing_selected",
  "admin.prep_nothing_found",
  "admin.prep_day_by_job",
  "admin.orders_planned_invalid",
  "admin.orders_mode_invalid",
] as const;

/** The papers a download gives: the picking list, the delivery slips, or both in one file. */
export const PREPARATION_FILES = ["picking", "slips", "all"] as const;
export type PreparationFile = (typeof PREPARATION_FILES)[number];

const FILE_PREFIX: Record<PreparationFile, string> = { picking: "liste-de-preparation", slips: "bons-de-livraison", all: "preparation" };

/** A paper's file name: what it is and what it is about (a day, an order number), `-zh` when in Chinese. */
export const preparationFileName = (file: PreparationFile, about: string, lang: "fr" | "zh") =>
  `${FILE_PREFIX[file]}-${about}${lang === "zh" ? "-zh" : ""}.pdf`;

/** A whole day's papers, made by a job (core/jobs.ts): which papers, and the day's filter. */
export const preparationJobSchema = z
  .object({ file: z.enum(PREPARATION_FILES, { error: "admin.prep_selection_invalid" }), ...filter })
  .refine((j) => j.date !== undefined, { error: "admin.prep_nothing_selected", path: ["date"] })
  .transform(({ file, date, mode }) => ({ file, date: date!, mode }));
export type PreparationJob = z.output<typeof preparationJobSchema>;
