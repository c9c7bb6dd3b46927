// The shop's contact details have one source (core/documents/seller.ts): the site shows what the PDFs print.
import { describe, expect, it } from "vitest";
import { SELLER } from "#core/documents/seller.ts";
import { SITE_CONFIG } from "./config.ts";
import { SHOPS } from "./shops.ts";
import { CONTENT_PAGE_TRANSLATIONS } from "./pages.ts";

const PHONE = /0[1-9](?:[ .]?\d\d){4}/g;

describe("shop contact details", () => {
  it("are the documents' on the site: config, head-office shop and every information page", () => {
    expect(SITE_CONFIG.phone).toBe(SELLER.phone);
    expect(SITE_CONFIG.email).toBe(SELLER.email);
    expect(SHOPS.find((s) => s.code === "AUB")?.phone).toBe(SELLER.phone);
    const numbers = new Set(CONTENT_PAGE_TRANSLATIONS.flatMap((p) => p.body?.match(PHONE) ?? []));
    expect([...numbers]).toEqual([SELLER.phone]);
  });

  it("give the legal notice the documents' capital", () => {
    const legal = CONTENT_PAGE_TRANSLATIONS.find((p) => p.lang === "fr" && p.title === "Mentions légales");
    expect(legal?.body).toContain(`au capital de ${SELLER.capital}`);
  });
});
