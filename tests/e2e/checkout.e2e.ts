// Checkout end to end: a fresh customer with a server cart places an order by pallet to
// a Paris zip, by store pickup, and in Chinese; the order exists (cart emptied) and the browser reaches the
// payment step (/paymentcb, decision 078). A visitor is sent to /connexion and back.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { freshCustomer, loginAs, type Customer } from "./customers.ts";
import { CartPage } from "./pages/cart.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { label } from "./pages/labels.ts";
import { LoginPage } from "./pages/index.ts";

const shop = shopPerFile();
const browser = browserPerFile();

type Line = { model_id: number; num: number; price: string; stock: number; purchasable_qty: number; non_gls_status: number };
type Cart = { cart_info: { cartTotalAmount: string }; cart_list: Line[] };

/** A model sold from stock, with a quantity above the 50 € minimum order amount of the demo config. */
async function pickModel(s: Shop): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const num = Math.ceil(80 / Number(l.price));
    if (Number(l.price) > 0 && num <= Math.min(l.stock, l.purchasable_qty || Infinity)) return { model_id: l.model_id, num };
  }
  throw new Error("no model to buy in the demo catalogue");
}

/** A fresh customer with a Paris delivery address, an invoice address and one line in the server cart. */
async function buyer(
  s: Shop,
  lang: "fr" | "zh" = "fr",
  line?: { model_id: number; num: number },
): Promise<{ customer: Customer; token: string }> {
  const customer = await freshCustomer(s, { lang });
  const login = await s.api<{ token: string }>("/site/user/login", { identifier: customer.identifier, password: customer.password });
  const token = login.data.token;
  const address = {
    first_name: "Camille",
    last_name: "Essai",
    company: "Essai SARL",
    line1: "10 rue de la Roquette",
    city: "Paris",
    phone: "01 43 55 66 77",
  };
  const ids: number[] = [];
  for (const kind of ["delivery", "invoice"] as const) {
    const r = await s.api<{ id: number }>("/site/Customer/saveAddress", { ...address, zip_code: "75011", kind }, { token });
    expect(r.code).toBe(200);
    ids.push(r.data.id);
  }
  // A saved pair: the checkout offers it in a select whose option text is both addresses in full.
  const pair = await s.api("/site/Customer/addAddressCombination", { delivery_addr_id: ids[0], invoice_addr_id: ids[1] }, { token });
  expect(pair.code).toBe(200);
  const added = await s.api("/site/Customer/addShoppingCart", { arr: [line ?? (await pickModel(s))] }, { token });
  expect(added.code).toBe(200);
  return { customer, token };
}

const cartLines = async (s: Shop, token: string) => (await s.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data.cart_list.length;

describe("checkout", () => {
  it("sends a visitor to /connexion and back to /commande", async () => {
    const { customer } = await buyer(shop);
    const { page, context } = await newTab(browser());
    await page.goto(`${shop.url}/commande`);
    await page.waitForURL(/\/connexion\?redirect=%2Fcommande$/);
    const login = new LoginPage(page);
    await login.ready();
    await login.login(customer);
    await page.waitForURL(`${shop.url}/commande`);
    await new CheckoutPage(page).ready();
    await context.close();
  });

  it("places an order by pallet to a Paris zip and reaches the confirmation", async () => {
    const { customer, token } = await buyer(shop);
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.heading.waitFor();
    // A full load of /commande: the header's badge shows the cart the page loaded.
    const units = (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data.cart_list.reduce((n, l) => n + l.num, 0);
    await new CartPage(page).waitForBadge(units);
    await checkout.chooseMode("pallet");
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the window (the pair's long option text once pushed the summary out of view).
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sideways()).toBe(0);
    await page.setViewportSize(DESKTOP);
    // Pallet delivery to Paris is charged (the cart is far below the free-delivery threshold).
    await expect.poll(() => checkout.summaryFreight.textContent()).toMatch(/\d+,\d{2}\s€/);
    // Receiving times must be chosen for a delivery.
    await checkout.placeOrder.click();
    const missing = checkout.alerts.filter({ hasText: "Veuillez choisir au moins un jour et un créneau de réception" });
    await missing.waitFor();
    // The message is brought into view (the receiving times are below the fold, the button at the top).
    const inView = () => missing.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight);
    expect(await inView()).toBe(true);
    await checkout.receiving(1, "morning").check();
    await checkout.note.fill("Quai n° 3, sonner à l'accueil");
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    // A card order goes on to its payment step (decision 078).
    await page.waitForURL(new RegExp(`^${shop.url}/paymentcb\\?order_id=\\d+$`));
    expect(await cartLines(shop, token)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem("order_note"))).toBeNull();
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });

  it("places a free store pickup order", async () => {
    const { customer, token } = await buyer(shop);
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.chooseMode("pickup");
    await checkout.shop(/Vitry-sur-Seine/).check();
    await page.waitForLoadState("networkidle");
    await expect.poll(() => checkout.summaryFreight.textContent()).toBe(label("fr", "orders.freight_free"));
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    await page.waitForURL(/\/paymentcb\?order_id=\d+$/);
    expect(await cartLines(shop, token)).toBe(0);
    await context.close();
  });

  it("places an order in Chinese", async () => {
    const { customer, token } = await buyer(shop, "zh");
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page, "zh");
    await checkout.goto(shop.url);
    await checkout.heading.waitFor();
    await checkout.chooseMode("pallet");
    await checkout.receiving(2, "afternoon").check();
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    await page.waitForURL(new RegExp(`^${shop.url}/zh/paymentcb\\?order_id=\\d+$`));
    expect(await cartLines(shop, token)).toBe(0);
    await context.close();
  });

  it("stays on the page with the server's reason when the order is under the minimum amount", async () => {
    const cheap = (await shop.api<Cart>("/site/Index/getShoppingCart", { carts: [{ model_id: 1, num: 1 }] })).data.cart_list[0];
    expect(Number(cheap.price)).toBeLessThan(50);
    const { customer, token } = await buyer(shop, "fr", { model_id: cheap.model_id, num: 1 });
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.chooseMode("pickup");
    await checkout.alerts
      .filter({ hasText: /montant minimum de commande est de 50,00/ })
      .first()
      .waitFor();
    await checkout.acceptCgv.check();
    await checkout.placeOrder.click();
    // The server's refusal (api.order_below_minimum), beside the page's own notice.
    await checkout.alerts.filter({ hasText: /^Le montant minimum de commande est de 50,00[^:]*\.$/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/commande");
    expect(await cartLines(shop, token)).toBe(1);
    await context.close();
  });
});
