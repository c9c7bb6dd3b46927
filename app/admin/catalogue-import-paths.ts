// The catalogue import's addresses (admin/catalogue-import.tsx, admin/catalogue-import-run.tsx, admin/catalogue-export.ts).
import type { Lang } from "#core/lang.ts";
import { adminPath } from "./guard.ts";

export const importsPath = (lang: Lang) => adminPath(lang, "/catalogue/import");
export const importPath = (lang: Lang, id: number) => adminPath(lang, `/catalogue/import/${id}`);
export const exportPath = (lang: Lang) => adminPath(lang, "/catalogue/export.csv");
