// Personal data end to end (decision 147): a visitor subscribes to the newsletter from the footer, customer service
// finds the address in the subscribers' CSV, the unsubscribe link (built as newsletter.linkOf builds it, under this
// shop's LINK_SECRET) opens the public page in Chinese and one click ends the subscription; the owner exports a
// customer's data as JSON (their e-mail, never the password hash) and erases it after typing the client number
// again: the account no longer logs in and the customers list shows the erased placeholder.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Download, Page } from "playwright-core";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { freshCustomer } from "./customers.ts";
import { AdminLogin } from "./pages/index.ts";
import { label, type Lang } from "./pages/labels.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import { createNewsletterService } from "../../server/modules/newsletter/newsletter.service.ts";

const LINK_SECRET = "e2e-link-secret-of-this-file";
const shop = shopPerFile({ LINK_SECRET });
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;
const base = (lang: Lang) => `${shop.url}${lang === "zh" ? "/zh" : ""}/admin`;

async function staffLogin(page: Page, role: string, lang: Lang) {
  const member = staff(role);
  const admin = new AdminLogin(page, lang);
  await admin.goto(shop.url);
  await admin.password(member.email, DEMO_STAFF_PASSWORD);
  await page.waitForURL(`${base(lang)}/verification`);
  await admin.ready(label(lang, "admin.second_factor_title"));
  await admin.code(totpCode(member.totpSecret));
  await page.waitForURL(base(lang));
}

/** The file the browser saves when `click` posts a download form. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download") as Promise<Download>, click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

describe("personal data", () => {
  it("lists a footer subscriber in the CSV; the signed link unsubscribes in one click (zh)", async () => {
    // customer service, the role that answers buyers, downloads the subscribers: none yet in this file's shop
    const cs = await newTab(browser(), DESKTOP);
    await staffLogin(cs.page, "customer_service", "fr");
    const subscribers = async () => {
      await cs.page.goto(`${shop.url}/admin/clients`);
      await cs.page.waitForLoadState("networkidle");
      return downloaded(cs.page, () => cs.page.getByRole("button", { name: label("fr", "admin.customers_newsletter_export") }).click());
    };
    const before = await subscribers();
    expect(before.name).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(before.text.trim().split(/\r?\n/)).toHaveLength(1); // the header row only

    // a visitor subscribes from the Chinese footer
    const email = `abonne.${process.pid}.${Date.now()}@exemple.fr`;
    const visitor = await newTab(browser(), DESKTOP);
    await visitor.page.goto(`${shop.url}/zh`);
    await visitor.page.waitForLoadState("networkidle");
    await visitor.page.getByLabel("您的电子邮箱").fill(email);
    await visitor.page.getByRole("button", { name: "订阅" }).click();
    await visitor.page.getByRole("status").filter({ hasText: "您已成功订阅" }).waitFor();

    const listed = await subscribers();
    expect(listed.text).toContain(label("fr", "admin.newsletter_csv_email"));
    const row = listed.text.split(/\r?\n/).find((l) => l.includes(email));
    expect(row, listed.text).toMatch(new RegExp(`^${email.replace(/\./g, "\\.")};\\d{4}-\\d{2}-\\d{2};zh$`));

    // the first subscription of this shop (the CSV was empty, ids are a serial): its link as linkOf builds it
    const link = createNewsletterService({ linkSecret: LINK_SECRET, publicUrl: shop.url }).linkOf({ id: 1, email, lang: "zh" });
    expect(link.startsWith(`${shop.url}/zh/newsletter/desinscription?s=1&t=`)).toBe(true);

    // a forged token is refused and changes nothing
    await visitor.page.goto(link.replace(/t=[^&]+/, `t=${"A".repeat(43)}`));
    await visitor.page.waitForLoadState("networkidle");
    await visitor.page.getByRole("button", { name: "退订" }).click();
    await visitor.page.getByRole("alert").filter({ hasText: "此退订链接无效" }).waitFor();
    expect((await subscribers()).text).toContain(email);

    await visitor.page.goto(link);
    await visitor.page.getByRole("heading", { name: "退订通讯" }).waitFor();
    await visitor.page.waitForLoadState("networkidle");
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.page.screenshot({ path: "/tmp/e2e-shots/newsletter-unsubscribe-zh.png", fullPage: true });
    await visitor.page.getByRole("button", { name: "退订" }).click();
    await visitor.page.getByRole("status").filter({ hasText: "已完成：此邮箱已退订我们的通讯。" }).waitFor();
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.page.screenshot({ path: "/tmp/e2e-shots/newsletter-unsubscribed-zh.png", fullPage: true });

    const after = await subscribers();
    expect(after.text).not.toContain(email);
    expect(after.text.trim().split(/\r?\n/)).toHaveLength(1);
    expect(visitor.errors).toEqual([]);
    expect(cs.errors).toEqual([]);
    await visitor.context.close();
    await cs.context.close();
  });

  it("exports a customer's data as JSON without the password hash, then erases the account (zh back office)", async () => {
    const customer = await freshCustomer(shop, { firstName: "Léa", lastName: "Effacée" });
    const login = () => shop.api<{ token: string }>("/site/user/login", { identifier: customer.email, password: customer.password });
    expect((await login()).code).toBe(200);

    const owner = await newTab(browser(), DESKTOP);
    const page = owner.page;
    // the owner here: customer service logged in the first test, and a second-factor code serves once
    await staffLogin(page, "owner", "zh");
    const customerUrl = `${base("zh")}/clients/${customer.clientNumber}`;
    await page.goto(customerUrl);
    await page.getByRole("heading", { name: label("zh", "admin.customer_privacy") }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-customer-privacy-zh.png", fullPage: true });

    // the data export: the customer's e-mail is there, the password hash is not
    const file = await downloaded(page, () => page.getByRole("button", { name: label("zh", "admin.customer_export_submit") }).click());
    expect(file.name).toBe(`client-${customer.clientNumber}.json`);
    const data = JSON.parse(file.text) as { account: { email: string; clientNumber: string } };
    expect(data.account).toMatchObject({ email: customer.email, clientNumber: customer.clientNumber });
    expect(file.text).not.toMatch(/passwordHash|password_hash|scrypt\$/);

    // a wrong number erases nothing; the right one erases
    const confirm = page.getByLabel(label("zh", "admin.customer_erase_confirm", { number: customer.clientNumber }));
    const erase = page.getByRole("button", { name: label("zh", "admin.customer_erase_submit") });
    await confirm.fill("C000000");
    await erase.click();
    await page
      .getByRole("alert")
      .filter({ hasText: label("zh", "admin.customer_erase_confirm_mismatch") })
      .waitFor();
    expect((await login()).code).toBe(200);
    await confirm.fill(customer.clientNumber);
    await erase.click();
    await page
      .getByRole("status")
      .filter({ hasText: label("zh", "admin.customer_erased_done") })
      .waitFor();
    await page.getByText(label("zh", "admin.customer_erased_state")).waitFor();
    expect(await page.getByText(customer.email).count()).toBe(0);
    // an erased account is not offered for approval any more (the server refuses it too)
    expect(await page.getByRole("button", { name: label("zh", "admin.customer_approve") }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-customer-erased-zh.png", fullPage: true });

    // the customer can no longer log in, by the old address or by the client number
    expect((await login()).code).not.toBe(200);
    const byNumber = await shop.api("/site/user/login", { identifier: customer.clientNumber, password: customer.password });
    expect(byNumber.code).not.toBe(200);

    // the customers list shows the erased account: no name, the placeholder address, refused
    await page.goto(`${base("zh")}/clients?q=${customer.clientNumber}`);
    const table = page.getByRole("region", { name: label("zh", "admin.customers_table") });
    const row = table.getByRole("row").filter({ hasText: customer.clientNumber });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/erased-\d+@erased\.invalid/);
    expect(await row.textContent()).not.toContain(customer.email);
    expect(await row.textContent()).not.toContain("Effacée");
    await row.getByText(label("zh", "admin.approval_refused")).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-customers-erased-zh.png", fullPage: true });
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });
});
