import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { openTab, browserPerFile } from "./browser.ts";

const base = inject("baseUrl");
const browser = browserPerFile();
let context: BrowserContext;
let page: Page;
let errors: string[];

async function open(path: string) {
  let response;
  ({ context, page, errors, response } = await openTab(browser(), `${base}${path}`));
  return response;
}

async function seriousViolations() {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

const box = () => page.getByRole("combobox", { name: /Rechercher un produit|搜索/ });

describe("search", () => {
  it("searches from the header with accents left out, and keeps a history", async () => {
    await open("/");
    await box().fill("carton demenagement");
    await box().press("Enter");
    await page.waitForURL(/\/recherche\?search=carton%20demenagement$/);
    await page.getByRole("heading", { name: "Résultats pour « carton demenagement »" }).waitFor();
    expect(await page.locator("main article h3").first().textContent()).toMatch(/^Carton de déménagement/);
    expect(await page.getByRole("status").textContent()).toMatch(/\d+ produits? trouvés?/);
    expect(await page.title()).toContain("Recherche « carton demenagement »");
    expect(await seriousViolations()).toEqual([]);
    const stored = await page.evaluate(() => localStorage.getItem("searchHistroy"));
    expect(JSON.parse(stored!)).toEqual(["carton demenagement"]);
    expect(await box().inputValue()).toBe("carton demenagement");
    await page.goto(`${base}/recherche?search=${encodeURIComponent("sac kraft")}`);
    expect(await box().inputValue()).toBe("sac kraft");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tolerates a typo and finds a reference, ranked first", async () => {
    await open("/recherche?search=cartn");
    expect(await page.locator("main article h3").first().textContent()).toMatch(/Carton/);
    await box().fill("CAR-DEM-0001");
    await box().press("Enter");
    await page.waitForURL(/search=CAR-DEM-0001/);
    await page.getByRole("heading", { name: /CAR-DEM-0001/ }).waitFor();
    expect(await page.locator("main article").first().textContent()).toContain("CAR-DEM-0001");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows suggestions as you type, with the keyboard and the mouse", async () => {
    await open("/");
    await box().pressSequentially("carton dém", { delay: 20 });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("option").first().waitFor();
    expect(await box().getAttribute("aria-expanded")).toBe("true");
    const count = await list.getByRole("option").count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await box().press("ArrowDown");
    expect(await box().getAttribute("aria-activedescendant")).toMatch(/-0$/);
    expect(await seriousViolations()).toEqual([]);
    await box().press("Escape");
    expect(await box().getAttribute("aria-expanded")).toBe("false");
    await box().press("ArrowDown");
    const first = list.getByRole("option").first();
    const name = (await first.locator("span").first().textContent())!;
    // the product page belongs to the catalogue pages: here, the click must ask for that product
    const request = page.waitForRequest(/\/product\/[^/]+\/\d+/);
    await first.click();
    await request;
    expect(name).toMatch(/déménag/i);
    await context.close();
  });

  it("deletes one history entry, then all after a yes/no confirmation", async () => {
    await open("/");
    await page.evaluate(() => localStorage.setItem("searchHistroy", JSON.stringify(["gobelet", "film", "carton"])));
    await box().focus();
    const history = page.getByRole("group", { name: "Recherches récentes" });
    await history.waitFor();
    expect(await history.getByRole("button", { name: /^Supprimer/ }).count()).toBe(3);
    await history.getByRole("button", { name: "Supprimer « film » de l'historique" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Effacer l'historique" });
    await dialog.waitFor();
    expect(await seriousViolations()).toEqual([]);
    await dialog.getByRole("button", { name: "Non" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("searchHistroy")))!)).toEqual(["gobelet", "film", "carton"]);
    await box().focus();
    await history.getByRole("button", { name: "Supprimer « film » de l'historique" }).click();
    await dialog.getByRole("button", { name: "Oui" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("searchHistroy")))!)).toEqual(["gobelet", "carton"]);
    await box().focus();
    await history.getByRole("button", { name: "Tout effacer" }).click();
    await dialog.getByRole("button", { name: "Oui" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("searchHistroy")))!)).toEqual([]);
    // a history entry searches again
    await page.evaluate(() => localStorage.setItem("searchHistroy", JSON.stringify(["gobelet"])));
    await box().focus();
    await history.getByRole("button", { name: "gobelet", exact: true }).click();
    await page.waitForURL(/search=gobelet/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches in Chinese under /zh, with suggestions", async () => {
    await open("/zh/recherche?search=纸箱");
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    await page.getByRole("heading", { name: "“纸箱”的搜索结果" }).waitFor();
    expect(await page.locator("main article h3").first().textContent()).toContain("纸箱");
    await page.getByRole("navigation", { name: "搜索结果分页" }).getByRole("link", { name: "下一页" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("第 2 页").waitFor();
    await box().fill("");
    await box().pressSequentially("搬家纸箱", { delay: 20 });
    const option = page.getByRole("listbox", { name: "搜索建议" }).getByRole("option").first();
    await option.waitFor();
    expect(await option.textContent()).toContain("搬家纸箱");
    expect(await seriousViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a message, never an error, for an empty, too long or unknown text", async () => {
    let res = await open("/recherche");
    expect(res?.status()).toBe(200);
    await page.getByText("Saisissez un mot-clé ou une référence").waitFor();
    res = await page.goto(`${base}/recherche?search=${"x".repeat(40)}`);
    expect(res?.status()).toBe(200);
    await page.getByText("La recherche doit comporter entre 1 et 35 caractères.").waitFor();
    res = await page.goto(`${base}/recherche?search=zzzzqqqq`);
    expect(res?.status()).toBe(200);
    await page.getByText("Aucun produit ne correspond à « zzzzqqqq ».").waitFor();
    await page.getByText("Quelques conseils").waitFor();
    expect(await seriousViolations()).toEqual([]);
    await context.close();
  });
});
