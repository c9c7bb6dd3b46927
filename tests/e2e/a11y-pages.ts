// Accessibility of every page (a11y.e2e.ts in French, a11y-zh.e2e.ts in Chinese): axe finds no serious or critical
// violation on the pages a visitor and a customer reach, with a line in the cart and the cookie choice made, and
// none scrolls sideways on a 320 px screen; the cookie drawer open is checked over one page of each layout
// (decision 129). Other dialogs and drawers are checked where they open (storefront-*, cart, checkout files).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, newTab, seriousViolations, type Tab, type browserPerFile } from "./browser.ts";
import type { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { label } from "./pages/labels.ts";

type Shop = ReturnType<typeof shopPerFile>;
type BrowserOf = ReturnType<typeof browserPerFile>;

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

/** One page of each layout (home, list, product, form, cart, account, checkout, payment), checked again with the
 * cookie drawer open: the drawer is the same on every page, and the page beside it (a banner, not a modal) is the
 * page checked with the choice made (decision 129). */
const DRAWER_OPEN = {
  visitor: ["/", "/product/2-cartons-caisses", "/product/boîte-archive-grise-gamme-éco/169", "/connexion", "/panier"],
  customer: ["/mon-compte", "/commande", "/paymentcb?order_id=CE2026-000171"],
};

type Drawer = "open" | "closed";
/** Pages with no start dialogs: the error page and the payment result (no header, no footer). */
const WITHOUT_START_DIALOGS = ["/page-inconnue", "/payment/result/fail?order_id=CE2026-000171"];

/** A visitor's cart line, added on a product page (the header's cart link then names its count). */
async function addVisitorLine(shop: Shop, tab: Tab, prefix: string) {
  await tab.page.goto(`${shop.url}${prefix}/product/boîte-archive-grise-gamme-éco/169`);
  await tab.page.waitForLoadState("networkidle");
  await tab.page
    .getByRole("button", { name: label(prefix ? "zh" : "fr", "cart.add"), exact: false })
    .first()
    .click();
  await tab.page.getByTestId("cart-badge").waitFor();
  await tab.page.keyboard.press("Escape"); // the side panel
}

/** The cookie choice made once (Accept), and the ad popup that follows it seen: no start dialog opens again today. */
async function decideCookies(shop: Shop, tab: Tab, lang: "fr" | "zh") {
  await tab.page.goto(`${shop.url}${lang === "zh" ? "/zh" : ""}/`);
  const banner = tab.page.getByRole("dialog", { name: label(lang, "cookies.title") });
  await banner.getByRole("button", { name: label(lang, "cookies.accept") }).click();
  await tab.page.getByRole("dialog").waitFor();
  await tab.page.keyboard.press("Escape");
  await tab.page.getByRole("dialog").waitFor({ state: "detached" });
}

/**
 * The checks of one language, for its own test file (the two languages run in parallel files). One test per page (a
 * list in one test outgrows any timeout as pages are added); one tab per visitor or customer and cookie drawer open
 * (undecided) or closed (decided), each with a line in its cart.
 */
export function everyPageIsAccessible(lang: "fr" | "zh", shop: Shop, browser: BrowserOf) {
  const prefix = lang === "zh" ? "/zh" : "";
  describe(`accessibility of every page (${lang})`, () => {
    const tabs = {} as Record<`${"visitor" | "customer"}-${Drawer}`, Tab>;
    beforeAll(async () => {
      const login = await shop.api<{ token: string }>("/site/user/login", { identifier: DEMO.identifier, password: DEMO.password });
      await shop.api("/site/Customer/addShoppingCart", { arr: [{ model_id: 1, num: 1 }] }, { token: login.data.token });
      for (const who of ["visitor", "customer"] as const)
        for (const drawer of ["open", "closed"] as const) {
          const tab = await newTab(browser());
          if (who === "customer") await loginAs(tab.context, shop, DEMO);
          else await addVisitorLine(shop, tab, prefix);
          if (drawer === "closed") await decideCookies(shop, tab, lang);
          tabs[`${who}-${drawer}`] = tab;
        }
    }, 120_000);
    afterAll(async () => {
      for (const tab of Object.values(tabs)) await tab.context.close();
    });
    const check = async (who: "visitor" | "customer", drawer: Drawer, path: string) => {
      const tab = tabs[`${who}-${drawer}`];
      await tab.page.goto(`${shop.url}${prefix}${path}`);
      await tab.page.waitForLoadState("networkidle");
      // the header's cart link with its count (a page without header: the payment result)
      if ((await tab.page.getByRole("banner").count()) > 0) await tab.page.getByTestId("cart-badge").waitFor();
      const banner = tab.page.getByRole("dialog", { name: label(lang, "cookies.title") });
      if (drawer === "open" && !WITHOUT_START_DIALOGS.includes(path)) await banner.waitFor();
      else expect(await tab.page.getByRole("dialog").count()).toBe(0);
      expect(await seriousViolations(tab.page)).toEqual([]);
      if (drawer === "open") return;
      // WCAG 1.4.10 reflow: at 320 px nothing makes the page scroll sideways (wide tables scroll in their own box).
      await tab.page.setViewportSize({ width: 320, height: 800 });
      const sideways = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await tab.page.setViewportSize(DESKTOP);
      expect(sideways).toBe(0);
    };
    const pages = { visitor: VISITOR, customer: CUSTOMER };
    for (const drawer of ["open", "closed"] as const)
      for (const who of ["visitor", "customer"] as const)
        it.each(drawer === "open" ? DRAWER_OPEN[who] : pages[who])(
          `${who} page %s, cookie drawer ${drawer}, has no serious violation`,
          (path) => check(who, drawer, path),
        );
  });
}
