import { describe, expect, it } from "vitest";
import fr from "../i18n/locales/fr/validation.json";
import zh from "../i18n/locales/zh/validation.json";
import { VALIDATION_KEYS } from "./keys.ts";
import { MAX_FILTER_CRITERIA, setVolumeRange, emptyFilters } from "../filters.ts";
import { passwordRules } from "./password.ts";

describe("validation catalogues", () => {
  it("hold exactly the keys the schemas use, in fr and zh", () => {
    expect(Object.keys(fr).sort()).toEqual([...VALIDATION_KEYS].sort());
    expect(Object.keys(zh).sort()).toEqual([...VALIDATION_KEYS].sort());
  });

  it("have the texts the spec mandates", () => {
    expect(fr.password_mismatch).toBe("Les deux mots de passe ne sont pas identiques");
    expect(fr.identifier_required).toBe("Veuillez saisir votre identifiant");
    expect(fr.identifier_invalid).toBe("Identifiant incorrect");
  });

  it("have a Chinese text for every key and no empty text", () => {
    for (const key of VALIDATION_KEYS) {
      expect(fr[key].trim()).not.toBe("");
      expect(zh[key]).toMatch(/\p{Script=Han}/u);
    }
  });

  it("cover the keys produced outside the schemas", () => {
    const keys = new Set(VALIDATION_KEYS.map((k) => `validation.${k}`));
    for (const r of passwordRules("")) expect(keys.has(r.key)).toBe(true);
    const bad = setVolumeRange(emptyFilters, 5, 1, { min: 0, max: 10 });
    expect(!bad.ok && keys.has(bad.messageKey)).toBe(true);
    expect(keys.has("validation.filters_too_many")).toBe(true);
    expect(MAX_FILTER_CRITERIA).toBe(10);
  });
});
