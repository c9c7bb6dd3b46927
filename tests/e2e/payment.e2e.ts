// Card payment end to end (decisions 077, 078) in Chromium against the built shop and its sandbox
// provider (the hosted card page served by the shop, its webhook, the result pages): order → payment step →
// sandbox card → result page (bare: no header, footer or overlay) → order paid with its invoice; a declined
// card → failure with the reason → re-pay succeeds; 3-D Secure passed and failed; abandonment; re-pay from
// the order detail; a cancelled order cannot be paid; the history's state labels.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { shopPerFile, SIGN_SECRET, type Shop } from "./shop.ts";
import { sign } from "../../server/http/signature.ts";
import { DEMO, freshCustomer, loginAs, type Customer } from "./customers.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { CARDS, PaymentResultPage, PaymentStepPage, SandboxCardPage } from "./pages/payment.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";
import { pdfToText } from "../../server/test/pdf-text.ts";

// No order may expire during the run (h-pay's expiry worker cancels unpaid orders after 60 min by default).
const shop = shopPerFile({ UNPAID_ORDER_EXPIRY_MINUTES: "525600" });
const browser = browserPerFile();

type Cart = { cart_list: { model_id: number; price: string; stock: number; purchasable_qty: number }[] };
type Placed = { id: number; number: string; status: string; total_ttc: string };

/** A model sold from stock and a quantity above the 50 € minimum order amount of the demo config. */
async function pickLine(s: Shop): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const num = Math.ceil(80 / Number(l.price));
    if (Number(l.price) > 0 && num <= Math.min(l.stock, l.purchasable_qty || Infinity)) return { model_id: l.model_id, num };
  }
  throw new Error("no model to buy in the demo catalogue");
}

/** A fresh customer with an invoice address and a line in the server cart, set for a store pickup. */
async function buyer(lang: Lang = "fr"): Promise<{ customer: Customer; token: string; invoiceId: number }> {
  const customer = await freshCustomer(shop, { lang });
  const token = (await shop.api<{ token: string }>("/site/user/login", { identifier: customer.identifier, password: customer.password }))
    .data.token;
  const address = {
    first_name: "Camille",
    last_name: "Essai",
    company: "Essai SARL",
    line1: "10 rue de la Roquette",
    city: "Paris",
    phone: "01 43 55 66 77",
  };
  const saved = await shop.api<{ id: number }>("/site/Customer/saveAddress", { ...address, zip_code: "75011", kind: "invoice" }, { token });
  expect(saved.code).toBe(200);
  expect((await shop.api("/site/Customer/addShoppingCart", { arr: [await pickLine(shop)] }, { token })).code).toBe(200);
  return { customer, token, invoiceId: saved.data.id };
}

/** Places the buyer's cart as a pickup order through the API (the checkout page is covered by one test). */
async function placeOrder(token: string, invoiceId: number, lang: Lang = "fr"): Promise<Placed> {
  const infos = { pickup_method: 2, delivery_mode: "pickup", shop_id: 2, invoice_addr_id: invoiceId };
  const params = await shop.api("/site/Sale/cartParams", { infos }, { token, lang });
  expect(params, JSON.stringify(params)).toMatchObject({ code: 200 });
  const key = `e2e-pay-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  const placed = await shop.api<Placed>("/site/Sale/createOrder", { idempotency_key: key, note: "", accept_cgv: true }, { token, lang });
  expect(placed, JSON.stringify(placed)).toMatchObject({ code: 200, data: { status: "unpaid" } });
  return placed.data;
}

/** The order as the owner's API sees it (GET /site/Sale/orderDetial, signed like the browser's calls). */
async function orderOf(token: string, id: number) {
  const path = "/site/Sale/orderDetial";
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(`${shop.url}${path}?id=${id}&t=${t}&at=${sign(t, path, SIGN_SECRET)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    code: number;
    data: { status: string; payment: { transaction_id: string | null } | null; invoice_number?: string | null };
  };
  expect(body.code).toBe(200);
  return body.data;
}

/** The result page has no header, footer, nor the start or request overlay (SPEC §2, §4). */
async function expectBare(page: Page) {
  expect(await page.locator("header, footer, #start-overlay").count()).toBe(0);
  expect(await page.getByRole("banner").count()).toBe(0);
  expect(await page.getByRole("contentinfo").count()).toBe(0);
}

async function paymentSession(lang: Lang = "fr") {
  const { customer, token, invoiceId } = await buyer(lang);
  const order = await placeOrder(token, invoiceId, lang);
  const { page, context, errors } = await newTab(browser());
  await loginAs(context, shop, customer);
  return { customer, token, order, page, context, errors };
}

describe("card payment", () => {
  it("checkout → payment step → sandbox card accepted → result → order paid with its invoice (fr)", async () => {
    const { customer, token } = await buyer();
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.chooseMode("pickup");
    await checkout.shop(/Vitry-sur-Seine/).check();
    await page.waitForLoadState("networkidle");
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    await page.waitForURL(/\/paymentcb\?order_id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get("order_id"));

    const step = new PaymentStepPage(page);
    await step.ready();
    const detail = await orderOf(token, orderId);
    expect(detail.status).toBe("unpaid");
    const summary = await step.summary.textContent();
    expect(summary).toMatch(/CE\d{4}-\d{6}/);
    expect(summary).toMatch(/\d+,\d{2}\s€\sTTC/);
    expect(await seriousViolations(page)).toEqual([]);
    await step.payByCard.click();

    await new SandboxCardPage(page).pay(CARDS.success);
    const result = new PaymentResultPage(page);
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    await expectBare(page);
    expect(await seriousViolations(page)).toEqual([]);
    const paid = await orderOf(token, orderId);
    expect(paid.status).toBe("processing");
    expect(await result.value("payment_pages.transaction_id").textContent()).toBe(paid.payment?.transaction_id);
    expect(await result.value("payment_pages.payment_method").textContent()).toBe(label("fr", "orders.payment_card"));
    const invoice = await result.value("payment_pages.invoice").textContent();
    expect(invoice).toMatch(/FA\d{4}-\d{6}/);
    if (paid.invoice_number) expect(invoice).toContain(paid.invoice_number);
    expect(await result.countdown.textContent()).toMatch(/Redirection vers votre commande dans [1-5] s\./);

    // After 5 seconds the confirmation page (with the shell again) shows the paid order.
    await page.waitForURL(new RegExp(`/confirmation-commande\\?id=${orderId}$`), { timeout: 10_000 });
    await page.getByRole("heading", { level: 1, name: label("fr", "orders.confirmation_title") }).waitFor();
    await page.getByText(label("fr", "orders.state_processing")).first().waitFor();
    expect(await page.getByRole("banner").count()).toBe(1);
    const invoiceNumber = invoice!.match(/FA\d{4}-\d{6}/)![0];
    expect(await page.getByTestId("confirmation-invoice").textContent()).toContain(invoiceNumber);
    // the invoice PDF, as its owner downloads it: the seller's legal details, the order, the payment
    const pdf = await context.request.get(`${shop.url}/documents/invoice/${orderId}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfToText(await pdf.body());
    for (const part of [label("fr", "documents.title_invoice"), invoiceNumber, summary!.match(/CE\d{4}-\d{6}/)![0], "SIRET"])
      expect(text).toContain(part);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pays in Chinese and stays on the result page when asked", async () => {
    const { token, order, page, context, errors } = await paymentSession("zh");
    const step = new PaymentStepPage(page, "zh");
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    await new SandboxCardPage(page, "zh").pay(CARDS.success);
    const result = new PaymentResultPage(page, "zh");
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    await expectBare(page);
    await result.stayHere.click();
    await page.getByText(label("zh", "payment_pages.redirect_stopped")).waitFor();
    await page.waitForTimeout(6000);
    expect(new URL(page.url()).pathname).toBe("/zh/payment/result/success");
    expect(await result.value("payment_pages.invoice").textContent()).toMatch(/FA\d{4}-\d{6}/);
    expect((await orderOf(token, order.id)).status).toBe("processing");
    await result.goNow.click();
    await page.waitForURL(new RegExp(`/zh/confirmation-commande\\?id=${order.id}$`));
    // the Chinese invoice PDF: its title in Chinese characters (the embedded CJK font)
    const pdf = await context.request.get(`${shop.url}/documents/invoice/${order.id}.pdf?lang=zh`);
    expect(pdf.status()).toBe(200);
    const text = await pdfToText(await pdf.body());
    expect(text).toContain(label("zh", "documents.title_invoice"));
    expect(text).not.toContain("\uFFFD");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a declined card leads to the failure page with its reason, then re-pay succeeds", async () => {
    const { token, order, page, context, errors } = await paymentSession();
    const step = new PaymentStepPage(page);
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    await new SandboxCardPage(page).pay(CARDS.declined);
    const result = new PaymentResultPage(page);
    await result.waitFor("fail");
    await result.failure.waitFor();
    await expectBare(page);
    expect(await result.failureReason.textContent()).toContain(label("fr", "payment.declined"));
    expect(await seriousViolations(page)).toEqual([]);
    expect((await orderOf(token, order.id)).status).toBe("unpaid");

    await result.payAgain.click();
    await new SandboxCardPage(page).pay(CARDS.success);
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    expect((await orderOf(token, order.id)).status).toBe("processing");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a declined card in Chinese: the failure page and its reason are Chinese, and so is the next attempt", async () => {
    const { order, page, context, errors } = await paymentSession("zh");
    const step = new PaymentStepPage(page, "zh");
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    await new SandboxCardPage(page, "zh").pay(CARDS.declined);
    const result = new PaymentResultPage(page, "zh");
    await result.waitFor("fail");
    await result.failure.waitFor();
    expect(await result.failureReason.textContent()).toContain(label("zh", "payment.declined"));
    expect(await result.root.textContent()).not.toContain(label("fr", "payment.declined"));
    await page.screenshot({ path: "/tmp/30b-payment-fail-zh.png" });
    // paying again goes to the Chinese card page and comes back to the Chinese result page
    await result.payAgain.click();
    await new SandboxCardPage(page, "zh").pay(CARDS.declined);
    await result.waitFor("fail");
    await result.failureReason.waitFor();
    expect(await result.failureReason.textContent()).toContain(label("zh", "payment.declined"));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("3-D Secure: a passed challenge pays the order", async () => {
    const { token, order, page, context } = await paymentSession();
    const step = new PaymentStepPage(page);
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    const sandbox = new SandboxCardPage(page);
    await sandbox.pay(CARDS.challenge);
    await sandbox.challenge("pass");
    const result = new PaymentResultPage(page);
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    expect((await orderOf(token, order.id)).status).toBe("processing");
    await context.close();
  });

  it("3-D Secure: a failed challenge shows the failure, the order stays unpaid", async () => {
    const { token, order, page, context } = await paymentSession();
    const step = new PaymentStepPage(page);
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    const sandbox = new SandboxCardPage(page);
    await sandbox.pay(CARDS.challenge);
    await sandbox.challenge("fail");
    const result = new PaymentResultPage(page);
    await result.waitFor("fail");
    await result.failure.waitFor();
    expect(await result.failureReason.textContent()).toContain(label("fr", "payment.authentication_failed"));
    await result.payAgain.waitFor();
    expect((await orderOf(token, order.id)).status).toBe("unpaid");
    await context.close();
  });

  it("abandoning the provider's page says so and offers to pay again", async () => {
    const { token, order, page, context } = await paymentSession();
    const step = new PaymentStepPage(page);
    await step.goto(shop.url, order.id);
    await step.payByCard.click();
    await new SandboxCardPage(page).cancel();
    const result = new PaymentResultPage(page);
    await result.waitFor("fail");
    await result.failure.waitFor();
    await result.payAgain.waitFor();
    expect((await orderOf(token, order.id)).status).toBe("unpaid");
    await context.close();
  });

  it("re-pays an unpaid order from its detail page", async () => {
    const { token, order, page, context, errors } = await paymentSession();
    await page.goto(`${shop.url}/order-detail?id=${order.number}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("heading", { name: label("fr", "orders.not_paid") }).waitFor();
    await page.getByRole("button", { name: label("fr", "payment_pages.pay_now") }).click();
    await new SandboxCardPage(page).pay(CARDS.success);
    const result = new PaymentResultPage(page);
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    expect((await orderOf(token, order.id)).status).toBe("processing");
    // Paid: the detail page offers no payment any more.
    await page.goto(`${shop.url}/order-detail?id=${order.number}`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: label("fr", "payment_pages.pay_now") }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("order states around payment", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`a cancelled order shows its cancellation date and cannot be paid; the history labels the states (${lang})`, async () => {
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, DEMO);
      const t = (key: string, vars?: Record<string, string>) => label(lang, key, vars);
      const step = new PaymentStepPage(page, lang);
      await step.goto(shop.url, "CE2026-000140");
      const date = lang === "fr" ? "21 octobre 2026" : "2026年10月21日";
      await page.getByText(t("payment_pages.cancelled_on", { date })).waitFor();
      expect(await step.payByCard.count()).toBe(0);

      await page.goto(`${shop.url}${localePath(lang, "/order-detail")}?id=CE2026-000140`);
      await page.getByTestId("order-cancelled").getByText(t("payment_pages.cancelled_on", { date })).waitFor();
      expect(await page.getByRole("button", { name: t("payment_pages.pay_now") }).count()).toBe(0);

      await page.goto(`${shop.url}${localePath(lang, "/historique-commandes")}`);
      const history = page.getByTestId("order-history");
      const short = lang === "fr" ? "21/10/2026" : "2026/10/21";
      await history
        .locator("tr", { hasText: "CE2026-000140" })
        .getByText(t("orders.state_cancelled_on", { date: short }))
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the history labels a new order as awaiting payment and links to its payment step (${lang})`, async () => {
      const { token, order, page, context, errors } = await paymentSession(lang);
      const t = (key: string, vars?: Record<string, string>) => label(lang, key, vars);
      await page.goto(`${shop.url}${localePath(lang, "/historique-commandes")}`);
      await page.waitForLoadState("networkidle");
      const row = page.getByTestId("order-history").locator("tr", { hasText: order.number });
      await row.getByText(t("orders.state_unpaid")).waitFor();
      await row.getByRole("link", { name: t("payment_pages.pay_order_of", { number: order.number }) }).click();
      const step = new PaymentStepPage(page, lang);
      await step.ready();
      await step.payByCard.waitFor();
      expect(await step.summary.textContent()).toContain(order.number);
      expect((await orderOf(token, order.id)).status).toBe("unpaid");
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("an unknown or another customer's order is the 404 page; the result routes need a known type", async () => {
    const { customer } = await buyer();
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    for (const path of ["/paymentcb?order_id=CE2026-000171", "/paymentcb?order_id=abc", "/payment/result/other?order_id=1"]) {
      const res = await page.goto(`${shop.url}${path}`);
      expect({ path, status: res?.status() }).toEqual({ path, status: 404 });
    }
    await context.close();
  });

  it("a visitor is sent to /connexion", async () => {
    const { page, context } = await newTab(browser());
    await page.goto(`${shop.url}/paymentcb?order_id=1`);
    await page.waitForURL(/\/connexion\?redirect=%2Fpaymentcb%3Forder_id%3D1$/);
    await context.close();
  });
});
