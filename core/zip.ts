// Zip-code prefixes (SPEC §9: "Zip prefix = first 2 characters"), matched against the config
// lists parisProvinceZipcode, paletteBlockZipcode and optionRdvBlockZipcode.

/** First 2 characters of the trimmed zip code ("" when shorter). "75011" -> "75". */
export function zipPrefix(zip: string | null | undefined): string {
  const z = (zip ?? "").trim();
  return z.length >= 2 ? z.slice(0, 2) : "";
}

/** A config prefix list as an array: accepts ["75","92"] or "75,92" (or with spaces). */
export function prefixList(list: readonly string[] | string | null | undefined): string[] {
  if (list === null || list === undefined) return [];
  const items = typeof list === "string" ? list.split(/[\s,;]+/) : list;
  return items.map((p) => String(p).trim()).filter((p) => p !== "");
}

/** Whether the zip code's 2-character prefix is in the list. An empty zip never matches. */
export function zipInPrefixList(zip: string | null | undefined, list: readonly string[] | string | null | undefined): boolean {
  const p = zipPrefix(zip);
  return p !== "" && prefixList(list).includes(p);
}
