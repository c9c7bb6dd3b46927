// One i18next instance per language, created once with every catalogue loaded: no per-request mutation.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { resources, type Lang } from "./messages.ts";

const NAMESPACES = new Set(["common", "validation", "api", "orders"]);
const instances = new Map<Lang, i18n>();

export function i18nFor(lang: Lang): i18n {
  let inst = instances.get(lang);
  if (!inst) {
    inst = i18next.createInstance();
    void inst.use(initReactI18next).init({
      lng: lang,
      fallbackLng: "fr",
      resources,
      ns: [...NAMESPACES],
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(lang, inst);
  }
  return inst;
}


/** Core and the API name messages "ns.key" (e.g. "validation.email_invalid"); i18next wants "ns:key". */
export function i18nKey(key: string): string {
  const dot = key.indexOf(".");
  return dot > 0 && NAMESPACES.has(key.slice(0, dot)) ? `${key.slice(0, dot)}:${key.slice(dot + 1)}` : key;
}
