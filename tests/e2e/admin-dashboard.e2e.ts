// The back office's dashboard and search box end to end (decision 153): the owner sees the figures, follows one to
// its filtered list; the one search box in the header finds an order by its number and a customer by client number,
// straight to their pages; the chart by month and its table; the page in Chinese; no serious accessibility fault.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { AdminLogin } from "./pages/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import type { Page } from "playwright-core";

const shop = shopPerFile();
const browser = browserPerFile();

async function ownerLogin(page: Page) {
  const member = DEMO_STAFF.find((s) => s.roles.includes("owner"))!;
  const admin = new AdminLogin(page, "fr");
  await admin.goto(shop.url);
  await admin.password(member.email, DEMO_STAFF_PASSWORD);
  await page.waitForURL(`${shop.url}/admin/verification`);
  await admin.ready("Vérification en deux étapes");
  await admin.code(totpCode(member.totpSecret));
  await page.waitForURL(`${shop.url}/admin`);
}

describe("back office dashboard", () => {
  it("shows the owner the figures, each leading to its filtered list", async () => {
    const { page, context } = await newTab(browser(), DESKTOP);
    await ownerLogin(page);
    await page.getByRole("heading", { name: "Ventes", exact: true }).waitFor();
    for (const name of [
      "Commandes à préparer",
      "Livraisons de la semaine",
      "Retours en attente",
      "Questions en attente",
      "Modèles en stock bas",
    ])
      await page.getByRole("heading", { name: new RegExp(`^${name}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // this week's sales lead to the order queue on the same days and statuses
    await page.locator('[data-figure="sales-week"]').click();
    await page.waitForURL(/\/admin\/commandes\?placed_from=\d{4}-\d\d-\d\d&placed_to=\d{4}-\d\d-\d\d&status=processing/);
    const from = new URL(page.url()).searchParams.get("placed_from")!;
    expect(
      await page
        .getByLabel("Commandée à partir du")
        .inputValue()
        .catch(() => from),
    ).toBe(from);
    expect(await page.getByRole("checkbox", { name: "Annulée" }).isChecked()).toBe(false);

    // the orders to prepare lead to the preparation
    await page.goto(`${shop.url}/admin`);
    await page.locator('[data-figure="to-prepare"]').click();
    await page.waitForURL(`${shop.url}/admin/preparation`);

    // the chart by month, and its table
    await page.goto(`${shop.url}/admin`);
    await page.getByRole("link", { name: "Mois", exact: true }).click();
    await page.waitForURL(`${shop.url}/admin?chart=month`);
    await page.getByRole("img", { name: "Chiffre d’affaires HT des 12 derniers mois" }).waitFor();
    await page.getByText("Voir les chiffres en tableau").click();
    expect(await page.getByRole("table", { name: "Chiffre d’affaires HT des 12 derniers mois" }).getByRole("row").count()).toBe(13);

    await context.close();
  }, 180_000);

  it("finds an order by its number and a customer by client number from the header's search box", async () => {
    const { page, context } = await newTab(browser(), DESKTOP);
    await ownerLogin(page);
    await page.goto(`${shop.url}/admin/commandes`);
    const number = (await page.locator('a[href^="/admin/commandes/"]').first().textContent())!.trim();
    const box = page.getByRole("searchbox", { name: "Rechercher une commande, un client ou un modèle" });
    await box.fill(number.toLowerCase());
    await box.press("Enter");
    await page.waitForURL(`${shop.url}/admin/commandes/${number}`);
    await box.fill("C100001");
    await box.press("Enter");
    await page.waitForURL(`${shop.url}/admin/clients/C100001`);
    await box.fill("boulangerie");
    await box.press("Enter");
    await page.waitForURL(`${shop.url}/admin/recherche?q=boulangerie`);
    await page.getByRole("heading", { name: "Résultats pour « boulangerie »" }).waitFor();
    await page.getByRole("link", { name: "C100001" }).waitFor();

    // in Chinese
    await page.goto(`${shop.url}/zh/admin`);
    await page.getByRole("heading", { name: "销售", exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
