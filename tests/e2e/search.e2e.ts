// Search end to end: header box with suggestions and history, typo tolerance, references, Chinese, messages.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { openTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { Header, ProductList } from "./pages/index.ts";

const shop = shopPerFile();
const browser = browserPerFile();
let context: BrowserContext;
let page: Page;
let errors: string[];
let header: Header;
let results: ProductList;

async function open(path: string, lang: "fr" | "zh" = "fr") {
  let response;
  ({ context, page, errors, response } = await openTab(browser(), `${shop.url}${path}`));
  header = new Header(page, lang);
  results = new ProductList(page, lang);
  return response;
}

describe("search", () => {
  it("searches from the header with accents left out, and keeps a history", async () => {
    await open("/");
    await header.search("carton demenagement");
    await page.waitForURL(/\/recherche\?search=carton%20demenagement$/);
    await page.getByRole("heading", { name: "Résultats pour « carton demenagement »" }).waitFor();
    expect(await results.card(0).name.textContent()).toMatch(/^Carton de déménagement/);
    expect(await page.getByRole("status").textContent()).toMatch(/\d+ produits? trouvés?/);
    expect(await page.title()).toContain("Recherche « carton demenagement »");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await header.searchBox.inputValue()).toBe("carton demenagement");
    // Kept in the encrypted store, not under a plain key, and shown again in a new document.
    expect(await page.evaluate(() => [localStorage.getItem("searchHistroy"), !!localStorage.getItem("store")])).toEqual([null, true]);
    await page.goto(`${shop.url}/`); // a new document: the history is read back from storage
    await header.searchBox.focus();
    await header.history.getByRole("button", { name: "carton demenagement", exact: true }).waitFor();
    await page.goto(`${shop.url}/recherche?search=${encodeURIComponent("sac kraft")}`);
    expect(await header.searchBox.inputValue()).toBe("sac kraft");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tolerates a typo and finds a reference, ranked first", async () => {
    await open("/recherche?search=cartn");
    expect(await results.card(0).name.textContent()).toMatch(/Carton/);
    await header.search("CAR-DEM-0001");
    await page.waitForURL(/search=CAR-DEM-0001/);
    await page.getByRole("heading", { name: /CAR-DEM-0001/ }).waitFor();
    expect(await results.card(0).root.textContent()).toContain("CAR-DEM-0001");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows suggestions as you type, with the keyboard and the mouse", async () => {
    await open("/");
    await header.searchBox.pressSequentially("carton dém", { delay: 20 });
    const list = header.suggestions;
    await list.getByRole("option").first().waitFor();
    expect(await header.searchBox.getAttribute("aria-expanded")).toBe("true");
    const count = await list.getByRole("option").count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await header.searchBox.press("ArrowDown");
    expect(await header.searchBox.getAttribute("aria-activedescendant")).toMatch(/-0$/);
    expect(await seriousViolations(page)).toEqual([]);
    await header.searchBox.press("Escape");
    expect(await header.searchBox.getAttribute("aria-expanded")).toBe("false");
    await header.searchBox.press("ArrowDown");
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
    // A plain key of an earlier version is moved into the store once, then removed.
    await page.evaluate(() => localStorage.setItem("searchHistroy", JSON.stringify(["gobelet", "film", "carton"])));
    await page.reload();
    await page.waitForFunction(() => localStorage.getItem("searchHistroy") === null);
    await header.searchBox.focus();
    const history = header.history;
    await history.waitFor();
    expect(await history.getByRole("button", { name: /^Supprimer/ }).count()).toBe(3);
    await history.getByRole("button", { name: "Supprimer « film » de l'historique" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Effacer l'historique" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Non" }).click();
    await dialog.waitFor({ state: "detached" });
    await header.searchBox.focus();
    expect(await history.getByRole("button", { name: /^Supprimer/ }).count()).toBe(3);
    await history.getByRole("button", { name: "Supprimer « film » de l'historique" }).click();
    await dialog.getByRole("button", { name: "Oui" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await header.searchBox.focus();
    await history.getByRole("button", { name: "carton", exact: true }).waitFor();
    expect(await history.getByRole("button", { name: /^Supprimer/ }).count()).toBe(2);
    expect(await history.getByRole("button", { name: "film", exact: true }).count()).toBe(0);
    await history.getByRole("button", { name: "Tout effacer" }).click();
    await dialog.getByRole("button", { name: "Oui" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await header.searchBox.focus();
    await new Promise((r) => setTimeout(r, 300));
    expect(await history.getByRole("button", { name: /^Supprimer/ }).count()).toBe(0);
    // a history entry searches again
    await header.search("gobelet");
    await page.waitForURL(/search=gobelet/);
    await page.goto(`${shop.url}/`);
    await header.searchBox.focus();
    await history.getByRole("button", { name: "gobelet", exact: true }).click();
    await page.waitForURL(/search=gobelet/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches in Chinese under /zh, with suggestions", async () => {
    await open("/zh/recherche?search=纸箱", "zh");
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    await page.getByRole("heading", { name: "“纸箱”的搜索结果" }).waitFor();
    expect(await results.card(0).name.textContent()).toContain("纸箱");
    await page.getByRole("navigation", { name: "搜索结果分页" }).getByRole("link", { name: "下一页" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("第 2 页").waitFor();
    await header.searchBox.fill("");
    await header.searchBox.pressSequentially("搬家纸箱", { delay: 20 });
    const option = header.suggestions.getByRole("option").first();
    await option.waitFor();
    expect(await option.textContent()).toContain("搬家纸箱");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a message, never an error, for an empty, too long or unknown text", async () => {
    let res = await open("/recherche");
    expect(res?.status()).toBe(200);
    await page.getByText("Saisissez un mot-clé ou une référence").waitFor();
    res = await page.goto(`${shop.url}/recherche?search=${"x".repeat(40)}`);
    expect(res?.status()).toBe(200);
    await page.getByText("La recherche doit comporter entre 1 et 35 caractères.").waitFor();
    res = await page.goto(`${shop.url}/recherche?search=zzzzqqqq`);
    expect(res?.status()).toBe(200);
    await page.getByText("Aucun produit ne correspond à « zzzzqqqq ».").waitFor();
    await page.getByText("Quelques conseils").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
