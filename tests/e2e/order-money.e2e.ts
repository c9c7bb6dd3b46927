// What the buyer sees of an order's money (decision 116), in Chromium against the built shop, fr and zh, at 1280
// and 390 px: a pallet order with a freight discount (a model sold below its site price, SPEC §9) paid partly by
// the demo customer's credit note and partly by the sandbox card. The freight discount is one labelled row on the
// checkout, the confirmation and the order detail, which break the order down the same way; VAT shows the rate
// charged (20 %, never 19,99 %); the success page, confirmation, history, detail and e-mails show the total, the
// credit deducted and what the card paid; the invoice PDF the same. Each language has its own shop (one credit
// balance each).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserPerFile, DESKTOP, newTab, seriousViolations } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { CARDS, PaymentResultPage, PaymentStepPage, SandboxCardPage } from "./pages/payment.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";
import { pdfToText } from "../../server/test/pdf-text.ts";
import { formatPrice } from "#core/price-format.ts";

const browser = browserPerFile();
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp";

type Line = { model_id: number; price: string; site_price: string; stock: number; purchasable_qty: number; remise_info: unknown };

/** A model sold below its site price, without promotion, and a quantity for 80 to 200 € HT (below free delivery). */
async function belowSitePrice(s: Shop): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 200 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<{ cart_list: Line[] }>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const price = Number(l.price);
    const num = Math.ceil(80 / price);
    if (
      price > 0 &&
      Number(l.site_price) - price >= 0.05 &&
      !l.remise_info &&
      num * price <= 200 &&
      num <= Math.min(l.stock, l.purchasable_qty || Infinity)
    )
      return { model_id: l.model_id, num };
  }
  throw new Error("no model sold below its site price in the demo catalogue");
}

/** The rows of a money breakdown (<dl>) as [label, value], spaces folded. */
async function rows(page: Page, name: string): Promise<[string, string][]> {
  const list = page
    .getByRole("list", { name })
    .or(page.locator(`dl[aria-label="${name}"]`))
    .first();
  await list.waitFor();
  return list
    .locator(":scope > div")
    .evaluateAll((divs) =>
      divs.map((d) => [
        d.querySelector("dt")!.textContent!.replace(/\s+/g, " ").trim(),
        d.querySelector("dd")!.textContent!.replace(/\s+/g, " ").trim(),
      ]),
    ) as Promise<[string, string][]>;
}

const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

describe.each(["fr", "zh"] as const)("an order's money (%s)", (lang: Lang) => {
  // No order may expire during the run.
  const shop = shopPerFile({ UNPAID_ORDER_EXPIRY_MINUTES: "525600" });
  const t = (key: string, vars?: Record<string, string | number>) => label(lang, key, vars);
  const eur = (v: string, l?: "HT" | "TTC") => norm(formatPrice(v, lang, l));

  it("shows the freight discount on its own row and the credit note beside the card's part, everywhere", async () => {
    const token = (await shop.api<{ token: string }>("/site/user/login", { identifier: DEMO.identifier, password: DEMO.password })).data
      .token;
    expect((await shop.api("/site/Customer/addShoppingCart", { arr: [await belowSitePrice(shop)] }, { token })).code).toBe(200);
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);

    // Checkout: pallet delivery, the freight and its discount on two labelled rows, no unlabelled "Remises".
    const checkout = new CheckoutPage(page, lang);
    await checkout.goto(shop.url);
    await checkout.chooseMode("pallet");
    const summaryName = t("checkout.summary_title");
    // the freight comes back from the server after the mode is chosen
    await expect.poll(async () => (await rows(page, summaryName)).map(([l]) => l)).toContain(t("orders.freight_discount"));
    const atCheckout = await rows(page, summaryName);
    const labels = atCheckout.map(([l]) => l);
    expect(labels).toContain(t("orders.freight_discount"));
    expect(labels).not.toContain(lang === "fr" ? "Remises" : "折扣"); // no unlabelled discount folding the freight's in
    const freightDiscount = atCheckout.find(([l]) => l === t("orders.freight_discount"))![1];
    expect(freightDiscount).toMatch(lang === "fr" ? /^-\d+,\d\d € HT$/ : /^-€\d+\.\d\d 不含税$/);
    const vatRows = labels.filter((l) => l.startsWith(lang === "fr" ? "TVA " : "增值税 "));
    expect(vatRows).toHaveLength(1);
    expect(vatRows[0]).toContain(lang === "fr" ? "20 %" : "20%");
    expect(norm(await page.getByRole("region", { name: summaryName }).textContent())).not.toMatch(/19[,.]99/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/order-money-checkout-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.getByRole("region", { name: summaryName }).screenshot({ path: `${SHOTS}/order-money-checkout-${lang}-390.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize(DESKTOP);

    await checkout.receiving(1, "morning").check();
    await page.getByRole("checkbox", { name: t("documents.credit_apply") }).check();
    await expect.poll(() => page.getByTestId("credit-used").textContent()).toBe(formatPrice("-18.60", lang));
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    await page.waitForURL(/\/paymentcb\?order_id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get("order_id"));

    // The order's total and the card's part, from the summary of the payment step.
    const step = new PaymentStepPage(page, lang);
    await step.ready();
    const total = atCheckout.find(([l]) => l === t("orders.total_ttc"))![1];
    const stepText = norm(await step.summary.textContent());
    expect(stepText).toContain(total);
    expect(stepText).toContain(eur("-18.60", "TTC"));
    const due = norm(await page.getByTestId("payment-amount-due").textContent());
    const dueAmount = (Number(total.replace(/[^\d,.]/g, "").replace(",", ".")) - 18.6).toFixed(2);
    expect(due).toBe(eur(dueAmount, "TTC"));

    // The confirmation e-mail: the freight discount row, the credit deducted and what the card is to pay.
    const placedMail = await shop.mailTo(DEMO.email, t("orders.amount_due_unpaid"));
    expect(norm(placedMail)).toContain(
      norm(
        t("orders.mail_row", {
          label: t("orders.freight_discount_ht"),
          amount: formatPrice(freightDiscount.replace(/[^\d,.-]/g, "").replace(",", "."), lang),
        }),
      ),
    );
    expect(norm(placedMail)).toContain(norm(t("orders.mail_row", { label: t("orders.credit_used"), amount: formatPrice("-18.60", lang) })));
    expect(norm(placedMail)).toContain(
      norm(t("orders.mail_row", { label: t("orders.amount_due_unpaid"), amount: formatPrice(dueAmount, lang) })),
    );

    // Paid by card: the success page says the total, the credit and what the card paid.
    await step.payByCard.click();
    await new SandboxCardPage(page, lang).pay(CARDS.success);
    const result = new PaymentResultPage(page, lang);
    await result.waitFor("success");
    await result.success.waitFor({ timeout: 25_000 });
    const success = norm(await page.getByTestId("payment-summary").textContent());
    expect(success).toContain(total);
    expect(norm(await page.getByTestId("payment-credit-used").textContent())).toBe(eur("-18.60", "TTC"));
    expect(norm(await page.getByTestId("payment-amount-due").textContent())).toBe(eur(dueAmount, "TTC"));
    expect(success).toContain(t("orders.amount_due"));
    await page.screenshot({ path: `${SHOTS}/order-money-success-${lang}-1280.png`, fullPage: true });
    await result.stayHere.click();

    // The payment e-mail: the card's amount, never the total, as the payment.
    const paidMail = norm(await shop.mailTo(DEMO.email, /FA\d{4}-\d{6}/)); // the invoice's number: sent once paid
    expect(paidMail).not.toBe(norm(placedMail));
    expect(paidMail).toContain(eur(dueAmount, "TTC"));
    expect(paidMail).not.toContain(lang === "fr" ? `paiement de ${total}` : `的付款 ${total}`);
    expect(paidMail).toContain(norm(t("orders.mail_row", { label: t("orders.amount_due"), amount: formatPrice(dueAmount, lang) })));

    // The confirmation and the detail break the order down as the checkout did, then the credit and the card.
    const expected = [...atCheckout, [t("orders.credit_used"), eur("-18.60", "TTC")], [t("orders.amount_due"), eur(dueAmount, "TTC")]];
    for (const path of ["/confirmation-commande", "/order-detail"]) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(`${shop.url}${localePath(lang, path)}?id=${orderId}`);
        await page.waitForLoadState("networkidle");
        expect(await rows(page, t("orders.totals_title"))).toEqual(expected);
        // every amount in view, also on a phone
        const box = (await page.locator(`dl[aria-label="${t("orders.totals_title")}"]`).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(norm(await page.locator("main").textContent())).not.toMatch(/19[,.]99/);
        await page.screenshot({ path: `${SHOTS}/order-money-${path.slice(1)}-${lang}-${viewport.width}.png`, fullPage: true });
      }
      expect(await seriousViolations(page)).toEqual([]);
    }

    // The history: the total, the credit deducted and what the card paid.
    await page.goto(`${shop.url}${localePath(lang, "/historique-commandes")}`);
    const credit = page
      .getByRole("row")
      .filter({ hasText: /CE\d{4}-\d{6}/ })
      .first()
      .getByTestId("history-credit");
    expect(norm(await credit.innerText())).toBe(
      norm(`${t("orders.credit_used")} ${formatPrice("-18.60", lang)} ${t("orders.amount_due")} ${formatPrice(dueAmount, lang)}`),
    );

    // The invoice PDF: the freight discount labelled, the rate charged, the credit and the amount paid.
    const pdf = await context.request.get(`${shop.url}/documents/invoice/${orderId}.pdf${lang === "zh" ? "?lang=zh" : ""}`);
    expect(pdf.status()).toBe(200);
    const text = await pdfToText(await pdf.body());
    expect(text).toContain(t("documents.freight_discount_ht"));
    expect(text).toContain(lang === "fr" ? "20 %" : "20%");
    expect(text).not.toMatch(/19[,.]99/);
    expect(text).toContain(t("documents.credit_used"));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000); // a whole journey: checkout, card payment, two e-mails, two pages at two widths
});
