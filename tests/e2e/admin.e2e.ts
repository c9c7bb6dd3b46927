// The back office end to end (DESIGN §9): staff log in with their password and second factor, in fr and zh; a
// second factor is needed for every page; the staff cookie is not the customers' and a customer's session opens
// nothing of the back office.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { AdminLogin } from "./pages/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;

describe("back office login", () => {
  it("asks the password, then the authenticator's code, before the dashboard; a code serves once; logout ends it (fr)", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const owner = staff("owner");
    const admin = new AdminLogin(page, "fr");
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/connexion`);
    await admin.ready("Espace équipe");
    expect(await seriousViolations(page)).toEqual([]);
    await admin.password(owner.email, "mauvais");
    await admin.failure.filter({ hasText: "Adresse e-mail ou mot de passe incorrect." }).waitFor();
    await admin.password(owner.email, DEMO_STAFF_PASSWORD);
    await page.waitForURL(`${shop.url}/admin/verification`);
    await admin.ready("Vérification en deux étapes");
    // the dashboard is closed to a session without its second factor
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/verification`);
    await admin.ready("Vérification en deux étapes");
    await admin.code("000000");
    await admin.failure.filter({ hasText: /code/i }).waitFor();
    const code = totpCode(owner.totpSecret);
    await admin.code(code);
    await page.waitForURL(`${shop.url}/admin`);
    await admin.welcome(owner.name).waitFor();
    await page.getByText("Propriétaire").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-dashboard-fr.png", fullPage: true });
    // the staff cookie is strict and HttpOnly, and not the customers' uid
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toContain("uid");
    expect(cookies.find((c) => c.name === "staff")).toMatchObject({ httpOnly: true, sameSite: "Strict" });

    // the same code on another browser is refused: it served once
    const other = await newTab(browser(), DESKTOP);
    const second = new AdminLogin(other.page, "fr");
    await second.goto(shop.url);
    await second.password(owner.email, DEMO_STAFF_PASSWORD);
    await second.ready("Vérification en deux étapes");
    await second.code(code);
    await second.failure.filter({ hasText: /code/i }).waitFor();
    expect(other.page.url()).toBe(`${shop.url}/admin/verification`);
    await other.context.close();

    await admin.logout.click();
    await page.waitForURL(`${shop.url}/admin/connexion`);
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/connexion`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("speaks Chinese under /zh/admin, on a phone; a customer's session opens nothing there", async () => {
    const { page, errors } = await newTab(browser(), PHONE);
    await loginAs(page.context(), shop, DEMO);
    await page.goto(`${shop.url}/zh/admin`);
    await page.waitForURL(`${shop.url}/zh/admin/connexion`);
    const member = staff("customer_service");
    const admin = new AdminLogin(page, "zh");
    await admin.ready("员工专区");
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await page.waitForURL(`${shop.url}/zh/admin/verification`);
    await admin.ready("两步验证");
    await admin.code("12345");
    await page.getByText("验证码").first().waitFor();
    await admin.code(totpCode(member.totpSecret));
    await page.waitForURL(`${shop.url}/zh/admin`);
    await admin.welcome(member.name).waitFor();
    await page.getByText("客户服务").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-dashboard-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
