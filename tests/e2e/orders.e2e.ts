// Orders in the account (decision 072) in Chromium against the built shop: the demo
// customer's past orders are there on a fresh start; history → detail with lines and totals, fr and zh.
import { describe, expect, it } from "vitest";
import { shopPerFile } from "./shop.ts";
import type { Page } from "playwright-core";
import { browserPerFile, newTab } from "./browser.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const TEXT = {
  fr: {
    prefix: "",
    login: "Se connecter",
    identifier: /^Identifiant/,
    password: "Mot de passe",
    history: "Historique de mes commandes",
    delivered: "Livrée",
    detail: "Commande CE2026-000123",
    total: "Total TTC",
    again: "Commander à nouveau",
    planned: "Livraison planifiée le 26/11/2026",
    quantity: /^\d+ (carton|paquet|rouleau|pièce|lot|palette|boîte)/,
  },
  zh: {
    prefix: "/zh",
    login: "登录",
    identifier: /^账号/,
    password: "密码",
    history: "我的订单记录",
    delivered: "已送达",
    detail: "订单 CE2026-000123",
    total: "含税总额",
    again: "再次购买",
    planned: "已安排于 2026/11/26 配送",
    quantity: /^\d+ (箱|包|卷|件|组|托盘|盒)/,
  },
} as const;

async function login(page: Page, t: (typeof TEXT)["fr" | "zh"], next: string) {
  await page.goto(`${shop.url}${t.prefix}${next}`);
  await page.waitForURL(/\/connexion\?redirect=/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel(t.identifier).fill("demo@comptoir-emballage.fr");
  await page.getByLabel(t.password, { exact: true }).fill("Demo1234!");
  await page.getByRole("button", { name: t.login, exact: true }).click();
  await page.waitForURL(`${shop.url}${t.prefix}${next}`);
}

describe("orders in the account", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`opens the history, then an order with its lines and total (${lang})`, async () => {
      const t = TEXT[lang];
      const { page, context, errors } = await newTab(browser());
      await login(page, t, "/historique-commandes");
      await page.getByRole("heading", { name: t.history }).waitFor();
      const history = page.getByTestId("order-history");
      // the eight seeded orders (two dated from the seed moment, decision 082), newest first, with their state labels
      expect(await history.locator("tbody tr").count()).toBe(8);
      // CE2026-000162 is planned for 26/11; the order awaiting confirmation is planned 3 working days after the
      // seed, which can be the same day: look in its own row.
      await history.locator("tr", { hasText: "CE2026-000162" }).getByText(t.planned).waitFor();
      const row = history.locator("tr", { hasText: "CE2026-000123" });
      await row.getByText(t.delivered).waitFor();
      const listedTotal = (await row.locator("td").nth(2).textContent())!.trim();

      await row.getByRole("link", { name: "CE2026-000123", exact: true }).click();
      await page.waitForURL(/\/order-detail\?id=CE2026-000123$/);
      await page.getByRole("heading", { name: t.detail }).waitFor();
      const lines = page.getByTestId("order-lines").locator("tbody tr");
      expect(await lines.count()).toBe(5);
      expect(await lines.first().locator("td").first().textContent()).toMatch(/\S+/);
      // quantities with their unit named in the page's language (lines keep the unit's code)
      for (const q of await lines.locator("td:nth-child(4)").allTextContents()) expect(q.trim()).toMatch(t.quantity);
      const total = page.getByTestId("order-total-ttc");
      expect(await total.textContent()).toContain(t.total);
      // the detail's TTC is the one the history listed
      expect((await total.locator("dd").textContent())!.trim()).toBe(listedTotal);
      await page.getByRole("button", { name: t.again }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("links the order pages from the account home and tracks the orders", async () => {
    const { page, context, errors } = await newTab(browser());
    await login(page, TEXT.fr, "/mon-compte");
    await page.waitForLoadState("networkidle");
    // the account menu beside every account page (decision 081)
    await page.getByRole("navigation", { name: "Espace client" }).getByRole("link", { name: "Suivi et retours" }).click();
    await page.waitForURL(`${shop.url}/suivi-commande`);
    await page.getByRole("heading", { name: "Suivi de mes commandes" }).waitFor();
    expect(await page.getByTestId("tracked-order").count()).toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  });
});
