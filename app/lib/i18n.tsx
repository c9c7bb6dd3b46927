// Page text: the language comes from the URL (root data), text from the catalogues (messages.ts).
// A plain lookup: i18next cost ~16 % of a home render here (decision 004).
import { createContext, useContext, useMemo } from "react";
import { translate, type Lang, type Vars } from "#core/i18n/translate.ts";

const LangContext = createContext<Lang>("fr");

export function LangProvider({ lang, children }: { lang: Lang; children: React.ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

export const useLang = () => useContext(LangContext);

export type T = (key: string, vars?: Vars) => string;

/** `t("header.cart")` reads the common namespace; "validation.x", "api.x", "orders.x" name theirs. */
export function useT(): { t: T; lang: Lang } {
  const lang = useLang();
  return useMemo(() => ({ lang, t: (key: string, vars?: Vars) => translate(lang, key, vars, "common") }), [lang]);
}
