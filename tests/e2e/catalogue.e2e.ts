// Catalogue end to end (issue 4): browse from the menu to a product in fr and zh; filter, sort and paginate
// with the URL and the results changing; unknown product → 404; no serious accessibility violation.
import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { DESKTOP, openTab, browserPerFile } from "./browser.ts";

const base = inject("baseUrl");
const browser = browserPerFile();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function open(path: string, viewport = DESKTOP) {
  let response;
  ({ context, page, errors, response } = await openTab(browser(), `${base}${path}`, { viewport }));
  return response;
}

async function seriousViolations() {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

describe("catalogue", () => {
  it("browses from the menu (300 ms hover) to a category and a product, in French", async () => {
    await open("/");
    const menu = page.getByRole("navigation", { name: "Catégories de produits" });
    const first = menu.locator("#category-menu > li").first();
    await first.hover();
    const panel = first.locator("[id^=category-panel-]").first();
    await panel.waitFor({ state: "visible" });
    const sub = panel.getByRole("link").first();
    const subName = (await sub.textContent())!.trim();
    await sub.click();
    await page.waitForURL(/\/product\/\d+-/);
    await page.getByRole("heading", { level: 1, name: subName }).waitFor();
    await page.getByText("Prix HT par unité, TVA en sus.").first().waitFor();
    expect(await seriousViolations()).toEqual([]);
    const card = page.locator("main article").first();
    const name = (await card.locator("h3").textContent())!.trim();
    await card.getByRole("link").first().click();
    await page.waitForURL(/\/product\/[^/]+\/\d+$/);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByRole("table").getByRole("columnheader", { name: "Prix HT / unité" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Accueil" }).count()).toBe(1);
    expect(await seriousViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("browses with the keyboard toggle and on a narrow screen, in Chinese", async () => {
    await open("/zh", { width: 390, height: 800 });
    const menu = page.getByRole("navigation", { name: "商品分类" });
    await menu.getByRole("button", { name: "全部分类" }).click();
    const first = menu.locator("#category-menu > li").first();
    await first.getByRole("button").first().click();
    const link = first.locator("[id^=category-panel-] a").first();
    await link.waitFor({ state: "visible" });
    await link.click();
    await page.waitForURL(/\/zh\/product\/\d+-/);
    await page.getByText("单价不含税，增值税另计。").first().waitFor();
    await page.locator("main article").first().getByRole("link").first().click();
    await page.waitForURL(/\/zh\/product\/[^/]+\/\d+$/);
    await page.getByRole("columnheader", { name: "单价（不含税）" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters, sorts and paginates with the URL and the results changing", async () => {
    await open("/product/productlist");
    const status = page.locator("main p[role=status]");
    const before = (await status.textContent())!;
    const material = page.getByRole("group", { name: "Matière" });
    await material.getByRole("checkbox").first().click();
    await page.waitForURL(/[?&]material=/);
    await page.waitForFunction((b) => document.querySelector("main p[role=status]")?.textContent !== b, before);
    const filtered = Number((await status.textContent())!.replace(/\D/g, ""));
    expect(filtered).toBeLessThan(Number(before.replace(/\D/g, "")));

    await page.getByRole("button", { name: /^Retirer le filtre/ }).first().click();
    await page.waitForURL((u) => !u.search.includes("material="));
    await page.getByRole("button", { name: /^Retirer le filtre/ }).first().waitFor({ state: "detached" });

    await page.getByLabel("Trier par").selectOption("price_asc");
    await page.waitForURL(/sort=price_asc/);
    await page.locator("main article").first().waitFor();
    const prices = async () => (await page.locator("main article strong").allTextContents()).map((p) => Number(p.replace(/[^\d,]/g, "").replace(",", ".")));
    const sorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
    await expect.poll(async () => sorted(await prices()), { timeout: 10_000 }).toBe(true);
    const p1 = await prices();

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page suivante" }).click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain("sort=price_asc");
    await page.getByRole("navigation", { name: "Pagination" }).locator("[aria-current=page]", { hasText: "2" }).waitFor();
    await expect.poll(async () => (await prices())[0] >= p1[p1.length - 1], { timeout: 10_000 }).toBe(true);

    // A second change made while the first is still loading keeps the first one.
    await page.getByRole("group", { name: "Matière" }).getByRole("checkbox").first().click();
    await page.getByLabel("Trier par").selectOption("price_desc");
    await page.waitForURL((u) => u.search.includes("material=") && u.search.includes("sort=price_desc"));

    await page.getByRole("button", { name: "Liste" }).click();
    await page.locator("[data-display=list]").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("gridStyle"))).toBe("list");
    await page.reload();
    await page.locator("[data-display=list]").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the flag lists and answers 404 for an unknown product", async () => {
    const res = await open("/promotions");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();
    expect(await page.locator("main article").count()).toBeGreaterThan(0);
    const missing = await page.goto(`${base}/product/rien/99999999`);
    expect(missing?.status()).toBe(404);
    await page.getByText("This page could not be found").waitFor();
    await context.close();
  });
});
