// On a 390 px phone nothing is off screen: the product page's models are cards with price, quantity and the
// add button in view, and the account's tables (orders, invoices, credit notes, quotations, discounts, order
// lines, quick order) are cards too, in fr and zh; at 1280 px the models are still a table. Screenshots of
// each page go to E2E_SHOTS (default /tmp/e2e-shots).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, browserPerFile, newTab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { CartPage } from "./pages/cart.ts";
import { localePath } from "./pages/labels.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS ?? "/tmp/e2e-shots";
mkdirSync(SHOTS, { recursive: true });

/** How far the page is wider than the screen (0 when nothing scrolls sideways). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The elements of `selector` that are not wholly within the screen's width, as "tag text". */
async function offScreen(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < 0 || r.right > window.innerWidth);
      })
      .map((e) => `${e.tagName.toLowerCase()} ${(e.textContent ?? "").trim().slice(0, 40)}`),
  );
}

const PRODUCT = "/product/boîte-archive-grise-gamme-éco/169";
const ACCOUNT = [
  ["/historique-commandes", "order-history"],
  ["/factures", "invoice-list"],
  ["/avoirs", "credit-note-list"],
  ["/accountpdfquotations", "quotation-list"],
  ["/reduction", "coupon-list"],
  ["/order-detail?id=CE2026-000123", "order-lines"],
  ["/accountpdfquotation?id=DV2026-000012", "quotation-lines"],
  ["/quick-order/purchased", "quick-purchased"],
] as const;

for (const lang of ["fr", "zh"] as const) {
  describe(`a 390 px phone (${lang})`, () => {
    it("shows each model of a product as a card, price, quantity and add button in view, and adds", async () => {
      const { page, context, errors } = await newTab(browser(), PHONE);
      const cart = new CartPage(page, lang);
      await page.goto(`${shop.url}${localePath(lang, PRODUCT)}`);
      await page.waitForLoadState("networkidle");
      const rows = page.locator("main table tbody tr");
      expect(await rows.count()).toBeGreaterThan(1);
      await page.screenshot({ path: join(SHOTS, `phone-product-${lang}.png`), fullPage: true });
      await rows.nth(1).screenshot({ path: join(SHOTS, `phone-product-card-${lang}.png`) });
      expect(await sideways(page)).toBe(0);
      // every cell of every model, its add button and quantity field included, is within the screen
      expect(await offScreen(page, "main table tbody :is(td, th), main table tbody button, main table tbody input")).toEqual([]);
      const add = rows.first().getByRole("button", { name: new RegExp(`^${cart.text.add}`) });
      const box = (await add.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // the price of the row is shown with its column's name
      expect(
        await rows
          .first()
          .locator("td")
          .nth(3)
          .evaluate((td) => getComputedStyle(td, "::before").content),
      ).not.toBe("none");
      await add.click();
      await cart.panel().waitFor();
      await cart.waitForBadge(1);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("keeps the models table a table on a 1280 px screen, every column in view", async () => {
      const { page, context, errors } = await newTab(browser(), DESKTOP);
      await page.goto(`${shop.url}${localePath(lang, PRODUCT)}`);
      await page.waitForLoadState("networkidle");
      const table = page.locator("main table").first();
      expect(await table.locator("thead").isVisible()).toBe(true);
      expect(
        await table
          .locator("tbody tr")
          .first()
          .evaluate((tr) => getComputedStyle(tr).display),
      ).toBe("table-row");
      expect(await sideways(page)).toBe(0);
      expect(await offScreen(page, "main table :is(th, td), main table tbody button")).toEqual([]);
      await table.screenshot({ path: join(SHOTS, `desktop-product-models-${lang}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    });

    it.each(ACCOUNT)("shows the account table of %s as cards, nothing off screen", async (path, testId) => {
      const { page, context, errors } = await newTab(browser(), PHONE);
      await loginAs(context, shop, DEMO);
      await page.goto(`${shop.url}${localePath(lang, path.split("?")[0]!)}${path.includes("?") ? `?${path.split("?")[1]}` : ""}`);
      const table = page.getByTestId(testId);
      await table.waitFor();
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: join(SHOTS, `phone${path.replace(/[/?=]/g, "-")}-${lang}.png`), fullPage: true });
      expect(await sideways(page)).toBe(0);
      expect(await offScreen(page, `[data-testid="${testId}"] tbody :is(td, th, a, button)`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
