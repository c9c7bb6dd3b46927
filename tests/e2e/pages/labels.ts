// Labels come from the shop's own fr and zh catalogues, so one page object serves both languages.
import { translate, type Lang, type Vars } from "#core/i18n/messages.ts";

export type { Lang };

/** The text the page shows for "ns.key" in `lang`. */
export const label = (lang: Lang, key: string, vars?: Vars) => translate(lang, key, vars, "common");

/** Path of a French page in `lang` ("/reg" → "/zh/reg"; "/" → "/zh"). */
export const localePath = (lang: Lang, path: string) => (lang === "fr" ? path : path === "/" ? "/zh" : `/zh${path}`);
