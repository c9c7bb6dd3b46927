// Invoices and credit notes in the account (decision 079), in Chromium
// against the built shop: /factures and /avoirs in fr and zh with the demo customer's seeded documents, their
// PDFs downloaded and read back, login required, and the credit balance spent at checkout.
import { describe, expect, it } from "vitest";
import { browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { SIGN_SECRET, shopPerFile, type Shop } from "./shop.ts";
import { sign } from "../../server/http/signature.ts";
import { DEMO, loginAs } from "./customers.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { DocumentsPage } from "./pages/documents.ts";
import { pdfToText } from "../../server/test/pdf-text.ts";
import { PREFETCH_IDLE_MS } from "../../app/lib/use-idle-prefetch.ts";

const shop = shopPerFile();
const browser = browserPerFile();

const TEXT = {
  fr: { invoice: "Facture", credit: "Avoir", total: "Total TTC", balance: "18,60 €" },
  zh: { invoice: "发票", credit: "退款凭证", total: "含税总计", balance: "€18.60" },
} as const;

/** Page text with no-break spaces as plain spaces. */
const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ");

type Cart = { cart_list: { model_id: number; price: string; stock: number; purchasable_qty: number }[] };

/** A model sold from stock, with a quantity above the 50 € minimum order amount. */
async function pickModel(s: Shop): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const num = Math.ceil(80 / Number(l.price));
    if (Number(l.price) > 0 && num <= Math.min(l.stock, l.purchasable_qty || Infinity)) return { model_id: l.model_id, num };
  }
  throw new Error("no model to buy in the demo catalogue");
}

/** A signed GET /site call (shop.api only posts). */
async function apiGet<T>(path: string, token: string): Promise<{ code: number; data: T }> {
  const t = Math.floor(Date.now() / 1000);
  const url = new URL(`${shop.url}${path}`);
  url.searchParams.set("t", String(t));
  url.searchParams.set("at", sign(t, path, SIGN_SECRET));
  return (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
}

describe("documents in the account", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`lists the invoices and downloads one as PDF (${lang})`, async () => {
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      const docs = new DocumentsPage(page, lang);
      await docs.gotoInvoices(shop.url);
      expect(await docs.invoiceRows.count()).toBe(2);
      expect(await docs.invoiceRows.first().textContent()).toContain("FA2026-000052");
      expect(await seriousViolations(page)).toEqual([]);
      const file = await docs.download(docs.invoicePdf("FA2026-000045"));
      expect(file.name).toBe(`FA2026-000045${lang === "zh" ? "-zh" : ""}.pdf`); // decision 085: the Chinese copy ends in -zh
      const text = await pdfToText(file.bytes);
      for (const s of [TEXT[lang].invoice, "FA2026-000045", "CE2026-000123", TEXT[lang].total, "FR17852419738"]) expect(text).toContain(s);
      // the order detail links the same invoice
      await page.goto(`${shop.url}${lang === "zh" ? "/zh" : ""}/order-detail?id=CE2026-000123`);
      const fromDetail = await docs.download(docs.invoicePdf("FA2026-000045").first());
      expect(fromDetail.name).toBe(`FA2026-000045${lang === "zh" ? "-zh" : ""}.pdf`);
      // the /center/ alias is the same page
      await docs.gotoInvoices(shop.url, "/center/factures");
      expect(await docs.invoiceRows.count()).toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`lists the credit notes with their balance and downloads one as PDF (${lang})`, async () => {
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      const docs = new DocumentsPage(page, lang);
      await docs.gotoCreditNotes(shop.url);
      expect(norm(await docs.balance.textContent())).toContain(TEXT[lang].balance);
      expect(await docs.creditNoteRows.count()).toBe(2);
      const row = (await docs.creditNoteRows.first().textContent())!;
      expect(row).toContain("AV2026-000007");
      expect(row).toContain("CE2026-000131");
      // the refunded return's note, spent in full on a later order
      const spent = (await docs.creditNoteRows.nth(1).textContent())!;
      for (const s of ["AV2026-000005", "CE2026-000123"]) expect(spent).toContain(s);
      expect(await seriousViolations(page)).toEqual([]);
      const file = await docs.download(docs.creditNotePdf("AV2026-000007"));
      expect(file.name).toBe(`AV2026-000007${lang === "zh" ? "-zh" : ""}.pdf`);
      const text = await pdfToText(file.bytes);
      for (const s of [TEXT[lang].credit, "AV2026-000007", "CE2026-000131", TEXT[lang].balance]) expect(text).toContain(s);
      await docs.gotoCreditNotes(shop.url, "/center/avoirs");
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("prints on the invoice and quotation PDFs the phone number the site shows", async () => {
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    // the site: the head office in the footer and the legal notice
    await page.goto(`${shop.url}/content/3-mentions-legales`);
    const footerPhone = norm(await page.getByRole("contentinfo").locator("a[href^='tel:']").first().textContent()).trim();
    expect(footerPhone).toMatch(/^0\d( \d\d){4}$/);
    expect(norm(await page.locator("main").textContent())).toContain(`Téléphone : ${footerPhone}`);
    // the documents
    const docs = new DocumentsPage(page);
    await docs.gotoInvoices(shop.url);
    const invoice = await pdfToText((await docs.download(docs.invoicePdf("FA2026-000045"))).bytes);
    await page.goto(`${shop.url}/accountpdfquotation?id=DV2026-000012`);
    const href = (await page.locator("main a[href^='/documents/quotation/']").first().getAttribute("href"))!;
    const quotation = await pdfToText(await (await context.request.get(`${shop.url}${href}`)).body());
    // the seller's block ("Tél. …") and the page footers ("… France – 01 … – contact@…"): that number, and no other
    for (const text of [invoice, quotation]) {
      const printed = [...norm(text).matchAll(/(?:Tél\.|France –) (0\d(?: \d\d){4})/g)].map((m) => m[1]);
      expect(printed.length).toBeGreaterThan(1);
      expect(new Set(printed)).toEqual(new Set([footerPhone]));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never prefetches a PDF link as a page (no .pdf.data request): invoices list and order confirmation", async () => {
    const { page, context, errors } = await newTab(browser(), { width: 390, height: 844 });
    await loginAs(context, shop, DEMO);
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    const docs = new DocumentsPage(page);
    await docs.gotoInvoices(shop.url);
    // the idle prefetch ran (the rows' order links got their data) …
    await expect
      .poll(() => page.locator('link[rel="prefetch"][href^="/order-detail.data"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // … and on the confirmation, whose first link in view is the invoice, it had the time to run too
    await page.goto(`${shop.url}/confirmation-commande?id=CE2026-000123`);
    await page.locator("main a[href^='/documents/invoice/']").first().waitFor();
    await page.waitForTimeout(PREFETCH_IDLE_MS + 1000);
    await page.waitForLoadState("networkidle");
    expect(asked.filter((p) => p.includes(".pdf"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a visitor to the login page, and a PDF to no one else", async () => {
    const { page, context } = await newTab(browser());
    await page.goto(`${shop.url}/avoirs`);
    await page.waitForURL(/\/connexion\?redirect=%2Favoirs$/);
    const pdf = await fetch(`${shop.url}/documents/invoice/1.pdf`);
    expect(pdf.status).toBe(401);
    await context.close();
  });

  it("spends the credit balance on an order at checkout", async () => {
    const login = await shop.api<{ token: string }>("/site/user/login", { identifier: DEMO.identifier, password: DEMO.password });
    const token = login.data.token;
    expect((await shop.api("/site/Customer/addShoppingCart", { arr: [await pickModel(shop)] }, { token })).code).toBe(200);
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.chooseMode("pickup");
    await checkout.shop(/Vitry-sur-Seine/).check();
    await page.waitForLoadState("networkidle");
    await page.getByRole("checkbox", { name: "Utiliser mon avoir" }).check();
    await expect.poll(() => page.getByTestId("credit-used").textContent()).toBe("-18,60\u00a0€");
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    // the rest is paid by card: the payment step says what the card will be charged
    await page.waitForURL(/\/paymentcb\?order_id=\d+$/);
    const orderId = new URL(page.url()).searchParams.get("order_id");
    const summary = norm(await page.getByTestId("payment-summary").textContent());
    expect(summary).toContain("Avoir déduit : -18,60 € TTC");
    expect(summary).toMatch(/Reste à payer : \d[\d ]*,\d\d € TTC/);
    // the order detail shows the credit taken off and what remains to pay
    await page.goto(`${shop.url}/order-detail?id=${orderId}`);
    const docsBlock = page.getByTestId("order-documents");
    await docsBlock.waitFor();
    expect(norm(await docsBlock.textContent())).toContain("Avoir déduit-18,60 €");
    const list = await apiGet<{ balance: string }>("/site/Customer/creditNoteList", token);
    expect(list.data.balance).toBe("0.00");
    const docs = new DocumentsPage(page);
    await docs.gotoCreditNotes(shop.url);
    expect(norm(await docs.balance.textContent())).toContain("0,00 €");
    expect(errors).toEqual([]);
    await context.close();
  });
});
