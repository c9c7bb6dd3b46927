// The catalogue import's forms (decision 152): the column mapping sent with a dry run, and the name of a preset.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { msg } from "./keys.ts";
import { CSV_READ_MAX_COLUMNS } from "#core/csv-read.ts";
import { IMPORT_FIELDS, type ColumnMapping } from "#core/catalogue/import-csv.ts";

export const IMPORT_PRESET_NAME_MAX = 60;

/** A preset's name: optional (empty: nothing saved), one line, at most 60 characters. */
export const importPresetNameSchema = text()
  .trim()
  .max(IMPORT_PRESET_NAME_MAX, { error: "admin.import_preset_name_too_long" })
  .optional()
  .default("");

/** The mapping of `columns` columns from the form's `col_<i>` fields: a field, or "" (left out); anything else is "". */
export function mappingFromForm(fields: Record<string, unknown>, columns: number): ColumnMapping {
  return Array.from({ length: Math.min(columns, CSV_READ_MAX_COLUMNS) }, (_, i) => {
    const v = fields[`col_${i}`];
    return typeof v === "string" && (IMPORT_FIELDS as readonly string[]).includes(v) ? (v as ColumnMapping[number]) : "";
  });
}

/** The dry-run table's filter and page, from the address. */
export const importLinesQuerySchema = z.object({
  filter: z.enum(["all", "updated", "unchanged", "refused"]).catch("all"),
  page: intField(msg("page_invalid"), { max: 1_000_000 }).catch(1),
});
