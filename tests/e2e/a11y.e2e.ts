// Accessibility of every page (issue 13 item 9): axe finds no serious or critical violation on the pages a
// visitor and a customer reach, in fr and zh, and none scrolls sideways on a 320 px screen. Dialogs and drawers
// are checked where they open (storefront-*, cart, checkout files).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, browserPerFile, newTab, seriousViolations, type Tab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const VISITOR = [
  "/",
  "/product/2-cartons-caisses",
  "/product/boîte-archive-grise-gamme-éco/169",
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
  "/quick-order/purchased",
  "/quick-order/wishlist",
  "/reduction",
  "/paymentcb?order_id=CE2026-000171",
  "/paymentcb?order_id=CE2026-000140",
  "/payment/result/fail?order_id=CE2026-000171",
  "/accountpdfquotations",
  "/accountpdfquotation?id=DV2026-000012",
  "/factures",
  "/avoirs",
  "/order-retrun",
  "/livraisons",
  "/notifications",
  "/une-question",
];

// One test per page (a list in one test outgrows any timeout as pages are added); one logged-in tab per language.
for (const prefix of ["", "/zh"]) {
  describe(`accessibility of every page (${prefix || "fr"})`, () => {
    let visitor: Tab;
    let customer: Tab;
    beforeAll(async () => {
      visitor = await newTab(browser());
      customer = await newTab(browser());
      await loginAs(customer.context, shop, DEMO);
    });
    afterAll(async () => {
      await visitor?.context.close();
      await customer?.context.close();
    });
    const check = async (tab: Tab, path: string) => {
      await tab.page.goto(`${shop.url}${prefix}${path}`);
      await tab.page.waitForLoadState("networkidle");
      expect(await seriousViolations(tab.page)).toEqual([]);
      // WCAG 1.4.10 reflow: at 320 px nothing makes the page scroll sideways (wide tables scroll in their own box).
      await tab.page.setViewportSize({ width: 320, height: 800 });
      const sideways = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await tab.page.setViewportSize(DESKTOP);
      expect(sideways).toBe(0);
    };
    it.each(VISITOR)("visitor page %s has no serious violation", (path) => check(visitor, path));
    it.each(CUSTOMER)("customer page %s has no serious violation", (path) => check(customer, path));
  });
}
