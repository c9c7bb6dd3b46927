// The shop's languages (SPEC §1): French by default and as fallback, Chinese under /zh. The one Lang type.
export const LANGS = ["fr", "zh"] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(v: unknown): v is Lang {
  return v === "fr" || v === "zh";
}
