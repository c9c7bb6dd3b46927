// The preparation's downloads (admin/preparation-file.ts serves them): one path per paper, the orders in the search
// parameters (ticked `order` ids, or a `date` and a `mode`).
import type { Lang } from "#core/lang.ts";
import { PREPARATION_FILES, type PreparationFile } from "#core/validation/preparation.ts";
import { adminPath } from "./guard.ts";

const NAMES: Record<PreparationFile, string> = { picking: "liste.pdf", slips: "bons.pdf", all: "dossier.pdf" };

/** The file a path's last segment names, or null. */
export const preparationFileOf = (name: string | undefined): PreparationFile | null =>
  PREPARATION_FILES.find((f) => NAMES[f] === name) ?? null;

/** A download's address: `preparationFilePath("zh", "picking", { date: "2026-11-26" })`. */
export function preparationFilePath(lang: Lang, kind: PreparationFile, params: Record<string, string | number | undefined> = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return adminPath(lang, `/preparation/${NAMES[kind]}`) + (s ? `?${s}` : "");
}
