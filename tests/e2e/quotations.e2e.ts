// Quotations end to end (decision 080), fr and zh, in Chromium against the built shop:
// cart → "ask for a quotation" → detail → list → PDF (its text read back) → the cart changes →
// "order at the quoted prices" puts the quoted lines back → a store pickup order whose goods total is the
// quotation's. Also: the demo customer's seeded quotations (one valid, one expired) on a fresh start, and
// cancelling the valid one (decision 085).
import { pdfToText } from "../../server/test/pdf-text.ts";
import { describe, expect, it } from "vitest";
import { newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile, SIGN_SECRET, type Shop } from "./shop.ts";
import { DEMO, freshCustomer, loginAs } from "./customers.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { label } from "./pages/labels.ts";
import { sign } from "../../server/http/signature.ts";
import { formatPrice } from "#core/price-format.ts";

const shop = shopPerFile();
const browser = browserPerFile();

type Line = { model_id: number; price: string; stock: number; purchasable_qty: number; not_for_sale: boolean };
type Cart = { cart_info: { totalAmount: string; cartTotalAmount: string }; cart_list: (Line & { num: number; quoted?: boolean })[] };

/** A signed GET of the API, as the browser makes it. */
async function apiGet<T>(s: Shop, path: string, query: Record<string, string>, token: string): Promise<{ code: number; data: T }> {
  const t = Math.floor(Date.now() / 1000);
  const qs = new URLSearchParams({ ...query, t: String(t), at: sign(t, path, SIGN_SECRET) });
  const res = await fetch(`${s.url}${path}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
  return res.json() as Promise<{ code: number; data: T }>;
}

/** Two models sold from stock, with quantities worth above the 50 € minimum order together. */
async function twoLines(s: Shop): Promise<{ model_id: number; num: number }[]> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  const out: { model_id: number; num: number }[] = [];
  for (const l of r.data.cart_list) {
    const num = Math.ceil(40 / Number(l.price));
    if (Number(l.price) > 0 && !l.not_for_sale && num + 5 <= Math.min(l.stock, l.purchasable_qty || Infinity))
      out.push({ model_id: l.model_id, num });
    if (out.length === 2) return out;
  }
  throw new Error("no models to quote in the demo catalogue");
}

describe("quotations", () => {
  for (const lang of ["fr", "zh"] as const) {
    it(`cart → quotation → list → PDF → back into the cart at the quoted prices → order (${lang})`, async () => {
      const t = (key: string, vars?: Record<string, string | number>) => label(lang, key, vars);
      const prefix = lang === "zh" ? "/zh" : "";
      const customer = await freshCustomer(shop, { lang });
      const token = (
        await shop.api<{ token: string }>("/site/user/login", { identifier: customer.identifier, password: customer.password })
      ).data.token;
      const address = { first_name: "Camille", last_name: "Essai", company: "Essai SARL", line1: "10 rue de la Roquette", city: "Paris" };
      for (const kind of ["delivery", "invoice"] as const)
        expect(
          (await shop.api("/site/Customer/saveAddress", { ...address, phone: "01 43 55 66 77", zip_code: "75011", kind }, { token })).code,
        ).toBe(200);
      const lines = await twoLines(shop);
      expect((await shop.api("/site/Customer/addShoppingCart", { arr: lines }, { token })).code).toBe(200);
      const quotedGoods = (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data.cart_info.totalAmount;

      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, customer);
      await page.goto(`${shop.url}${prefix}/panier`);
      const ask = page.getByRole("button", { name: t("quotations.create") });
      await ask.click();
      await page.waitForURL(new RegExp(`${prefix}/accountpdfquotation\\?id=DV\\d{4}-\\d{6}$`));
      const number = new URL(page.url()).searchParams.get("id")!;
      await page.getByRole("heading", { level: 1, name: t("quotations.detail_title", { number }) }).waitFor();
      expect(await page.getByTestId("quotation-line").count()).toBe(2);
      await page
        .getByTestId("quotation-state")
        .filter({ hasText: t("quotations.state_open") })
        .waitFor();
      expect((await page.locator("[data-total=ht]").textContent())!.trim()).toBe(formatPrice(quotedGoods, lang, "HT"));
      expect(await seriousViolations(page)).toEqual([]);

      // the list shows it with its validity and state
      await page.getByRole("link", { name: t("quotations.back_to_list") }).click();
      await page.waitForURL(new RegExp(`${prefix}/accountpdfquotations$`));
      const row = page.locator(`[data-testid=quotation-row][data-number="${number}"]`);
      await row.getByText(t("quotations.state_open")).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the PDF behind the link, with the browser's session cookie
      const href = (await row.getByTestId("quotation-pdf").getAttribute("href"))!;
      const pdf = await context.request.get(`${shop.url}${href}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const text = await pdfToText(await pdf.body());
      expect(text).toContain(t("documents.title_quotation"));
      expect(text).toContain(number);
      expect(text).toContain(formatPrice(quotedGoods, lang).replace(/[\u202f\u00a0]/g, " "));
      expect(text).toContain(t("documents.total_ttc"));
      // nobody else gets it
      const other = await browser().newContext();
      await loginAs(other, shop, DEMO);
      expect((await other.request.get(`${shop.url}${href}`)).status()).toBe(404);
      await other.close();

      // the cart changes meanwhile; the quotation puts its lines back, marked as quoted
      expect(
        (await shop.api("/site/Customer/editShoppingCart", { model_id: lines[0].model_id, num: lines[0].num + 5, type: 1 }, { token }))
          .code,
      ).toBe(200);
      await row.getByRole("link", { name: t("quotations.see_detail_of", { number }) }).click();
      await page.getByTestId("quotation-to-cart").click();
      await page.waitForURL(new RegExp(`${prefix}/panier$`));
      await expect.poll(() => page.getByTestId("quoted-badge").count()).toBe(2);
      await page.getByTestId("quoted-badge").first().filter({ hasText: number }).waitFor();
      const cart = (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data;
      expect(cart.cart_info.totalAmount).toBe(quotedGoods);
      expect(cart.cart_list.map((l) => [l.model_id, l.num, l.quoted]).sort()).toEqual(lines.map((l) => [l.model_id, l.num, true]).sort());

      // a store pickup order: its goods are the quotation's amount
      const checkout = new CheckoutPage(page, lang);
      await checkout.goto(shop.url);
      await checkout.chooseMode("pickup");
      await checkout.shop(/Vitry-sur-Seine/).check();
      await page.waitForLoadState("networkidle");
      await checkout.acceptCgv.check();
      await checkout.placeOrder.click();
      // placed unpaid: the checkout goes on to the card payment step
      await page.waitForURL(new RegExp(`${prefix}/paymentcb\\?order_id=\\d+$`));
      const orderId = new URL(page.url()).searchParams.get("order_id")!;
      const order = await apiGet<{ total_ht: string; freight_ht?: string; lines: { line_ht?: string; amount?: string }[] }>(
        shop,
        "/site/Sale/orderDetial",
        { id: orderId },
        token,
      );
      expect(order.code).toBe(200);
      expect(order.data.total_ht).toBe(quotedGoods); // pickup: no freight, no coupon
      // used up
      const list = await apiGet<{ list: { number: string; state: string }[] }>(shop, "/site/Customer/quotationList", {}, token);
      expect(list.data.list.find((q) => q.number === number)?.state).toBe("ordered");
      expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
      await context.close();
    });
  }

  it("shows the demo customer's valid and expired quotations on a fresh start, /center/ alias included", async () => {
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    await page.goto(`${shop.url}/center/accountpdfquotations`);
    await page.locator('[data-testid=quotation-row][data-number="DV2026-000012"]').getByText("En cours").waitFor();
    await page.locator('[data-testid=quotation-row][data-number="DV2026-000009"]').getByText("Expiré").waitFor();
    await page.goto(`${shop.url}/zh/accountpdfquotation?id=DV2026-000009`);
    await page.getByRole("heading", { level: 1, name: "报价单 DV2026-000009" }).waitFor();
    await page.getByTestId("quotation-state").filter({ hasText: "已过期" }).waitFor();
    expect(await page.getByTestId("quotation-to-cart").count()).toBe(0);
    await context.close();
  });

  it("cancels the demo's open quotation after a confirmation (fr), shown cancelled in zh too", async () => {
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    // an expired quotation offers no cancellation
    await page.goto(`${shop.url}/accountpdfquotation?id=DV2026-000009`);
    await page.getByRole("heading", { level: 1, name: "Devis DV2026-000009" }).waitFor();
    expect(await page.getByTestId("quotation-cancel").count()).toBe(0);

    await page.goto(`${shop.url}/accountpdfquotation?id=DV2026-000012`);
    const fr = (key: string, vars?: Record<string, string | number>) => label("fr", key, vars);
    const cancel = page.getByRole("button", { name: fr("quotations.cancel") });
    // "Non" keeps it
    await cancel.click();
    const dialog = page.getByRole("alertdialog", { name: fr("quotations.cancel_title", { number: "DV2026-000012" }) });
    await dialog.getByText(fr("quotations.cancel_text")).waitFor();
    await dialog.getByRole("button", { name: fr("no") }).click();
    await dialog.waitFor({ state: "detached" });
    await page
      .getByTestId("quotation-state")
      .filter({ hasText: fr("quotations.state_open") })
      .waitFor();
    // "Oui" cancels it: the state changes, the actions go
    await cancel.click();
    await dialog.getByRole("button", { name: fr("yes") }).click();
    await page
      .getByText(fr("quotations.cancel_done", { number: "DV2026-000012" }))
      .first()
      .waitFor();
    await page
      .getByTestId("quotation-state")
      .filter({ hasText: fr("quotations.state_cancelled") })
      .waitFor();
    expect(await page.getByTestId("quotation-cancel").count()).toBe(0);
    expect(await page.getByTestId("quotation-to-cart").count()).toBe(0);

    await page.goto(`${shop.url}/zh/accountpdfquotations`);
    await page
      .locator('[data-testid=quotation-row][data-number="DV2026-000012"]')
      .getByText(label("zh", "quotations.state_cancelled"))
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a visitor to /connexion", async () => {
    const { page, context } = await newTab(browser());
    await page.goto(`${shop.url}/accountpdfquotations`);
    await page.waitForURL(/\/connexion\?redirect=%2Faccountpdfquotations$/);
    await context.close();
  });
});
