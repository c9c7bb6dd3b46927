// The back office's returns end to end (decision 141): a customer asks a line back, customer service finds the request
// first in the inbox, accepts it, records what came back and issues the credit note in one step; the customer sees the
// return refunded on /suivi-commande and the credit note on /avoirs.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { AdminLogin, ReturnsPage } from "./pages/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;

describe("back office returns", () => {
  it("takes a customer's return from the request to its credit note, which the customer then holds", { timeout: 180_000 }, async () => {
    const number = "CE2026-000176"; // delivered 4 days before the seed: its return window is open
    // the customer asks 2 units of the first line back
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.page.context(), shop, DEMO);
    const returns = new ReturnsPage(buyer.page, "fr");
    await returns.open(shop.url);
    const order = returns.order(number);
    const ref = (await order.locator("tbody tr").first().locator("td").nth(1).textContent())!.trim();
    await returns.chooseLine(number, ref, 2);
    await returns.reason(number, "damaged");
    await returns.submit(number);
    await buyer.page.getByText("Votre demande de retour est enregistrée.").first().waitFor();

    // customer service: the inbox lists the request among those waiting first
    const { page, errors } = await newTab(browser(), DESKTOP);
    const member = staff("customer_service");
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(member.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: "Retours", exact: true }).click();
    await page.waitForURL(`${shop.url}/admin/retours`);
    await page.getByRole("heading", { name: "Retours" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-returns-fr.png", fullPage: true });
    const row = page.getByTestId("return-row").filter({ hasText: number }).filter({ hasText: "Demandé" }).first();
    await row.getByRole("link", { name: /^Retour n° \d+$/ }).click();
    await page.waitForURL(new RegExp(`${shop.url}/admin/retours/\\d+$`));
    await page.waitForLoadState("networkidle");
    await page.getByText("Article endommagé").first().waitFor();

    await page.getByRole("button", { name: "Accepter le retour" }).click();
    await page.getByRole("status").filter({ hasText: "Retour mis à jour : Accepté." }).waitFor();
    // one of the two came back damaged: 1 received, not resaleable
    await page.getByLabel(`Quantité reçue de ${ref}`).fill("1");
    await page.getByRole("checkbox", { name: "Revendable" }).uncheck();
    await page.getByRole("button", { name: "Enregistrer la réception" }).click();
    await page.getByRole("status").filter({ hasText: "Retour mis à jour : Reçu." }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Émettre un avoir de / }).click();
    const issued = page.getByTestId("return-credit-note");
    await issued.waitFor();
    const credit = /Avoir (AV\d{4}-\d+) émis/.exec((await issued.textContent())!)![1];
    await page.screenshot({ path: "/tmp/e2e-shots/admin-return-fr.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();

    // the customer: the return refunded on the tracking page, the credit note on /avoirs
    await buyer.page.goto(`${shop.url}/suivi-commande`);
    await buyer.page.getByTestId("return-item").filter({ hasText: "Remboursé" }).first().waitFor();
    await buyer.page.goto(`${shop.url}/avoirs`);
    await buyer.page.getByText(credit).first().waitFor();
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});
