// Quick order, wishlist, discounts and the account menu (decision 081) in Chromium
// against the built shop: reorder two lines from the purchased list, a CSV file with a bad line, a wishlist
// heart on a product page then removed from the list, the coupons on /reduction, in fr and zh.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { SIGN_SECRET, shopPerFile } from "./shop.ts";
import { sign } from "../../server/http/signature.ts";
import { browserPerFile, newTab, DESKTOP } from "./browser.ts";
import { DEMO, loginAs } from "./customers.ts";
import { CartPage } from "./pages/cart.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";
import type { PurchasedItemAnswer } from "#core/contracts/quick-order.ts";
import type { ListPage } from "#core/list-page.ts";

const shop = shopPerFile();
const browser = browserPerFile();

/** A tab logged in as the demo customer at `path`, once the session is known in the page (header title). */
async function open(lang: Lang, path: string, viewport = DESKTOP) {
  const tab = await newTab(browser(), viewport);
  await loginAs(tab.context, shop, DEMO);
  await tab.page.goto(`${shop.url}${localePath(lang, path)}`);
  await tab.page.waitForLoadState("networkidle");
  await tab.page
    .getByRole("banner")
    .getByRole("link", { name: label(lang, "header.account"), exact: true })
    .and(tab.page.locator(`[title="${DEMO.email}"]`))
    .waitFor();
  return tab;
}

/** A signed GET of the API as the demo customer. */
let token: string | undefined;
async function demoGet<T>(path: string): Promise<T> {
  token ??= (await shop.api<{ token: string }>("/site/user/login", { identifier: DEMO.identifier, password: DEMO.password })).data.token;
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(`${shop.url}${path}?t=${t}&at=${encodeURIComponent(sign(t, path, SIGN_SECRET))}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: T }).data;
}

/** The demo customer's purchased models that can be bought now. */
async function buyable(): Promise<PurchasedItemAnswer[]> {
  return (await demoGet<ListPage<PurchasedItemAnswer>>("/site/Customer/purchasedList")).list.filter((i) => i.max >= 3);
}

/** Opens /panier and waits for a line of each reference; answers every line's text. */
async function cartWith(page: Page, lang: Lang, refs: string[]): Promise<string> {
  const cart = new CartPage(page, lang);
  await cart.open();
  for (const ref of refs) await cart.lines().filter({ hasText: ref }).first().waitFor();
  return (await cart.lines().allTextContents()).join("\n");
}

const badge = async (page: Page) => new CartPage(page).badgeCount();

describe("quick order", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`reorders two lines from the purchased list: badge and /panier show them (${lang})`, async () => {
      const { page, context, errors } = await open(lang, "/quick-order/purchased");
      await page.getByRole("heading", { level: 1, name: label(lang, "area.qo_title") }).waitFor();
      const table = page.getByTestId("quick-purchased");
      await table.waitFor();
      const rows = table.locator("tbody tr").filter({ has: page.locator("input[type=checkbox]:not([disabled])") });
      expect(await rows.count()).toBeGreaterThanOrEqual(2);
      const refs = await Promise.all([0, 1].map(async (i) => (await rows.nth(i).getAttribute("data-reference"))!));
      // last price and last date are shown
      await table.getByRole("columnheader", { name: label(lang, "area.qo_col_last_price") }).waitFor();
      const before = await badge(page);
      for (const ref of refs) await page.getByRole("checkbox", { name: label(lang, "area.qo_select_line", { ref }) }).check();
      // two units of the second line
      await page
        .getByRole("group", { name: label(lang, "area.qo_qty_for", { ref: refs[1] }) })
        .getByRole("spinbutton")
        .fill("2");
      await page.getByRole("button", { name: label(lang, "area.qo_add_selected") }).click();
      await page.waitForFunction(
        (want) => Number(document.querySelector("[data-testid=cart-badge]")?.textContent?.trim()) === want,
        before + 3,
      );
      await cartWith(page, lang, refs);
      // the account menu marks the quick-order entry on the quick-order page
      await page.goto(`${shop.url}${localePath(lang, "/quick-order/purchased")}`);
      const menu = page.getByRole("navigation", { name: label(lang, "area.menu.label") });
      expect(await menu.getByRole("link", { name: label(lang, "area.menu.quick_order") }).getAttribute("aria-current")).toBe("page");
      expect(await menu.getByRole("link", { name: label(lang, "area.menu.discounts") }).getAttribute("href")).toBe(
        localePath(lang, "/reduction"),
      );
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`orders by reference from a CSV file with a bad line: the bad line refused with its reason, the others added (${lang})`, async () => {
      const [a, b] = await buyable();
      const { page, context, errors } = await open(lang, "/quick-order/purchased");
      const csv = `Référence;Quantité\n${a.reference};2\nINCONNU-999;1\n${b.reference.toLowerCase()},1\n`;
      await page
        .getByLabel(label(lang, "area.qo_file"))
        .setInputFiles({ name: "commande.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: label(lang, "area.qo_check") }).click();
      const result = page.getByTestId("quick-resolution");
      await result.waitFor();
      await page
        .getByRole("status")
        .filter({
          hasText: label(lang, "area.qo_summary", {
            valid: label(lang, "area.qo_valid", { count: 2 }),
            refused: label(lang, "area.qo_refused", { count: 1 }),
          }),
        })
        .waitFor();
      const bad = result.locator("tr[data-line='3']");
      expect(await bad.getAttribute("data-status")).toBe("refused");
      expect(await bad.textContent()).toContain(label(lang, "area.qo_unknown_reference"));
      expect(await result.locator("tr[data-line='2']").getAttribute("data-status")).toBe("ok");
      expect(await result.locator("tr[data-line='4']").getAttribute("data-status")).toBe("ok");
      const before = await badge(page);
      await page.getByRole("button", { name: label(lang, "area.qo_add_valid") }).click();
      await page.waitForFunction(
        (want) => Number(document.querySelector("[data-testid=cart-badge]")?.textContent?.trim()) === want,
        before + 3,
      );
      const inCart = await cartWith(page, lang, [a.reference, b.reference]);
      expect(inCart).not.toContain("INCONNU-999");
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`refuses more than 500 pasted lines in the browser (${lang})`, async () => {
      const { page, context } = await open(lang, "/quick-order/wishlist");
      const text = Array.from({ length: 501 }, (_, i) => `R${i};1`).join("\n");
      await page.getByLabel(label(lang, "area.qo_textarea")).fill(text);
      await page.getByRole("button", { name: label(lang, "area.qo_check") }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: label(lang, "area.qo_too_many_lines", { max: 500 }) })
        .waitFor();
      expect(await page.getByTestId("quick-resolution").count()).toBe(0);
      await context.close();
    });
  }

  it("adds a reference to the wishlist from its product page and removes it from the wishlist", async () => {
    const items = await buyable();
    const saved = (await demoGet<{ references: string[] }>("/site/Customer/wishlistRefs")).references;
    const item = items.find((i) => !saved.includes(i.reference.toUpperCase()))!;
    const { page, context, errors } = await open("fr", item.url);
    const row = page.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: item.reference, exact: true }) });
    const heart = row.getByTestId("wishlist-toggle");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    expect(await heart.getAttribute("aria-label")).toMatch(/^Ajouter .* aux favoris$/);
    await heart.click();
    await page.waitForFunction((el) => el?.getAttribute("aria-pressed") === "true", await heart.elementHandle());
    expect(await heart.getAttribute("aria-label")).toMatch(/^Retirer .* des favoris$/);

    await page.goto(`${shop.url}/quick-order/wishlist`);
    await page.waitForLoadState("networkidle");
    const line = page.getByTestId("quick-wishlist").locator(`tr[data-reference="${item.reference}"]`);
    await line.waitFor();
    const remove = line.getByTestId("wishlist-toggle");
    await page.waitForFunction((el) => el?.getAttribute("aria-pressed") === "true", await remove.elementHandle());
    await remove.click();
    await line.waitFor({ state: "detached" });
    await page.reload();
    await page.getByTestId("quick-wishlist").waitFor();
    expect(await page.locator(`tr[data-reference="${item.reference}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ["fr", "zh"] as const) {
    it(`lists the coupons on /reduction, one used and one usable, under the account menu (${lang})`, async () => {
      const { page, context, errors } = await open(lang, "/reduction");
      await page.getByRole("heading", { level: 1, name: label(lang, "area.reduction_title") }).waitFor();
      const list = page.getByTestId("coupon-list");
      const used = list.locator('tr[data-code="RENTREE-C100001"]');
      expect(await used.getAttribute("data-state")).toBe("used");
      expect(await used.textContent()).toContain(label(lang, "area.reduction_used"));
      const usable = list.locator('tr[data-code="PRO15-C100001"]');
      expect(await usable.getAttribute("data-state")).toBe("usable");
      expect(await usable.textContent()).toContain(label(lang, "area.reduction_usable"));
      expect(await usable.textContent()).toContain(lang === "fr" ? "200,00\u00a0€\u00a0HT" : "200.00");
      // another customer's coupon is not there
      expect(await list.locator('tr[data-code="TRAITEUR-C100002"]').count()).toBe(0);
      const menu = page.getByRole("navigation", { name: label(lang, "area.menu.label") });
      expect(await menu.getByRole("link", { name: label(lang, "area.menu.discounts") }).getAttribute("aria-current")).toBe("page");
      expect(await menu.getByRole("link").count()).toBe(14);
      // the /center/ alias is the same page
      await page.goto(`${shop.url}${localePath(lang, "/center/reduction")}`);
      await list.waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("folds the account menu behind a button on narrow screens", async () => {
    const { page, context, errors } = await open("zh", "/reduction", { width: 375, height: 800 });
    const menu = page.getByRole("navigation", { name: label("zh", "area.menu.label") });
    const toggle = menu.getByRole("button");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.textContent()).toContain(label("zh", "area.menu.discounts"));
    const link = menu.getByRole("link", { name: label("zh", "area.menu.wishlist") });
    expect(await link.isVisible()).toBe(false);
    await toggle.click();
    await link.waitFor({ state: "visible" });
    await link.click();
    await page.waitForURL(`${shop.url}/zh/quick-order/wishlist`);
    await page.getByTestId("quick-wishlist").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
