// Catalogue end to end: browse from the menu to a product in fr and zh; filter, sort and paginate
// with the URL and the results changing; unknown product → 404; no serious accessibility violation.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, newTab, openTab, browserPerFile, seriousViolations, throttleCpu } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { Header, ProductDetail, ProductList } from "./pages/index.ts";

const shop = shopPerFile();
const browser = browserPerFile();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function open(path: string, viewport = DESKTOP) {
  let response;
  ({ context, page, errors, response } = await openTab(browser(), `${shop.url}${path}`, { viewport }));
  return response;
}

const sorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

describe("catalogue", () => {
  it("browses from the menu (300 ms hover) to a category and a product, in French", async () => {
    await open("/");
    const sub = (await new Header(page).hoverCategory(0)).getByRole("link").first();
    const subName = (await sub.textContent())!.trim();
    await sub.click();
    await page.waitForURL(/\/product\/\d+-/);
    const list = new ProductList(page);
    await page.getByRole("heading", { level: 1, name: subName }).waitFor();
    await page.getByText("Prix HT par unité, TVA en sus.").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const name = await list.openCard(0);
    const product = new ProductDetail(page);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await product.models.getByRole("columnheader", { name: "Prix HT / unité" }).waitFor();
    expect(await product.rows.count()).toBeGreaterThan(0);
    const [reference] = await product.references();
    expect(await product.row(reference).cells.count()).toBe(8); // with the add-to-cart stepper
    expect(await product.breadcrumbs.getByRole("link", { name: "Accueil" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("browses from the menu drawer's category tree on a narrow screen, in Chinese", async () => {
    await open("/zh", { width: 390, height: 800 });
    const header = new Header(page, "zh");
    const drawer = await header.openMenu();
    const first = header.categoryMenu.getByRole("listitem").first();
    await first.getByRole("button", { name: /的子分类$/ }).click();
    const link = first.getByRole("list").getByRole("link").first();
    await link.waitFor({ state: "visible" });
    await link.click();
    await page.waitForURL(/\/zh\/product\/\d+-/);
    await drawer.waitFor({ state: "detached" });
    await page.getByText("单价不含税，增值税另计。").first().waitFor();
    await new ProductList(page, "zh").openCard(0);
    expect(page.url()).toMatch(/\/zh\/product\/[^/]+\/\d+$/);
    await page.getByRole("columnheader", { name: "单价（不含税）" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters, sorts and paginates with the URL and the results changing", async () => {
    await open("/product/productlist");
    const list = new ProductList(page);
    const before = (await list.status.textContent())!;
    const total = await list.total();
    await list.filter("material").getByRole("checkbox").first().click();
    await page.waitForURL(/[?&]material=/);
    await page.waitForFunction((b) => document.querySelector("main p[role=status]")?.textContent !== b, before);
    expect(await list.total()).toBeLessThan(total);

    await list.activeFilters.first().click();
    await page.waitForURL((u) => !u.search.includes("material="));
    await list.activeFilters.first().waitFor({ state: "detached" });

    await list.sort.selectOption("price_asc");
    await page.waitForURL(/sort=price_asc/);
    await list.cards.first().waitFor();
    await expect.poll(async () => sorted(await list.prices()), { timeout: 10_000 }).toBe(true);
    const p1 = await list.prices();

    await list.nextPage.click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain("sort=price_asc");
    await list.currentPage.filter({ hasText: "2" }).waitFor();
    await expect.poll(async () => (await list.prices())[0] >= p1[p1.length - 1], { timeout: 10_000 }).toBe(true);

    // A second change made while the first is still loading keeps the first one.
    await list.filter("material").getByRole("checkbox").first().click();
    await list.sort.selectOption("price_desc");
    await page.waitForURL((u) => u.search.includes("material=") && u.search.includes("sort=price_desc"));

    await list.display("list").click();
    await page.locator("[data-display=list]").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("gridStyle"))).toBeNull(); // kept in the encrypted store
    await page.reload();
    await page.locator("[data-display=list]").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the product of a card clicked once while the list hydrates, on a slow phone (CPU 6× slower)", async () => {
    ({ context, page, errors } = await newTab(browser()));
    await throttleCpu(page, 6);
    const list = new ProductList(page);
    const productPage = /\/product\/[^/]+\/\d+$/;
    // As soon as the list's HTML is there, long before the page has hydrated and read its stored preferences.
    await page.goto(`${shop.url}/product/productlist`, { waitUntil: "commit" });
    await list.card(0).link.waitFor();
    const name = (await list.card(0).name.textContent())!.trim();
    await list.card(0).link.click();
    await page.waitForURL(productPage);
    await page.getByRole("heading", { level: 1, name }).waitFor();

    // A buyer who chose the list display: the click goes where the first product was painted, once the
    // stored choice has been read (the list must not have moved under the pointer).
    await page.goto(`${shop.url}/product/productlist`);
    await list.display("list").click();
    await page.locator("[data-display=list]").waitFor();
    await page.goto(`${shop.url}/product/productlist`, { waitUntil: "commit" });
    await list.card(0).link.waitFor();
    const painted = (await list.card(0).link.boundingBox())!;
    const first = (await list.card(0).name.textContent())!.trim();
    await page.locator("[data-display=list]").waitFor();
    await page.mouse.click(painted.x + painted.width / 2, painted.y + painted.height / 2);
    await page.waitForURL(productPage);
    await page.getByRole("heading", { level: 1, name: first }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a filter ticked just before a sort or page change, on a slow phone (CPU 6× slower)", async () => {
    for (const second of ["sort", "page"] as const) {
      // Tall enough to show the filters and the pagination together: no scrolling between the two clicks.
      await open("/product/productlist", { width: 1280, height: 3000 });
      const list = new ProductList(page);
      // The most common material: its list has a second page too.
      const materials = list.filter("material").getByRole("listitem");
      const counts = (await materials.locator("span").allTextContents()).map((c) => Number(c.replace(/\D/g, "")));
      const material = materials.nth(counts.indexOf(Math.max(...counts))).getByRole("checkbox");
      await throttleCpu(page, 6);
      // The second change comes at once: the filter's navigation has not been rendered yet.
      await material.click();
      if (second === "sort") await list.sort.selectOption("price_desc");
      else await list.nextPage.click();
      const expected = second === "sort" ? "sort=price_desc" : "page=2";
      await page.waitForURL((u) => u.search.includes(expected), { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get("material"), `${second}: ${page.url()}`).toBeTruthy();
      await list.activeFilters.first().waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows the flag lists and answers 404 for an unknown product", async () => {
    const res = await open("/promotions");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();
    expect(await new ProductList(page).cards.count()).toBeGreaterThan(0);
    const missing = await page.goto(`${shop.url}/product/rien/99999999`);
    expect(missing?.status()).toBe(404);
    await page.getByText("This page could not be found").waitFor();
    await context.close();
  });
});
