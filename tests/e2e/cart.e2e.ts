// The browser cart end to end: anonymous adds from a list card and from the product's
// models table → header badge → side panel → /panier with totals → reload keeps it → login merges it into
// the server cart (session copy gone); a line over its purchasable quantity blocks checkout; the same in zh.
import { describe, expect, it } from "vitest";
import { shopPerFile } from "./shop.ts";
import type { Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { openTab, browserPerFile } from "./browser.ts";
import { CartPage } from "./pages/cart.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const LOGIN = {
  fr: { id: /^Identifiant/, password: "Mot de passe", submit: "Se connecter" },
  zh: { id: /^账号/, password: "密码", submit: "登录" },
} as const;

async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

async function login(page: Page, lang: "fr" | "zh") {
  const l = LOGIN[lang];
  await page.waitForLoadState("networkidle");
  await page.getByLabel(l.id).fill("C100001");
  await page.getByLabel(l.password, { exact: true }).fill("Demo1234!");
  await page.getByRole("button", { name: l.submit }).click();
}

/** Adds from the first list card of /promotions and from the first orderable row of a product's models table. */
async function addTwo(cart: CartPage) {
  const { page } = cart;
  const card = await cart.promotionCard(shop.url);
  await card.getByRole("button", { name: cart.text.increase }).click();
  // The card carries the model it adds (decision 086): no product read on the way to the cart.
  const detailReads: string[] = [];
  page.on("request", (r) => void (r.url().includes("/site/Product/detail") && detailReads.push(r.url())));
  await cart.addFrom(card);
  await cart.waitForBadge(2);
  expect(detailReads).toEqual([]);
  expect(await cart.panel().getByRole("listitem").count()).toBe(1);
  // the panel links to /panier and /commande, nothing else
  const hrefs = await cart
    .panel()
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs).toEqual([cart.path("/panier"), cart.path("/commande")]);
  await cart.closePanel();

  await card.getByRole("link").first().click();
  await page.waitForURL(/\/product\/[^/]+\/\d+$/);
  await page.waitForLoadState("networkidle");
  const row = cart.orderable(page.getByRole("table").getByRole("row")).last();
  await cart.addFrom(row);
  expect(await seriousViolations(page)).toEqual([]); // product page with its steppers, the panel open
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=cart-badge]")?.textContent) >= 3);
  await cart.closePanel();
}

describe("browser cart", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`anonymous cart → panel → /panier → reload → login merge (${lang})`, async () => {
      const { page, context, errors } = await openTab(browser(), `${shop.url}${lang === "zh" ? "/zh" : ""}/`);
      const cart = new CartPage(page, lang);
      await addTwo(cart);
      const count = await cart.badgeCount();
      expect(await cart.browserCopy()).toMatch(/^v1\./);

      // the header icon opens the panel; the panel leads to /panier
      await page.locator("header a").filter({ has: cart.badge() }).click();
      await cart.panel().getByRole("link", { name: cart.text.viewCart }).click();
      await page.getByRole("heading", { level: 1, name: cart.text.title }).waitFor();
      await page.getByText(cart.text.totalTtc).waitFor();
      const lines = await cart.lines().count();
      expect(lines).toBeGreaterThanOrEqual(2);
      const names = await cart.lineNames();
      expect(await page.locator("main").textContent()).toMatch(lang === "fr" ? /\d+,\d{2}\u00a0€\u00a0HT/ : /€[\d,]+\.\d{2}\u00a0不含税/);

      await page.reload();
      await page.waitForLoadState("networkidle");
      await cart.lines().first().waitFor();
      expect(await cart.lines().count()).toBe(lines);
      expect(await cart.badgeCount()).toBe(count);

      // checkout as a visitor goes through the login, which merges the browser cart
      await cart.checkout();
      await page.waitForURL(/\/connexion\?redirect=/);
      await login(page, lang);
      await page.waitForURL((u) => !u.pathname.includes("connexion"));
      expect(await cart.browserCopy()).toBeNull();
      await cart.open();
      await cart.lines().first().waitFor();
      expect(await cart.lines().count()).toBeGreaterThanOrEqual(lines);
      // the server cart now holds the visitor's lines (merged, not lost)
      const after = await cart.lineNames();
      for (const n of names) expect(after).toContain(n);
      expect(await cart.badgeCount()).toBeGreaterThanOrEqual(count);
      expect(await cart.browserCopy()).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("blocks checkout over the purchasable quantity with the dialog and stays on /panier", async () => {
    const { page, context, errors } = await openTab(browser(), `${shop.url}/`);
    const cart = new CartPage(page, "fr");
    await addTwo(cart);
    await cart.open();
    await cart.lines().first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await cart.setQuantity(cart.lines().first(), 99999);
    await page
      .getByText(/Quantité maximale achetable/)
      .first()
      .waitFor();
    await cart.checkout();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Certains articles dépassent la quantité maximale achetable").waitFor();
    await dialog.getByRole("button", { name: cart.text.confirm }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/panier");

    // removal: the row leaves after its 500 ms animation
    const before = await cart.lines().count();
    await cart
      .lines()
      .first()
      .getByRole("button", { name: new RegExp(`^${cart.text.remove}`) })
      .click();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=cart-line]").length === n - 1, before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
