import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { categoryUrl, contentUrl, idFromParam, langOfPath, listFlagsFor, localePath, productUrl, slugify, stripLocale } from "./slug.ts";

describe("slugify", () => {
  it("follows the spec rule", () => {
    expect(slugify("Carton Double Cannelure")).toBe("carton-double-cannelure");
    expect(slugify("Sacs & Cabas, kraft")).toBe("sacs-cabas-kraft");
    expect(slugify("a  -  b")).toBe("a-b");
    expect(slugify("  Film étirable  ")).toBe("film-étirable");
  });

  it("keeps accents and Chinese, turns apostrophes and other signs into hyphens", () => {
    expect(slugify("Métiers")).toBe("métiers");
    expect(slugify("Comptoir de l'Emballage")).toBe("comptoir-de-l-emballage");
    expect(slugify("Boîte à œufs’")).toBe("boîte-à-œufs");
    expect(slugify("纸箱 & 包装")).toBe("纸箱-包装");
    expect(slugify("Sac 2.5 L / 50µm (x100) 100%")).toBe("sac-2-5-l-50µm-x100-100");
    expect(slugify("E\u0301TUI")).toBe("étui"); // decomposed accent normalised to NFC
    expect(slugify("&&&")).toBe("");
  });

  it("is idempotent and only yields URL-safe path segments", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const slug = slugify(s);
        expect(slugify(slug)).toBe(slug);
        expect(slug).not.toMatch(/[\s&,/?#%'"]|--|^-|-$/);
        expect(slug).toBe(slug.toLowerCase());
      }),
    );
  });
});

describe("URL builders", () => {
  it("builds product-detail URLs", () => {
    expect(productUrl("fr", { id: 42, name: "Carton Simple Cannelure" })).toBe("/product/carton-simple-cannelure/42");
    expect(productUrl("zh", { id: 42, name: "单瓦楞纸箱" })).toBe("/zh/product/单瓦楞纸箱/42");
    expect(productUrl("fr", { id: 7, name: "!!!" })).toBe("/product/produit/7");
  });

  it("builds list and content URLs", () => {
    expect(categoryUrl("fr", { id: 3, name: "Métiers" })).toBe("/product/3-métiers");
    expect(categoryUrl("zh", { id: 3, name: "Sacs & Cabas" })).toBe("/zh/product/3-sacs-cabas");
    expect(contentUrl("fr", { id: 2, name: "CGV" })).toBe("/content/2-cgv");
  });

  it("reads the id back from a list param", () => {
    expect(idFromParam("3-métiers")).toBe(3);
    expect(idFromParam("12")).toBe(12);
    expect(idFromParam("abc-3")).toBeNull();
    expect(idFromParam("0-x")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.string(), (id, name) => {
        expect(idFromParam(categoryUrl("fr", { id, name }).slice("/product/".length))).toBe(id);
      }),
    );
  });
});

describe("langOfPath", () => {
  it("is zh for /zh and what lies under it, fr for anything else", () => {
    expect(langOfPath("/zh")).toBe("zh");
    expect(langOfPath("/zh/")).toBe("zh");
    expect(langOfPath("/zh/panier")).toBe("zh");
    expect(langOfPath("/zh?x=1")).toBe("zh");
    expect(langOfPath("/zh/recherche?search=a")).toBe("zh");
    expect(langOfPath("/zh#top")).toBe("zh");
    expect(langOfPath("/zhx")).toBe("fr");
    expect(langOfPath("/zhong/panier")).toBe("fr");
    expect(langOfPath("/zh.data")).toBe("fr");
    expect(langOfPath("/")).toBe("fr");
    expect(langOfPath("/panier?lang=zh")).toBe("fr");
    expect(langOfPath("/ZH")).toBe("fr");
    expect(langOfPath("zh")).toBe("fr");
    expect(langOfPath("")).toBe("fr");
  });
  it("agrees with localePath and stripLocale, a query string or not", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.constantFrom("fr" as const, "zh" as const),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom("", "?x=1", "?"),
        (lang, segments, query) => {
          const p = localePath(lang, `/${segments.join("/")}${query}`);
          expect(langOfPath(p)).toBe(lang);
          expect(stripLocale(p).lang).toBe(lang);
        },
      ),
    );
  });
});

describe("localePath", () => {
  it("prefixes /zh for zh only, never twice", () => {
    expect(localePath("fr", "/panier")).toBe("/panier");
    expect(localePath("zh", "/panier")).toBe("/zh/panier");
    expect(localePath("zh", "/")).toBe("/zh");
    expect(localePath("zh", "/zh/panier")).toBe("/zh/panier");
    expect(localePath("fr", "/zh/panier")).toBe("/panier");
    expect(localePath("zh", "recherche?search=a")).toBe("/zh/recherche?search=a");
  });
  it("round-trips with stripLocale", () => {
    expect(stripLocale("/zh")).toEqual({ lang: "zh", path: "/" });
    expect(stripLocale("/zhong")).toEqual({ lang: "fr", path: "/zhong" });
    const segment = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.constantFrom("fr" as const, "zh" as const), fc.array(segment, { maxLength: 4 }), (lang, segments) => {
        const p = `/${segments.join("/")}`;
        const r = stripLocale(localePath(lang, p));
        expect(r.lang).toBe(lang);
        expect(localePath(lang, r.path)).toBe(localePath(lang, p));
      }),
    );
  });
});

describe("listFlagsFor", () => {
  it("maps the special lists to their flag and ignores the category", () => {
    expect(listFlagsFor("nouveaux-produits", 5)).toEqual({ whether_new: 1 });
    expect(listFlagsFor("promotions")).toEqual({ whether_promo: 1 });
    expect(listFlagsFor("/zh/meilleures-ventes")).toEqual({ best_selling: 1 });
    expect(listFlagsFor("Prix-en-baisse")).toEqual({ "prix-en-baisse": 1 });
  });
  it("uses type = category id for any other list", () => {
    expect(listFlagsFor("product-id", 12)).toEqual({ type: 12 });
    expect(listFlagsFor("recherche")).toEqual({});
  });
});
