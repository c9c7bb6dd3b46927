// The storefront shell end to end: home in fr and zh, language switch, 404 pages and API 404, maintenance
// layout, newsletter form, accessibility.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { openTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { startServer, type RunningServer } from "./server.ts";
import { Header } from "./pages/index.ts";

const shop = shopPerFile();
const browser = browserPerFile();
let context: BrowserContext;
let page: Page;
let errors: string[];

// A second server in maintenance mode, on an empty database (it shows no catalogue).
let maintenance: RunningServer;
beforeAll(async () => {
  maintenance = await startServer({ MAINTENANCE: "1", SEED: "none" });
});
afterAll(() => maintenance?.stop());

async function open(path: string, url = shop.url) {
  let response;
  ({ context, page, errors, response } = await openTab(browser(), `${url}${path}`, { settle: false }));
  return response;
}

describe("storefront shell", () => {
  it("shows the French home with real categories and highlights", async () => {
    const res = await open("/");
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("fr-FR");
    expect(await page.title()).toContain("Comptoir de l'Emballage");
    await page.getByRole("heading", { name: "Nos rayons" }).waitFor();
    expect(await page.getByRole("link", { name: /Cartons/ }).count()).toBeGreaterThan(0);
    await page.getByRole("heading", { name: "Meilleures ventes" }).waitFor();
    expect(await page.locator("main article").first().textContent()).toMatch(/\d+,\d{2,4}\s€\sHT/);
    expect(await page.locator('link[rel="alternate"][hreflang="zh"]').getAttribute("href")).toBe(`${shop.url}/zh`);
    await page.getByRole("search").waitFor();
    await new Header(page).cartLink.waitFor();
    await page.getByRole("contentinfo").getByText("Du lundi au samedi, 08:30 – 18:30").waitFor();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the Chinese home under /zh and switches language", async () => {
    const res = await open("/zh");
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    await page.getByRole("heading", { name: "商品分类" }).waitFor();
    await page.getByRole("heading", { name: "畅销商品" }).waitFor();
    await new Header(page, "zh").languageSwitch.click();
    await page.waitForURL(`${shop.url}/`);
    await page.getByRole("heading", { name: "Nos rayons" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers an unknown URL with the 404 page, in fr and zh", async () => {
    const res = await open("/ceci-n-existe-pas");
    expect(res?.status()).toBe(404);
    await page.getByText("This page could not be found").waitFor();
    await page.getByRole("heading", { name: "Page introuvable" }).waitFor();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.getByRole("heading", { name: "Nos rayons" }).waitFor();
    await context.close();

    const zh = await open("/zh/nope/deeper");
    expect(zh?.status()).toBe(404);
    await page.getByRole("heading", { name: "页面未找到" }).waitFor();
    await context.close();
  });

  it("answers unknown API paths with a JSON 404, not a page", async () => {
    const res = await fetch(`${shop.url}/site/Index/nothingHere?x=1`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, data: null, info: "Cette ressource est introuvable." });
    const post = await fetch(`${shop.url}/site/Nope/nope`, {
      method: "POST",
      headers: { "content-type": "application/json", applang: "zh" },
      body: "{}",
    });
    expect(await post.json()).toEqual({ code: 404, data: null, info: "未找到该资源。" });
  });

  it("shows the maintenance layout in maintenance mode", async () => {
    const res = await open("/", maintenance.url);
    expect(res?.status()).toBe(503);
    await page.getByRole("heading", { name: "Nous serons bientôt de retour" }).waitFor();
    expect(await page.getByRole("search").count()).toBe(0);
    await context.close();
  });

  it("signs up to the newsletter and refuses a bad e-mail", async () => {
    await open("/");
    await page.waitForLoadState("networkidle");
    const field = page.getByLabel("Votre adresse e-mail");
    await field.fill("pas-une-adresse");
    await page.getByRole("button", { name: "S'inscrire" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /adresse e-mail/i })
      .waitFor();
    expect(await field.inputValue()).toBe("pas-une-adresse");

    await field.fill(`client.${Date.now()}@exemple.fr`);
    await page.getByRole("button", { name: "S'inscrire" }).click();
    await page.getByRole("status").filter({ hasText: "votre inscription à la newsletter est enregistrée" }).waitFor();
    expect(await field.inputValue()).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(["/", "/zh", "/page-inconnue"])("has no serious accessibility violation on %s", async (path) => {
    await open(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
