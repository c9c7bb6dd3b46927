// Coupons and promotions in the back office end to end (decision 144): the manager creates a coupon from the page in a
// real browser (the form sent by the page's script), sees it listed with its figures, ends it and finds it among those
// over; the promotions page in Chinese answers a clash with its message. No serious accessibility violation on either
// page. (That the checkout accepts a coupon made here, and refuses it ended, is tested over HTTP in
// server/http/admin-coupons-page.test.ts.)
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { AdminLogin } from "./pages/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const manager = DEMO_STAFF.find((s) => s.roles.includes("manager"))!;

/** Waits for the page's title (its list's heading contains it) and the page's hydration. */
async function ready(page: Page, title: string) {
  await page.getByRole("heading", { name: title, exact: true }).waitFor();
  await page.waitForLoadState("networkidle");
}

describe("back office coupons and promotions", () => {
  it("creates a coupon, ends it, and refuses a clashing model promotion in Chinese", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(manager.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(manager.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);

    await admin.navigation.getByRole("link", { name: "Codes promo" }).click();
    await ready(page, "Codes promo");
    const form = page.getByRole("region", { name: "Nouveau code promo" });
    await form.getByLabel("Code", { exact: true }).fill("e2e-hiver");
    await form.getByLabel("Type de remise").selectOption("amount");
    await form.getByLabel("Valeur (en % ou en €)").fill("12,50");
    await form.getByLabel("Nombre d'utilisations au total").fill("3");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("status").filter({ hasText: "Enregistré." }).waitFor();
    expect(await form.getByLabel("Code", { exact: true }).inputValue()).toBe(""); // emptied for the next one
    const row = page.getByRole("row").filter({ hasText: "E2E-HIVER" });
    await row.getByText("0 / 3").waitFor();
    expect(await row.textContent()).toContain("12,50");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-coupons-fr.png", fullPage: true });

    await row.getByRole("button", { name: "Arrêter" }).click();
    await page.getByRole("status").filter({ hasText: "Arrêté." }).waitFor();
    await page.getByRole("link", { name: "Terminés" }).click();
    await page.getByRole("row").filter({ hasText: "E2E-HIVER" }).getByText("Terminé").waitFor();

    await page.goto(`${shop.url}/zh/admin/promotions`);
    await ready(page, "促销");
    const zh = page.getByRole("region", { name: "新建促销" });
    const reference = (await page.getByRole("row").nth(1).getByRole("rowheader").textContent())!;
    await zh.getByLabel("型号编号").fill(reference);
    await zh.getByLabel("折扣（%）").fill("9");
    await zh.getByRole("button", { name: "保存" }).click();
    await page.getByRole("alert").filter({ hasText: "该型号在此期间已有促销。" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-promotions-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
