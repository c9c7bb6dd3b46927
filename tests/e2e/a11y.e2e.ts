// Accessibility of every page (issue 13 item 9): axe finds no serious or critical violation on the pages a
// visitor and a customer reach, in fr and zh. Dialogs and drawers are checked where they open (storefront-*,
// cart, checkout files).
import { describe, expect, it } from "vitest";
import { browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const VISITOR = [
  "/connexion",
  "/reg",
  "/recuperation-mot-de-passe",
  "/magasins",
  "/content/2-cgv",
  "/recherche?search=carton",
  "/panier",
  "/page-inconnue",
];
const CUSTOMER = [
  "/mon-compte",
  "/identite",
  "/adresses",
  "/historique-commandes",
  "/order-detail?id=CE2026-000123",
  "/suivi-commande",
  "/panier",
  "/commande",
];

describe("accessibility of every page", () => {
  for (const prefix of ["", "/zh"]) {
    it(`visitor pages have no serious violation (${prefix || "fr"})`, async () => {
      const { page, context } = await newTab(browser());
      for (const path of VISITOR) {
        await page.goto(`${shop.url}${prefix}${path}`);
        await page.waitForLoadState("networkidle");
        expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });

    it(`customer pages have no serious violation (${prefix || "fr"})`, async () => {
      const { page, context } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      for (const path of CUSTOMER) {
        await page.goto(`${shop.url}${prefix}${path}`);
        await page.waitForLoadState("networkidle");
        expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });
  }
});
