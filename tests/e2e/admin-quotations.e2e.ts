// Quotations made by staff end to end (decision 148), in Chromium against the built shop: customer service starts a
// quotation for the demo customer from its client number, adds a model by reference, gives it a lower unit price, and
// sends it; the e-mail arrives on the test SMTP server with the quotation's PDF (its text read back); the customer finds
// it in their account, puts it in the cart and orders it at the staff's price. The list in Chinese. This file's shop
// has its own copy of the demo data (shopPerFile).
import { describe, expect, it } from "vitest";
import { DESKTOP, browserPerFile, newTab, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { AdminLogin } from "./pages/index.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { label } from "./pages/labels.ts";
import { pdfToText } from "../../server/test/pdf-text.ts";
import { formatPrice } from "#core/price-format.ts";
import { Decimal } from "#core/money.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;
const t = (key: string, vars?: Record<string, string | number>) => label("fr", key, vars);
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

type CartLine = { model_id: number; reference: string; price: string; stock: number; purchasable_qty: number; not_for_sale: boolean };

/** A model sold from stock, not under a promotion, with enough stock for the quotation. */
async function aModel(): Promise<CartLine> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await shop.api<{ cart_list: (CartLine & { remise_info: unknown })[] }>("/site/Index/getShoppingCart", { carts });
  const m = r.data.cart_list.find(
    (l) => Number(l.price) >= 1 && !l.not_for_sale && !l.remise_info && Math.min(l.stock, l.purchasable_qty || Infinity) >= 200,
  );
  if (!m) throw new Error("no model to quote in the demo catalogue");
  return m;
}

describe("quotations made by staff", () => {
  it("customer service quotes the demo customer, sends it with its PDF; the customer orders it at the quoted price", async () => {
    const model = await aModel();
    // a lower price than the catalogue's, with 4 decimals; enough units to pass the 50 € minimum order
    const price = Decimal.from(model.price).times("0.8").round(4);
    const num = Math.ceil(60 / Number(price.toFixed(4)));
    const amount = price.times(num).round(2).toFixed(2);

    const { page, errors } = await newTab(browser(), DESKTOP);
    const member = staff("customer_service");
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(member.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: t("admin.nav_quotations"), exact: true }).click();
    await page.waitForURL(`${shop.url}/admin/devis`);
    await page.getByRole("heading", { name: t("admin.quotations_title"), level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);

    // a new quotation for the demo customer
    await page.getByLabel(t("admin.quotations_new_client")).fill("c100001");
    await page.getByRole("button", { name: t("admin.quotations_new_submit") }).click();
    await page.waitForURL(new RegExp(`${shop.url}/admin/devis/\\d+$`));
    const heading = page.getByRole("heading", { level: 1, name: /^Devis DV\d{4}-\d{6}$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace("Devis ", "").trim();
    await page
      .getByTestId("quotation-state")
      .filter({ hasText: t("quotations.desk_state_draft") })
      .waitFor();
    await page.waitForLoadState("networkidle");

    // a model by its reference, then the staff's price and the quantity
    await page.getByLabel(t("admin.quotation_add_ref")).fill(model.reference);
    await page.getByLabel(t("admin.quotation_add_num")).fill(String(num));
    await page.getByLabel(t("admin.quotation_note")).fill("Prix négocié par téléphone");
    await page.getByRole("button", { name: t("admin.quotation_save") }).click();
    await page.getByText(t("admin.quotation_saved_ok")).waitFor();
    await expect.poll(() => page.getByLabel(t("admin.quotation_add_ref")).inputValue()).toBe("");
    const priceField = page.getByLabel(t("admin.quotation_price_of", { ref: model.reference }));
    await priceField.fill(price.toFixed(4).replace(".", ","));
    await page.getByRole("button", { name: t("admin.quotation_save") }).click();
    await page
      .getByTestId("quotation-totals")
      .getByText(formatPrice(amount, "fr", "HT"))
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // sent: the e-mail with its PDF arrives
    await page.getByRole("button", { name: t("admin.quotation_send") }).click();
    await page.getByText(t("admin.quotation_sent_ok", { email: DEMO.email })).waitFor();
    await page
      .getByTestId("quotation-state")
      .filter({ hasText: t("quotations.desk_state_sent") })
      .waitFor();
    await page.screenshot({ path: "/tmp/e2e-shots/admin-quotation-fr.png", fullPage: true });
    const mail = await shop.mailTo(DEMO.email, number);
    expect(mail).toContain(t("mail.quotation_sent_intro", { number, date: "" }).split(",")[0]);
    expect(mail).toContain(`/accountpdfquotation?id=${number}`);
    const files = shop.mailFilesTo(DEMO.email);
    expect(files.map((f) => f.type)).toEqual(["application/pdf"]);
    const text = plain(await pdfToText(files[0].body));
    expect(text).toContain(number);
    expect(text).toContain(plain(formatPrice(amount, "fr")));
    expect(text).not.toContain("Prix négocié par téléphone");
    expect(errors).toEqual([]);

    // the customer finds it and orders it at the staff's price
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.context, shop, DEMO);
    await buyer.page.goto(`${shop.url}/accountpdfquotations`);
    await buyer.page.locator(`[data-testid=quotation-row][data-number="${number}"]`).getByText(t("quotations.state_open")).waitFor();
    await buyer.page.goto(`${shop.url}/accountpdfquotation?id=${number}`);
    await buyer.page.waitForLoadState("networkidle");
    expect((await buyer.page.locator("[data-total=ht]").textContent())!.trim()).toBe(formatPrice(amount, "fr", "HT"));
    await buyer.page.getByTestId("quotation-to-cart").click();
    await buyer.page.waitForURL(new RegExp(`/panier$`));
    await expect.poll(() => buyer.page.getByTestId("quoted-badge").count()).toBe(1);
    const checkout = new CheckoutPage(buyer.page, "fr");
    await checkout.goto(shop.url);
    await checkout.chooseMode("pickup");
    await checkout.shop(/Vitry-sur-Seine/).check();
    await buyer.page.waitForLoadState("networkidle");
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    await buyer.page.waitForURL(/\/paymentcb\?order_id=\d+$/);
    await buyer.context.close();

    // the back office shows it ordered, with its order
    await page.reload();
    await page
      .getByTestId("quotation-state")
      .filter({ hasText: t("quotations.desk_state_ordered") })
      .waitFor();
    const orderLink = page.getByRole("link", { name: /^CE\d{4}-\d+$/ });
    await orderLink.click();
    await page.waitForURL(/\/admin\/commandes\//);
    await page
      .getByText(formatPrice(amount, "fr", "HT"))
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the list in Chinese", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const manager = staff("manager");
    const admin = new AdminLogin(page, "zh");
    await admin.goto(shop.url);
    await admin.password(manager.email, DEMO_STAFF_PASSWORD);
    await admin.ready("两步验证");
    await admin.code(totpCode(manager.totpSecret));
    await page.waitForURL(`${shop.url}/zh/admin`);
    await page.goto(`${shop.url}/zh/admin/devis`);
    await page.getByRole("heading", { name: "报价单", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    await page
      .getByRole("row", { name: /DV2026-000012/ })
      .getByText("待处理的请求")
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "DV2026-000012" }).click();
    await page.getByRole("heading", { name: "报价单 DV2026-000012", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-quotation-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
