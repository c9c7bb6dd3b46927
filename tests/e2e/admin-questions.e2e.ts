// The questions inbox end to end (decision 142), in Chromium against the built shop: a customer asks; customer service
// finds the question in the back office's inbox, notes it internally and answers with a PDF through the file input; the
// customer sees the answer and downloads the shop's file, never the note; the inbox in Chinese. This file's shop has
// its own copy of the demo data (shopPerFile), so the question it adds stays here.
import { describe, expect, it } from "vitest";
import { DESKTOP, browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { AdminLogin } from "./pages/index.ts";
import { translate } from "../../core/i18n/messages.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const t = (key: string, vars?: Record<string, string | number>) => translate("fr", key, vars);

describe("questions inbox", () => {
  it("a question answered with an attachment: the customer sees the answer and downloads the staff's file", async () => {
    // the customer asks
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.context, shop, DEMO);
    await buyer.page.goto(`${shop.url}/une-question`);
    await buyer.page.waitForLoadState("networkidle");
    const content = "Avez-vous la fiche technique des cartons double cannelure ?";
    await buyer.page.getByLabel(t("questions.type")).selectOption({ label: t("questions.types.suggestion") });
    await buyer.page.getByLabel(t("questions.content")).fill(content);
    await buyer.page.getByRole("button", { name: t("questions.send") }).click();
    await buyer.page.getByText(t("questions.sent")).waitFor();

    // customer service finds it in the inbox, notes it and answers with a PDF
    const { page, errors } = await newTab(browser(), DESKTOP);
    const member = staff("customer_service");
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(member.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: "Questions", exact: true }).click();
    await page.waitForURL(`${shop.url}/admin/questions`);
    await page.getByRole("heading", { name: "Questions des clients", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    const row = page.getByRole("row", { name: new RegExp(content.slice(0, 30)) });
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole("link", { name: /^Question n° \d+$/ }).click();
    await page.waitForURL(new RegExp(`${shop.url}/admin/questions/\\d+$`));
    await page.getByRole("heading", { name: "Échange avec le client" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByText(content).waitFor();

    await page.getByLabel("Nouvelle note").fill("NOTE-E2E : client fidèle, répondre vite.");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await page.getByText("Note ajoutée.").waitFor();
    await page.getByText("NOTE-E2E : client fidèle, répondre vite.").waitFor();

    await page.getByLabel("Réponse", { exact: true }).fill("Bonjour, voici la fiche technique en pièce jointe.");
    await page
      .getByLabel("Pièces jointes (facultatives)")
      .setInputFiles({ name: "fiche technique.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Envoyer la réponse" }).click();
    await page.getByText("Réponse envoyée : le client en est averti.").waitFor();
    const staffLink = page.getByRole("link", { name: /fiche technique\.pdf/ });
    await staffLink.waitFor();
    const staffFile = await page.context().request.get(`${shop.url}${await staffLink.getAttribute("href")}`);
    expect(staffFile.status()).toBe(200);
    expect(Buffer.from(await staffFile.body()).equals(PDF)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-question-fr.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();

    // the customer sees the answer and downloads the shop's file; the internal note is nowhere
    await buyer.page.reload();
    await buyer.page.waitForLoadState("networkidle");
    const history = buyer.page.getByTestId("question-history");
    const item = history.locator("> li", { hasText: content });
    await item.getByText("Bonjour, voici la fiche technique en pièce jointe.").waitFor();
    const link = item.getByRole("link", { name: /fiche technique\.pdf/ });
    const file = await buyer.context.request.get(`${shop.url}${await link.getAttribute("href")}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
    expect(await buyer.page.content()).not.toContain("NOTE-E2E");
    expect(await seriousViolations(buyer.page)).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("shows the inbox and the answered question in Chinese", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const manager = staff("manager");
    const admin = new AdminLogin(page, "zh");
    await admin.goto(shop.url);
    await admin.password(manager.email, DEMO_STAFF_PASSWORD);
    await admin.ready("两步验证");
    await admin.code(totpCode(manager.totpSecret));
    await page.waitForURL(`${shop.url}/zh/admin`);
    await page.goto(`${shop.url}/zh/admin/questions?status=answered`);
    await page.getByRole("heading", { name: "客户问题", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole("link", { name: /^问题 #\d+$/ })
      .first()
      .click();
    await page.getByRole("heading", { name: "与客户的交流" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-question-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
