// A visitor's cart is the browser's, not one tab's: a new tab shows it, and a change in one tab shows in the
// others (badge, side panel lines and the /panier page priced again), in fr and zh. Two pages, one context.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserPerFile, newTab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { CartPage } from "./pages/cart.ts";
import { localePath } from "./pages/labels.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const PRODUCT = "/product/boîte-archive-grise-gamme-éco/169";

/** The enabled add buttons of the product's models table. */
const addButtons = (cart: CartPage) =>
  cart.page.getByRole("table").getByRole("button", { name: new RegExp(`^${cart.text.add}`), disabled: false });

async function addRow(cart: CartPage, i: number) {
  await addButtons(cart).nth(i).click();
  await cart.panel().waitFor();
  await cart.closePanel();
}

const badge = (page: Page) => page.evaluate(() => Number(document.querySelector("[data-testid=cart-badge]")?.textContent?.trim() ?? 0));

for (const lang of ["fr", "zh"] as const) {
  describe(`a visitor's cart across tabs (${lang})`, () => {
    it("shows in a new tab and keeps the tabs in step", async () => {
      const { context, page: first, errors } = await newTab(browser());
      const a = new CartPage(first, lang);
      await first.goto(`${shop.url}${localePath(lang, PRODUCT)}`);
      await first.waitForLoadState("networkidle");
      await addRow(a, 0);
      await a.waitForBadge(1);
      expect(await a.browserCopy()).toMatch(/^v1\./); // encrypted, never in clear

      // a new tab of the same browser: the same cart
      const second = await context.newPage();
      second.on("pageerror", (e) => errors.push(e.message));
      const b = new CartPage(second, lang);
      await second.goto(`${shop.url}${localePath(lang, "/panier")}`);
      await second.getByRole("heading", { level: 1, name: b.text.title }).waitFor();
      await b.lines().first().waitFor();
      expect(await b.lines().count()).toBe(1);
      await b.waitForBadge(1);

      // an add in the first tab: the second's /panier lists it, priced (its line total shown)
      await addRow(a, 1);
      await a.waitForBadge(2);
      await b.waitForBadge(2);
      await expect.poll(() => b.lines().count(), { timeout: 5000 }).toBe(2);
      const names = await b.lineNames();
      expect(names.every((n) => n.trim().length > 0)).toBe(true);

      // a removal in the second tab: the first tab's badge follows
      await b
        .lines()
        .first()
        .getByRole("button", { name: new RegExp(b.text.remove) })
        .click();
      await expect.poll(() => b.lines().count(), { timeout: 5000 }).toBe(1);
      await expect.poll(() => badge(first), { timeout: 5000 }).toBe(1);

      // a reload of the first tab keeps it
      await first.reload();
      await a.waitForBadge(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
