// Questions from the account (decision 083) in Chromium against the built shop: a question
// about an order with an attachment (uploaded through POST /common/attachment/upload), shown in the
// history; the refusal without an order; a refused file; fr and zh. This file's shop has its own copy of
// the demo data (shopPerFile), so the question it adds to the demo customer stays here.
import { describe, expect, it } from "vitest";
import { shopPerFile } from "./shop.ts";
import { browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { DEMO, loginAs } from "./customers.ts";
import { translate } from "../../core/i18n/messages.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);

describe("questions in the account", () => {
  for (const lang of ["fr", "zh"] as const) {
    const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
    const prefix = lang === "zh" ? "/zh" : "";

    it(`asks a question about an order with an attachment, shown in the history (${lang})`, async () => {
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      await page.goto(`${shop.url}${prefix}/une-question`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { name: t("questions.title"), level: 1 }).waitFor();
      // the demo data's question and the shop's answer
      const history = page.getByTestId("question-history");
      await history.getByText("Un paquet de gobelets est arrivé écrasé").waitFor();
      await history.getByText(/avoir de 18,60/).waitFor();
      const before = await history.locator("> li").count();

      const content = `${lang}: le carton du dessus est arrivé ouvert, photo jointe.`;
      await page.getByLabel(t("questions.type")).selectOption({ label: t("questions.types.livraison") });
      await page.getByLabel(t("questions.order")).selectOption({ index: 1 });
      await page.getByLabel(t("questions.content")).fill(content);
      await page.getByLabel(t("questions.attachments")).setInputFiles({ name: "carton ouvert.png", mimeType: "image/png", buffer: PNG });
      const added = page.getByRole("list", { name: t("questions.attachments") });
      await added.getByText("carton ouvert.png").waitFor();
      await page.getByRole("button", { name: t("questions.send") }).click();
      await page.getByText(t("questions.sent")).waitFor();

      const item = history.locator("> li", { hasText: content });
      await item.waitFor();
      expect(await history.locator("> li").count()).toBe(before + 1);
      await item.getByText(t("questions.awaiting_answer")).waitFor();
      await item.getByText(/CE2026-/).waitFor();
      const link = item.getByRole("link", { name: /carton ouvert\.png/ });
      const href = await link.getAttribute("href");
      // the owner downloads it with its checked type, as an attachment
      const file = await context.request.get(`${shop.url}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);
      expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`refuses a question without an order selected, and a script renamed .pdf (${lang})`, async () => {
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      await page.goto(`${shop.url}${prefix}/center/une-question`);
      await page.waitForLoadState("networkidle");
      const history = page.getByTestId("question-history");
      const before = await history.locator("> li").count();

      await page
        .getByLabel(t("questions.attachments"))
        .setInputFiles({ name: "facture.pdf", mimeType: "application/pdf", buffer: Buffer.from("#!/bin/sh\nrm -rf /\n") });
      await page
        .getByRole("alert")
        .filter({ hasText: t("questions.upload_failed") })
        .waitFor();

      await page.getByLabel(t("questions.type")).selectOption({ label: t("questions.types.commande") });
      await page.getByLabel(t("questions.content")).fill("Où en est ma commande ?");
      await page.getByRole("button", { name: t("questions.send") }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: t("validation.order_required") })
        .waitFor();
      expect(t("validation.order_required")).toBe(lang === "fr" ? "Veuillez sélectionner une commande" : "请选择订单");
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await history.locator("> li").count()).toBe(before);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("sends a visitor to the login page", async () => {
    const { page, context } = await newTab(browser());
    await page.goto(`${shop.url}/une-question`);
    await page.waitForURL(/\/connexion\?redirect=%2Fune-question$/);
    await context.close();
  });
});
