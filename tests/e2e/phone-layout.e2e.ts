// On a 390 px phone nothing is off screen: the product page's models are cards with price, quantity and the
// add button in view, and the account's tables (orders, invoices, credit notes, quotations, discounts, order
// lines, quick order, the return form, the reference check) are cards too, in fr and zh; at 1280 px the models
// are still a table. The phone header is compact and stays (SPEC §4: it hides from 768 px only), its one
// category menu in the menu drawer; the list's filters are a drawer. Screenshots of each page go to E2E_SHOTS
// (default /tmp/e2e-shots).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, browserPerFile, newTab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { CartPage } from "./pages/cart.ts";
import { Header, ProductList, ReturnsPage } from "./pages/index.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";
import { makeTall, seriousViolations } from "./storefront-helpers.ts";

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

/** Closes the cookie banner (shown 1.5 s after load while undecided) without deciding: no ad popup follows. */
async function closeCookieBanner(page: Page, lang: Lang) {
  const banner = page.getByRole("dialog", { name: label(lang, "cookies.title") });
  await banner.waitFor({ timeout: 5000 });
  await banner.getByRole("button", { name: label(lang, "close") }).click();
  await banner.waitFor({ state: "detached" });
}

/** Whether the focus is inside `dialog`. */
const focusIn = (dialog: ReturnType<Page["getByRole"]>) => dialog.evaluate((d) => d.contains(document.activeElement));

/** Presses Tab `n` times and checks that the focus never leaves `dialog`. */
async function tabsStayIn(page: Page, dialog: ReturnType<Page["getByRole"]>, n = 20) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press("Tab");
    expect(await focusIn(dialog)).toBe(true);
  }
}

const PRODUCT = "/product/boîte-archive-grise-gamme-éco/169";
const LIST = "/product/productlist";
const HEADER_MAX_PX = 110;
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

for (const lang of ["fr", "zh"] as const) {
  const t = (key: string, vars?: Record<string, string | number>) => label(lang, key, vars);

  describe(`the header of a 390 px phone (${lang})`, () => {
    it(
      "is one row of icons and the search, stays while scrolling, and has its category menu in the drawer only",
      { timeout: 120_000 },
      async () => {
        const { page, context, errors } = await newTab(browser(), PHONE);
        await page.goto(`${shop.url}${localePath(lang, "/")}`);
        await page.waitForLoadState("networkidle");
        const header = new Header(page, lang);
        const banner = page.getByRole("banner");
        const box = (await banner.boundingBox())!;
        expect(box.height).toBeLessThanOrEqual(HEADER_MAX_PX);
        expect(await sideways(page)).toBe(0);
        // menu, account, quick order and cart on the first row, the search under them, all in view
        for (const link of [
          header.menuButton,
          header.accountLink,
          header.cartLink,
          banner.getByRole("link", { name: t("header.quick_order") }),
        ]) {
          const b = (await link.boundingBox())!;
          expect(b.y + b.height).toBeLessThan(56);
          expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
        }
        expect(await header.searchBox.isVisible()).toBe(true);
        // no category bar in the header: the only category menu is the drawer's
        expect(await header.categoryMenu.count()).toBe(0);
        expect(await header.languageSwitch.count()).toBe(0);
        await closeCookieBanner(page, lang);
        await page.screenshot({ path: join(SHOTS, `phone-header-${lang}.png`) });
        // SPEC §4: below 768 px the header never hides
        await makeTall(page);
        await page.evaluate(() => window.scrollTo(0, 1500));
        await page.waitForTimeout(700);
        expect(await page.locator("header.site-header").getAttribute("data-hidden")).toBe("false");
        expect((await banner.boundingBox())!.y).toBe(0);
        await page.screenshot({ path: join(SHOTS, `phone-header-scrolled-${lang}.png`) });
        await page.evaluate(() => window.scrollTo(0, 0));

        const drawer = await header.openMenu();
        expect(await header.categoryMenu.count()).toBe(1);
        expect(await drawer.getByRole("link", { name: t("header.switch_lang_label") }).count()).toBe(1);
        const first = header.categoryMenu.getByRole("listitem").first();
        const toggle = first.getByRole("button").first();
        await toggle.click();
        expect(await toggle.getAttribute("aria-expanded")).toBe("true");
        const sub = first.getByRole("list").getByRole("link").first();
        await sub.waitFor();
        await page.screenshot({ path: join(SHOTS, `phone-menu-drawer-${lang}.png`) });
        await tabsStayIn(page, drawer);
        expect(await seriousViolations(page)).toEqual([]);
        await sub.click();
        await page.waitForURL(lang === "zh" ? /\/zh\/product\/\d+-/ : /\/product\/\d+-/);
        await drawer.waitFor({ state: "detached" });
        expect(errors).toEqual([]);
        await context.close();
      },
    );

    it("is unchanged on a 1280 px screen: named icons, language link and the category bar, no menu button", async () => {
      const { page, context, errors } = await newTab(browser(), DESKTOP);
      await page.goto(`${shop.url}${localePath(lang, "/")}`);
      await page.waitForLoadState("networkidle");
      const header = new Header(page, lang);
      expect(await header.categoryMenu.isVisible()).toBe(true);
      expect(await header.languageSwitch.isVisible()).toBe(true);
      expect(await header.menuButton.count()).toBe(0);
      expect(await page.getByRole("banner").getByText(t("header.account"), { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("banner").getByText(t("header.cart"), { exact: true }).isVisible()).toBe(true);
      await page.getByRole("banner").screenshot({ path: join(SHOTS, `desktop-header-${lang}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe(`the filters of a list (${lang})`, () => {
    it(
      "open in a drawer on a 390 px phone: its changes build on the latest list, it traps the focus and closes",
      { timeout: 120_000 },
      async () => {
        const { page, context, errors } = await newTab(browser(), PHONE);
        const list = new ProductList(page, lang);
        await page.goto(`${shop.url}${localePath(lang, LIST)}`);
        await page.waitForLoadState("networkidle");
        await closeCookieBanner(page, lang);
        expect(await list.filter("material").count()).toBe(0); // not inline above the list
        await list.sort.selectOption("price_desc");
        await page.waitForURL(/sort=price_desc/);

        const drawer = await list.openFilters();
        await page.screenshot({ path: join(SHOTS, `phone-filters-${lang}.png`) });
        // two values ticked at once: the second change builds on the first one, and both on the sort
        const boxes = drawer.getByRole("group", { name: t("catalogue.list.field.material") }).getByRole("checkbox");
        await boxes.nth(0).click();
        await boxes.nth(1).click();
        await page.waitForURL((u) => (u.searchParams.get("material") ?? "").split(",").length === 2);
        expect(new URL(page.url()).searchParams.get("sort")).toBe("price_desc");
        await expect.poll(() => boxes.nth(1).isChecked(), { timeout: 10_000 }).toBe(true);
        expect(await focusIn(drawer)).toBe(true); // the focus stays in the drawer across the navigations
        const total = await list.total();
        const show = drawer.getByRole("button", { name: t("catalogue.list.filters_show", { count: total }) });
        await show.waitFor();
        await page.screenshot({ path: join(SHOTS, `phone-filters-chosen-${lang}.png`) });
        await tabsStayIn(page, drawer);
        expect(await seriousViolations(page)).toEqual([]);

        // Escape closes and gives the focus back to the button, which names the criteria chosen
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "detached" });
        await expect.poll(() => list.filtersButton.evaluate((b) => b === document.activeElement)).toBe(true);
        expect(await list.filtersButton.getAttribute("aria-expanded")).toBe("false");
        // "Filtres 2" seen, "Filtres, 2 critères sélectionnés" heard
        expect(await list.filtersButton.innerText()).toMatch(new RegExp(`^${t("catalogue.list.filters_button")}\\s*2\\s`));
        const named = new RegExp(`^${t("catalogue.list.filters_button")}\\s*, ${t("catalogue.list.filters_selected", { count: 2 })}$`);
        expect(await page.getByRole("button", { name: named }).count()).toBe(1);
        // the close button closes it too; the products button shows the list
        await list.openFilters();
        await drawer.getByRole("button", { name: t("close") }).click();
        await drawer.waitFor({ state: "detached" });
        await list.openFilters();
        await show.click();
        await drawer.waitFor({ state: "detached" });
        expect(await sideways(page)).toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      },
    );

    it("stay beside the list on a 1280 px screen, without the drawer's button", async () => {
      const { page, context, errors } = await newTab(browser(), DESKTOP);
      const list = new ProductList(page, lang);
      await page.goto(`${shop.url}${localePath(lang, LIST)}`);
      await page.waitForLoadState("networkidle");
      expect(await list.filter("material").isVisible()).toBe(true);
      expect(await list.filtersButton.count()).toBe(0);
      await list.filter("material").getByRole("checkbox").first().click();
      await page.waitForURL(/[?&]material=/);
      await list.activeFilters.first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe(`the return form and the reference check on a 390 px phone (${lang})`, () => {
    it("show their lines as cards, nothing off screen; tables again at 1280 px", async () => {
      const { page, context, errors } = await newTab(browser(), PHONE);
      await loginAs(context, shop, DEMO);
      const returns = new ReturnsPage(page, lang);
      await returns.open(shop.url);
      const form = returns.order("CE2026-000176").getByTestId("return-form");
      const lines = form.locator("tbody tr");
      const ref = (await lines.first().locator("td").nth(1).textContent())!.trim();
      // the card opens with its checkbox and its visible name
      await form.getByText(t("aftersales.select_line", { ref }), { exact: true }).click();
      const quantity = form.getByRole("spinbutton", { name: t("aftersales.quantity_label", { ref }) });
      expect(await quantity.isEnabled()).toBe(true);
      await quantity.fill("1");
      await form.screenshot({ path: join(SHOTS, `phone-return-form-${lang}.png`) });
      expect(await sideways(page)).toBe(0);
      expect(await offScreen(page, '[data-testid="return-form"] tbody :is(td, input, label)')).toEqual([]);
      expect(await lines.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("block");

      await page.goto(`${shop.url}${localePath(lang, "/quick-order/purchased")}`);
      const purchased = page.getByTestId("quick-purchased");
      await purchased.waitFor();
      await page.waitForLoadState("networkidle");
      const known = (await purchased.locator("tbody tr").first().getAttribute("data-reference"))!;
      await page.getByLabel(t("area.qo_textarea")).fill(`${known};2\nINCONNU-999;1`);
      await page.getByRole("button", { name: t("area.qo_check") }).click();
      const result = page.getByTestId("quick-resolution");
      await result.waitFor();
      await result.screenshot({ path: join(SHOTS, `phone-quick-resolution-${lang}.png`) });
      expect(await sideways(page)).toBe(0);
      expect(await offScreen(page, '[data-testid="quick-resolution"] tbody td')).toEqual([]);
      expect(await result.locator("tr[data-line='2']").textContent()).toContain(t("area.qo_unknown_reference"));

      await page.setViewportSize(DESKTOP);
      expect(
        await result
          .locator("tbody tr")
          .first()
          .evaluate((tr) => getComputedStyle(tr).display),
      ).toBe("table-row");
      await returns.open(shop.url);
      expect(await lines.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("table-row");
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
