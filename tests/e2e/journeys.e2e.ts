// A buyer's journeys end where they were going, in French and Chinese: a header link that needs a login comes
// back to its page after the login; no order without the terms of sale accepted, no account without the
// privacy notice accepted.
import { describe, expect, it } from "vitest";
import { DESKTOP, browserPerFile, newTab, openTab, seriousViolations } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { freshCustomer, loginAs, type Customer } from "./customers.ts";
import { Header, LoginPage } from "./pages/index.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { CartPage } from "./pages/cart.ts";
import { formatPrice } from "#core/price-format.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";

const shop = shopPerFile();
const browser = browserPerFile();

type Line = { model_id: number; num: number; price: string; stock: number; purchasable_qty: number };
type Cart = { cart_list: Line[] };

/** A model sold from stock, and a quantity worth about `amount` € HT. */
async function pickLine(s: Shop, amount = 80): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const num = Math.ceil(amount / Number(l.price));
    if (Number(l.price) > 0 && num <= Math.min(l.stock, l.purchasable_qty || Infinity)) return { model_id: l.model_id, num };
  }
  throw new Error("no model to buy in the demo catalogue");
}

/** A fresh customer with an invoice address and one line in the server cart. */
async function buyer(lang: Lang, amount = 80): Promise<{ customer: Customer; token: string }> {
  const customer = await freshCustomer(shop, { lang });
  const token = (await shop.api<{ token: string }>("/site/user/login", { identifier: customer.identifier, password: customer.password }))
    .data.token;
  const address = { first_name: "Camille", last_name: "Essai", line1: "10 rue de la Roquette", city: "Paris", phone: "01 43 55 66 77" };
  expect((await shop.api("/site/Customer/saveAddress", { ...address, zip_code: "75011", kind: "invoice" }, { token })).code).toBe(200);
  expect((await shop.api("/site/Customer/addShoppingCart", { arr: [await pickLine(shop, amount)] }, { token })).code).toBe(200);
  return { customer, token };
}

const cartLines = async (token: string) => (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data.cart_list.length;

describe("login from a header link", () => {
  for (const lang of ["fr", "zh"] as const satisfies Lang[]) {
    it(`"Commande rapide" then "Mon compte": the login comes back to the page asked for (${lang})`, async () => {
      const customer = await freshCustomer(shop, { lang });
      const { page, errors } = await newTab(browser());
      await page.goto(`${shop.url}${localePath(lang, "/")}`);
      await page.waitForLoadState("networkidle");
      const header = new Header(page, lang);
      await page
        .getByRole("banner")
        .getByRole("link", { name: label(lang, "header.quick_order"), exact: true })
        .click();
      // the page's address, never the data request's (`….data?_routes=…`)
      await page.waitForURL((u) => u.pathname === localePath(lang, "/connexion"));
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(localePath(lang, "/quick-order/purchased"));
      const login = new LoginPage(page, lang);
      await login.ready();
      await login.login(customer);
      await page.waitForURL(`${shop.url}${localePath(lang, "/quick-order/purchased")}`);
      await page.getByRole("heading", { name: label(lang, "area.qo_title"), exact: true }).waitFor();
      expect(await page.getByText(label(lang, "error.page_not_found")).count()).toBe(0);

      // logged out again, the account link also returns to its page
      await page.context().clearCookies();
      await page.goto(`${shop.url}${localePath(lang, "/")}`);
      await page.waitForLoadState("networkidle");
      await header.accountLink.click();
      await page.waitForURL((u) => u.pathname === localePath(lang, "/connexion"));
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(localePath(lang, "/mon-compte"));
      await login.ready();
      await login.login(customer);
      await page.waitForURL(`${shop.url}${localePath(lang, "/mon-compte")}`);
      await page.getByText(label(lang, "account.hello", { name: `${customer.firstName} ${customer.lastName}` })).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe("the terms of sale at /commande", () => {
  for (const lang of ["fr", "zh"] as const satisfies Lang[]) {
    it(`an order needs the box ticked; the box links the CGV (${lang})`, async () => {
      const { customer, token } = await buyer(lang);
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, customer);
      const checkout = new CheckoutPage(page, lang);
      await checkout.goto(shop.url);
      await checkout.chooseMode("pickup");
      await checkout.shop(/Vitry-sur-Seine/).check();
      await page.waitForLoadState("networkidle");
      expect(await checkout.acceptCgv.isChecked()).toBe(false);
      expect(await checkout.cgvLink.getAttribute("href")).toBe(localePath(lang, "/content/2-cgv"));
      // not ticked: the page says why and places nothing
      await checkout.placeOrder.click();
      await checkout.alerts.filter({ hasText: label(lang, "validation.cgv_required") }).waitFor();
      expect(await checkout.acceptCgv.getAttribute("aria-invalid")).toBe("true");
      await page.screenshot({ path: `/tmp/30b-cgv-${lang}.png`, fullPage: true });
      expect(new URL(page.url()).pathname).toBe(localePath(lang, "/commande"));
      expect(await cartLines(token)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      // the CGV open in a new tab, the checkout stays as it is
      const [cgv] = await Promise.all([context.waitForEvent("page"), checkout.cgvLink.click()]);
      await cgv.waitForLoadState();
      expect(new URL(cgv.url()).pathname).toBe(localePath(lang, "/content/2-cgv"));
      await cgv.close();
      await checkout.acceptCgv.check();
      expect(await checkout.alerts.filter({ hasText: label(lang, "validation.cgv_required") }).count()).toBe(0);
      await checkout.placeOrder.click();
      await page.waitForURL(new RegExp(`${localePath(lang, "/paymentcb")}\\?order_id=\\d+$`));
      expect(await cartLines(token)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("the privacy notice at /reg", () => {
  for (const lang of ["fr", "zh"] as const satisfies Lang[]) {
    it(`an account needs the privacy notice accepted; the box links it (${lang})`, async () => {
      const { page, errors } = await newTab(browser());
      const email = `consent.${lang}.${Date.now()}@exemple.fr`;
      await page.goto(`${shop.url}${localePath(lang, "/reg")}`);
      await page.waitForLoadState("networkidle");
      await page.getByLabel(label(lang, "account.first_name"), { exact: true }).fill("Wei");
      await page.getByLabel(label(lang, "account.last_name"), { exact: true }).fill("Zhang");
      await page.getByLabel(label(lang, "account.email"), { exact: true }).fill(email);
      await page.getByLabel(label(lang, "account.password"), { exact: true }).fill("Bonjour2026!");
      await page.getByLabel(label(lang, "account.confirm"), { exact: true }).fill("Bonjour2026!");
      const box = page.getByRole("checkbox", {
        name: `${label(lang, "account.accept_privacy_lead")}${label(lang, "account.accept_privacy_link")}`.trim(),
      });
      const link = page.getByRole("main").getByRole("link", { name: label(lang, "account.accept_privacy_link") });
      expect(await link.getAttribute("href")).toBe(localePath(lang, "/content/6-politique-de-confidentialite"));
      const submit = page.getByRole("button", { name: label(lang, "account.register_submit") });
      await submit.click();
      await page
        .getByRole("alert")
        .filter({ hasText: label(lang, "validation.privacy_required") })
        .waitFor();
      await page.screenshot({ path: `/tmp/30b-reg-${lang}.png`, fullPage: true });
      expect(new URL(page.url()).pathname).toBe(localePath(lang, "/reg"));
      expect((await shop.api("/site/user/login", { identifier: email, password: "Bonjour2026!" })).code).toBe(400);
      await box.check();
      await submit.click();
      await page.waitForURL(`${shop.url}${localePath(lang, "/mon-compte")}`);
      expect((await shop.api("/site/user/login", { identifier: email, password: "Bonjour2026!" })).code).toBe(200);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe("the delivery mode in the cart", () => {
  /** Saves a store pickup at the Vitry shop as the cart's choice, as /commande does. */
  async function savePickup(token: string, lang: Lang) {
    const r = await shop.api(
      "/site/Sale/cartParams",
      { infos: { pickup_method: 2, delivery_mode: "pickup", shop_id: 2 } },
      { token, lang },
    );
    expect(r.code, JSON.stringify(r)).toBe(200);
  }
  const minimumText = (lang: Lang) => label(lang, "cart.minimum", { minimum: formatPrice("50", lang, "HT") });

  for (const lang of ["fr", "zh"] as const satisfies Lang[]) {
    it(`a customer's cart names its saved store pickup and /commande opens with it (${lang})`, async () => {
      const { customer, token } = await buyer(lang, 230);
      await savePickup(token, lang);
      const { page, context, errors } = await newTab(browser());
      await loginAs(context, shop, customer);
      await page.goto(`${shop.url}${localePath(lang, "/panier")}`);
      const mode = page.getByTestId("cart-delivery-mode");
      await mode.waitFor();
      expect(await mode.textContent()).toMatch(
        new RegExp(
          `${label(lang, "cart.delivery_mode", { mode: `${label(lang, "checkout.mode_pickup")} — .*${lang === "fr" ? "Vitry-sur-Seine" : "维特里"}` })}`,
        ),
      );
      expect(await page.getByTestId("cart-freight").textContent()).toBe(label(lang, "cart.free"));
      expect(await page.getByTestId("cart-minimum").textContent()).toBe(minimumText(lang));
      await page.screenshot({ path: `/tmp/30b-cart-pickup-${lang}-1280.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await mode.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/30b-cart-pickup-${lang}-390.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.setViewportSize(DESKTOP);
      // the link to change it leads to /commande, open with that mode and shop selected
      await mode.getByRole("link", { name: label(lang, "cart.delivery_mode_change") }).click();
      const checkout = new CheckoutPage(page, lang);
      await checkout.ready();
      expect(new URL(page.url()).pathname).toBe(localePath(lang, "/commande"));
      expect(await checkout.mode("pickup").isChecked()).toBe(true);
      expect(await checkout.shop(/Vitry-sur-Seine/).isChecked()).toBe(true);
      expect(await checkout.summaryFreight.textContent()).toBe(label(lang, "orders.freight_free"));
      expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
      await context.close();
    });

    it(`a visitor's cart never says delivery is free: computed at the next step, the threshold and minimum shown (${lang})`, async () => {
      const { page, context, errors } = await openTab(browser(), `${shop.url}${localePath(lang, "/")}`);
      const cart = new CartPage(page, lang);
      const card = await cart.promotionCard(shop.url);
      await cart.addFrom(card);
      await cart.closePanel();
      await page.goto(`${shop.url}${cart.path("/panier")}`);
      const freight = page.getByTestId("cart-freight");
      await freight.waitFor();
      expect(await freight.textContent()).toBe(label(lang, "cart.freight_next_step"));
      const totals = (await page.locator("#cart-totals").locator("xpath=..").textContent()) ?? "";
      expect(totals).not.toContain(label(lang, "cart.free_delivery_reached"));
      expect(totals).not.toContain(label(lang, "cart.free"));
      expect(totals).toContain(label(lang, "cart.free_delivery_from", { amount: formatPrice("300", lang, "HT") }));
      expect(await page.getByTestId("cart-minimum").textContent()).toMatch(lang === "fr" ? /minimum de commande/i : /最低起订金额/);
      expect(await page.getByTestId("cart-delivery-mode").count()).toBe(0);
      await page.screenshot({ path: `/tmp/30b-cart-visitor-${lang}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("a customer without a mode: the cart says to choose it, and /commande never says free before a mode is chosen", async () => {
    const { customer } = await buyer("fr", 230);
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    await page.goto(`${shop.url}/panier`);
    const mode = page.getByTestId("cart-delivery-mode");
    await mode.waitFor();
    expect(await mode.textContent()).toContain(label("fr", "cart.delivery_mode", { mode: label("fr", "cart.mode_none") }));
    expect(await page.getByTestId("cart-freight").textContent()).toBe(label("fr", "cart.freight_next_step"));
    await mode.getByRole("link", { name: label("fr", "cart.delivery_mode_choose") }).click();
    const checkout = new CheckoutPage(page);
    await checkout.ready();
    // nothing saved: no mode is selected, and the summary asks for one instead of saying "gratuit"
    for (const m of ["parcel", "pallet", "carrier", "pickup"] as const) expect(await checkout.mode(m).isChecked()).toBe(false);
    expect(await checkout.summaryFreight.textContent()).toBe(label("fr", "checkout.freight_to_choose"));
    await checkout.chooseMode("pickup");
    await checkout.shop(/Vitry-sur-Seine/).check();
    await page.waitForLoadState("networkidle");
    await expect.poll(() => checkout.summaryFreight.textContent()).toBe(label("fr", "orders.freight_free"));
    await context.close();
  });
});
