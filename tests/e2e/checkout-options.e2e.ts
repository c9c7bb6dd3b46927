// Checkout options end to end (decision 086): coupon at checkout (unknown, below its
// minimum, valid), the appointment (rdv) with its surcharge and a zip where it is refused, saving and picking a
// delivery / invoice combination, gifted units on /panier and in the summary, and "order again" in zh.
import { describe, expect, it } from "vitest";
import { browserPerFile, newTab, DESKTOP, PHONE } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { DEMO, freshCustomer, loginAs, type Customer } from "./customers.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { CartPage } from "./pages/cart.ts";
import { OrderDetailPage } from "./pages/order-detail.ts";

const shop = shopPerFile();
const browser = browserPerFile();

type Line = {
  model_id: number;
  price: string;
  stock: number;
  purchasable_qty: number;
  remise_info: { num: number; gifted_units?: number } | null;
  gifted_units: number;
};
type Cart = { cart_list: Line[] };

/** The first catalogue line (priced by the anonymous cart list) that `ok` accepts. */
async function findLine(s: Shop, ok: (l: Line) => boolean): Promise<Line> {
  for (let from = 1; from < 2000; from += 100) {
    const carts = Array.from({ length: 100 }, (_, i) => ({ model_id: from + i, num: 1 }));
    const found = (await s.api<Cart>("/site/Index/getShoppingCart", { carts })).data.cart_list.find(ok);
    if (found) return found;
  }
  throw new Error("no such model in the demo catalogue");
}
const buyable = (l: Line, num: number) => Number(l.price) > 0 && num <= Math.min(l.stock, l.purchasable_qty || Infinity);
/** Quantity of `l` worth at least `ht` € HT. */
const worth = (l: Line, ht: number) => Math.ceil(ht / Number(l.price));

async function token(s: Shop, who: { identifier: string; password: string }) {
  return (await s.api<{ token: string }>("/site/user/login", { identifier: who.identifier, password: who.password })).data.token;
}
async function emptyCart(s: Shop, tk: string) {
  const lines = (await s.api<Cart>("/site/Index/getShoppingCart", {}, { token: tk })).data.cart_list;
  if (lines.length) await s.api("/site/Customer/delShoppingCart", { model_ids: lines.map((l) => l.model_id) }, { token: tk });
}
async function addLine(s: Shop, tk: string, model_id: number, num: number) {
  expect((await s.api("/site/Customer/addShoppingCart", { arr: [{ model_id, num }] }, { token: tk })).code).toBe(200);
}
/** A fresh customer with these delivery zips (Paris street, city per zip), one invoice address and a cart line. */
async function buyer(s: Shop, zips: [string, string][]): Promise<{ customer: Customer; tk: string }> {
  const customer = await freshCustomer(s);
  const tk = await token(s, customer);
  const base = {
    first_name: "Camille",
    last_name: "Essai",
    company: "Essai SARL",
    line1: "10 rue de la Roquette",
    phone: "01 43 55 66 77",
  };
  for (const [zip_code, city] of zips)
    expect((await s.api("/site/Customer/saveAddress", { ...base, zip_code, city, kind: "delivery" }, { token: tk })).code).toBe(200);
  expect(
    (await s.api("/site/Customer/saveAddress", { ...base, zip_code: "75002", city: "Paris", kind: "invoice" }, { token: tk })).code,
  ).toBe(200);
  const line = await findLine(s, (l) => !l.remise_info && buyable(l, worth(l, 80)));
  await addLine(s, tk, line.model_id, worth(line, 80));
  return { customer, tk };
}
/** "1 234,56 €" → 1234.56 */
const euros = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));

describe("checkout options", () => {
  it("refuses an unknown coupon and one below its minimum, applies it once the cart reaches it (fr)", async () => {
    const tk = await token(shop, DEMO); // this file's own copy of the demo data
    await emptyCart(shop, tk);
    const line = await findLine(shop, (l) => !l.remise_info && buyable(l, worth(l, 260)));
    await addLine(shop, tk, line.model_id, worth(line, 80));
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.applyCoupon("INCONNU-2026");
    await checkout.alerts.filter({ hasText: "Ce code promo est invalide." }).waitFor();
    await checkout.applyCoupon("PRO15-C100001"); // 15 € off from 200 € HT
    await checkout.alerts.filter({ hasText: "Ce code promo s'applique à partir de 200,00 € HT d'achat." }).waitFor();
    expect(await checkout.summaryRow("orders.discount").count()).toBe(0);

    await addLine(shop, tk, line.model_id, worth(line, 260) - worth(line, 80));
    await checkout.goto(shop.url);
    await checkout.applyCoupon("pro15-c100001");
    await page.getByRole("status").filter({ hasText: "Code promo appliqué." }).waitFor();
    await expect.poll(() => checkout.summaryRow("orders.discount").textContent()).toMatch(/^-15,00\s€\sHT$/);
    expect(errors.filter((e) => !/40[04]/.test(e))).toEqual([]);
    await context.close();
  });

  it("adds the appointment surcharge by pallet, and shows why it is refused for a Corsican zip (fr)", async () => {
    const { customer } = await buyer(shop, [
      ["75011", "Paris"],
      ["20000", "Ajaccio"],
    ]);
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    await checkout.deliveryAddress(/75011/).check();
    await page.waitForLoadState("networkidle");
    await checkout.chooseMode("pallet");
    await expect.poll(() => checkout.summaryFreight.textContent()).toMatch(/\d+,\d{2}\s€/);
    const without = euros(await checkout.summaryFreight.textContent());
    await checkout.rdv.waitFor();
    expect(await checkout.page.getByText(/\(\+ 18,00\s€\sHT\)/).count()).toBe(1);
    await checkout.rdv.check();
    await expect.poll(async () => euros(await checkout.summaryFreight.textContent())).toBeCloseTo(without + 18, 2);
    // no appointment where the zip refuses it: the reason instead of the box
    await checkout.rdv.uncheck();
    await page.waitForLoadState("networkidle");
    await checkout.chooseMode("carrier");
    await checkout.deliveryAddress(/20000/).check();
    await checkout.rdvRefused.filter({ hasText: "La livraison sur rendez-vous n'est pas proposée pour ce code postal." }).waitFor();
    expect(await checkout.rdv.count()).toBe(0);
    await context.close();
  });

  it("saves the delivery / invoice pair as a combination and picks it again (fr)", async () => {
    const { customer } = await buyer(shop, [
      ["75011", "Paris"],
      ["93200", "Saint-Denis"],
    ]);
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    expect(await checkout.combinations.count()).toBe(0);
    await checkout.deliveryAddress(/93200/).check();
    await checkout.invoiceAddress(/75002/).check();
    await page.waitForLoadState("networkidle");
    await checkout.saveCombination.click();
    await checkout.combinations.waitFor();
    await checkout.saveCombination.click();
    await page.getByRole("status").filter({ hasText: "Cette combinaison d'adresses existe déjà." }).waitFor();

    await checkout.deliveryAddress(/75011/).check();
    await page.waitForLoadState("networkidle");
    const option = checkout.combinations.locator("option", { hasText: /93200 Saint-Denis \/ .*75002 Paris/ });
    await checkout.combinations.selectOption(await option.getAttribute("value"));
    await page.waitForLoadState("networkidle");
    await expect.poll(() => checkout.deliveryAddress(/93200/).isChecked()).toBe(true);
    expect(await checkout.invoiceAddress(/75002/).isChecked()).toBe(true);
    await context.close();
  });

  it("shows the units a promotion offers on /panier and in the checkout summary (fr)", async () => {
    const { customer, tk } = await buyer(shop, [["75011", "Paris"]]);
    const gift = await findLine(shop, (l) => !!l.remise_info?.gifted_units && buyable(l, Math.max(l.remise_info.num, worth(l, 60))));
    const num = Math.max(gift.remise_info!.num, worth(gift, 60));
    // per whole multiple of the minimum (core/cart/promotion.ts)
    const n = Math.floor(num / Math.max(1, gift.remise_info!.num)) * gift.remise_info!.gifted_units!;
    await addLine(shop, tk, gift.model_id, num);
    const { page, context } = await newTab(browser());
    await loginAs(context, shop, customer);
    await page.goto(`${shop.url}/panier`);
    const cart = new CartPage(page);
    await cart.lines().first().waitFor();
    await page
      .getByTestId("gifted-units")
      .filter({ hasText: `+${n} ${n === 1 ? "offert" : "offerts"}` })
      .waitFor();
    expect(await page.getByTestId("gifted-units").count()).toBe(1);
    const checkout = new CheckoutPage(page);
    await checkout.goto(shop.url);
    expect(await checkout.summaryLines.filter({ hasText: `+${n} ${n === 1 ? "offert" : "offerts"}` }).count()).toBe(1);
    await context.close();
  });

  it.each([
    ["fr", DESKTOP],
    ["zh", PHONE],
  ] as const)(
    "says a gift promotion's rule on the product page, and the units offered with the next step in the cart (%s)",
    async (lang, viewport) => {
      const { customer, tk } = await buyer(shop, [["75011", "Paris"]]);
      const gift = await findLine(
        shop,
        (l) => (l.remise_info?.num ?? 0) >= 2 && !!l.remise_info?.gifted_units && buyable(l, 3 * l.remise_info.num),
      );
      const min = gift.remise_info!.num;
      const per = gift.remise_info!.gifted_units!;
      const [url] = (
        await shop.api<Cart>("/site/Index/getShoppingCart", { carts: [{ model_id: gift.model_id, num: 1 }] }, { lang })
      ).data.cart_list.map((l) => (l as Line & { url: string }).url);
      const text = {
        fr: {
          rule: `${per} ${per === 1 ? "offert" : "offerts"} par ${min} achetés`,
          got: `+${per} ${per === 1 ? "offert" : "offerts"}`,
          next: `${per} ${per === 1 ? "offert" : "offerts"} de plus à partir de ${2 * min} unités`,
        },
        zh: { rule: `每购买 ${min} 件赠送 ${per} 件`, got: `另赠 ${per} 件`, next: `满 ${2 * min} 件再赠 ${per} 件` },
      }[lang];
      const { page, context, errors } = await newTab(browser(), viewport);
      await loginAs(context, shop, customer);
      await page.goto(`${shop.url}${url}`);
      await page.getByText(text.rule).first().waitFor();
      await addLine(shop, tk, gift.model_id, min); // exactly the minimum: one multiple
      await page.goto(`${shop.url}${lang === "zh" ? "/zh" : ""}/panier`);
      await page.getByTestId("gifted-units").filter({ hasText: text.got }).first().waitFor();
      await page.getByTestId("gift-next").filter({ hasText: text.next }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("puts an order's lines back in the cart from the order detail (zh)", async () => {
    const tk = await token(shop, DEMO);
    await emptyCart(shop, tk);
    const { page, context, errors } = await newTab(browser());
    await loginAs(context, shop, DEMO);
    const detail = new OrderDetailPage(page, "zh");
    await detail.goto(shop.url, "CE2026-000123");
    await detail.orderAgain.click();
    await detail.reorderStatus.first().waitFor();
    const lines = (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token: tk })).data.cart_list;
    expect(lines.length).toBeGreaterThan(0);
    const cart = new CartPage(page, "zh");
    await cart.open();
    await expect.poll(() => cart.lines().count()).toBe(lines.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
