// Payment on account end to end (decision 149): the owner allows a professional to pay on receipt of invoice (30 days,
// 500 € outstanding at most); the buyer orders on account from the checkout (confirmed at once, invoice by e-mail);
// a second order above what the limit leaves is refused with the amount still available, in fr and in zh, and nothing
// is placed; the owner records the transfer, the unpaid list no longer shows the invoice, and the order goes through.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { loginAs } from "./customers.ts";
import { AdminLogin } from "./pages/index.ts";
import { CheckoutPage } from "./pages/checkout.ts";
import { label } from "./pages/labels.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import { formatPrice } from "#core/price-format.ts";
import { fromCents, toCents } from "#core/money.ts";
import type { Page } from "playwright-core";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;

type Cart = { cart_list: { model_id: number; num: number; price: string; stock: number; purchasable_qty: number }[] };
type Placed = { code: number; data: { number: string; status: string; total_ttc: string; payment_method: string | null } };

const LIMIT_CENTS = 500_00;

/** A model sold from stock and a quantity worth about 250 € HT (300 € TTC): one order fits the 500 € limit, two do not. */
async function pickLine(s: Shop): Promise<{ model_id: number; num: number }> {
  const carts = Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 }));
  const r = await s.api<Cart>("/site/Index/getShoppingCart", { carts });
  for (const l of r.data.cart_list) {
    const num = Math.ceil(250 / Number(l.price));
    if (Number(l.price) > 0 && 2 * num <= Math.min(l.stock, l.purchasable_qty || Infinity)) return { model_id: l.model_id, num };
  }
  throw new Error("no model to buy in the demo catalogue");
}

async function staffLogin(page: Page, role: string) {
  const member = staff(role);
  const admin = new AdminLogin(page, "fr");
  await admin.goto(shop.url);
  await admin.password(member.email, DEMO_STAFF_PASSWORD);
  await page.waitForURL(`${shop.url}/admin/verification`);
  await admin.ready("Vérification en deux étapes");
  await admin.code(totpCode(member.totpSecret));
  await page.waitForURL(`${shop.url}/admin`);
}

/** Goes to the checkout in `lang`, picks the store pickup at Vitry and payment on account. */
async function checkoutOnAccount(page: Page, lang: "fr" | "zh") {
  const checkout = new CheckoutPage(page, lang);
  await checkout.goto(shop.url);
  // the cart keeps the store pickup chosen before (cartParams)
  if (!(await checkout.mode("pickup").isChecked())) await checkout.chooseMode("pickup");
  // the Vitry-sur-Seine store (id 2), named in each language
  const vitry = page.locator('input[name="shop_id"][value="2"]');
  if (!(await vitry.isChecked())) await vitry.check();
  await page.waitForLoadState("networkidle");
  const method = page.getByRole("group", { name: label(lang, "checkout.payment_method") });
  await method.getByText(label(lang, "checkout.payment_on_account", { days: 30 })).waitFor();
  await page.getByTestId("pay-on-account").check();
  await checkout.acceptCgv.check();
  return checkout;
}

describe("payment on account", () => {
  it("lets staff open terms, the buyer order on account within the limit, and the transfer free the outstanding", async () => {
    // a professional registers, with an invoice address and a cart of about 300 € TTC
    const email = `compte.${process.pid}.${Date.now()}@exemple.fr`;
    const password = "Fresh2026!";
    const reg = await shop.api<{ userInfo: { client_number: string } }>("/site/user/register", {
      title: "Mme",
      first_name: "Léa",
      last_name: "Fournier",
      company: "Fournier Traiteur",
      siret: "73282932000074",
      email,
      password,
      confirm: password,
      accept_privacy: true,
    });
    expect(reg.code, JSON.stringify(reg)).toBe(200);
    const clientNumber = reg.data.userInfo.client_number;
    const token = (await shop.api<{ token: string }>("/site/user/login", { identifier: email, password })).data.token;
    const invoice = await shop.api<{ id: number }>(
      "/site/Customer/saveAddress",
      {
        first_name: "Léa",
        last_name: "Fournier",
        company: "Fournier Traiteur",
        line1: "12 rue des Halles",
        zip_code: "94400",
        city: "Vitry-sur-Seine",
        phone: "01 46 82 11 22",
        kind: "invoice",
      },
      { token },
    );
    expect(invoice.code).toBe(200);
    const line = await pickLine(shop);
    const fillCart = async () => expect((await shop.api("/site/Customer/addShoppingCart", { arr: [line] }, { token })).code).toBe(200);
    const cartLines = async () => (await shop.api<Cart>("/site/Index/getShoppingCart", {}, { token })).data.cart_list.length;
    await fillCart();
    const infos = { pickup_method: 2, delivery_mode: "pickup", shop_id: 2, invoice_addr_id: invoice.data.id };
    expect((await shop.api("/site/Sale/cartParams", { infos }, { token })).code).toBe(200);

    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.context, shop, { identifier: email, password });
    // without terms, the checkout offers the card only
    const first = new CheckoutPage(buyer.page);
    await first.goto(shop.url);
    expect(await buyer.page.getByTestId("payment-method").count()).toBe(0);

    // the owner opens payment on account: 30 days, 500 € at most
    const owner = await newTab(browser(), DESKTOP);
    await staffLogin(owner.page, "owner");
    const customerPage = `${shop.url}/admin/clients/${clientNumber}`;
    await owner.page.goto(customerPage);
    const terms = owner.page.getByRole("region", { name: "Paiement à réception de facture" });
    await terms.getByText("Non autorisé : ce client paie ses commandes par carte.").waitFor();
    await terms.getByLabel("Autoriser le paiement à réception de facture").check();
    await terms.getByLabel("Délai de paiement (jours)").fill("30");
    await terms.getByLabel("Encours maximum (€ TTC)").fill("500");
    await terms.getByRole("button", { name: "Enregistrer les conditions" }).click();
    await terms.getByText("Conditions de paiement enregistrées.").waitFor();
    const limit = formatPrice(fromCents(LIMIT_CENTS), "fr", "TTC");
    await terms.getByText(`Autorisé : virement à 30 jours, encours maximum ${limit}.`).waitFor();
    expect(await terms.getByTestId("available").textContent()).toBe(limit);
    expect(await seriousViolations(owner.page)).toEqual([]);

    // the buyer orders on account: confirmed at once, no card step, the invoice by e-mail with its due date
    await checkoutOnAccount(buyer.page, "fr");
    await buyer.page.getByText(label("fr", "checkout.place_hint_on_account", { days: 30 })).waitFor();
    expect(await seriousViolations(buyer.page)).toEqual([]);
    const [placedRes] = await Promise.all([
      buyer.page.waitForResponse((r) => r.url().includes("/site/Sale/createOrder")),
      first.placeOrder.click(),
    ]);
    const placed = (await placedRes.json()) as Placed;
    expect(placed.data).toMatchObject({ status: "processing", payment_method: "on_account" });
    await buyer.page.waitForURL(new RegExp(`^${shop.url}/confirmation-commande\\?id=`));
    await buyer.page.getByRole("heading", { name: "Merci pour votre commande" }).waitFor();
    await buyer.page.getByText(`Votre commande ${placed.data.number} est enregistrée.`).waitFor();
    expect(await buyer.page.getByText(label("fr", "orders.confirmation_awaiting")).count()).toBe(0);
    const mail = await shop.mailTo(email, "au plus tard le");
    expect(mail).toContain(placed.data.number);
    const invoiceNumber = mail.match(/facture (FA\S+) de/)?.[1];
    expect(invoiceNumber, mail).toBeDefined();
    expect(await cartLines()).toBe(0);

    // what the limit leaves, on the customer's page
    const totalCents = toCents(placed.data.total_ttc);
    expect(totalCents).toBeGreaterThan(LIMIT_CENTS / 2);
    expect(totalCents).toBeLessThanOrEqual(LIMIT_CENTS);
    const left = fromCents(LIMIT_CENTS - totalCents);
    await owner.page.goto(customerPage);
    expect(await terms.getByTestId("outstanding").textContent()).toBe(formatPrice(placed.data.total_ttc, "fr", "TTC"));
    expect(await terms.getByTestId("available").textContent()).toBe(formatPrice(left, "fr", "TTC"));
    await terms.getByTestId(`unpaid-${invoiceNumber}`).waitFor();

    // a second order of the same size goes over the limit: refused with what is still available, nothing placed
    await fillCart();
    const second = await checkoutOnAccount(buyer.page, "fr");
    const leftFr = formatPrice(left, "fr", "TTC");
    await buyer.page.getByText(label("fr", "checkout.payment_on_account_short", { amount: leftFr })).waitFor();
    await second.placeOrder.click();
    await second.alerts
      .filter({ hasText: `dépasse votre encours autorisé : vous pouvez encore commander à réception de facture pour ${leftFr}.` })
      .waitFor();
    expect(new URL(buyer.page.url()).pathname).toBe("/commande");
    expect(await cartLines()).toBe(1);

    // the same refusal in Chinese
    const zh = await checkoutOnAccount(buyer.page, "zh");
    const leftZh = formatPrice(left, "zh", "TTC");
    await zh.placeOrder.click();
    await zh.alerts.filter({ hasText: `您目前仍可凭发票付款下单 ${leftZh}` }).waitFor();
    expect(new URL(buyer.page.url()).pathname).toBe("/zh/commande");
    expect(await cartLines()).toBe(1);

    // only the first invoice is owed: listed among the unpaid ones not yet due
    await owner.page.goto(`${shop.url}/admin/clients/impayes?all=1`);
    await owner.page.getByTestId(`unpaid-${invoiceNumber}`).waitFor();
    expect(await owner.page.getByRole("row").filter({ hasText: clientNumber }).count()).toBe(1);

    // the owner records the transfer on the customer's page: the outstanding is free again
    await owner.page.goto(customerPage);
    await terms.getByTestId(`unpaid-${invoiceNumber}`).getByRole("button", { name: "Virement reçu" }).click();
    await terms.getByText(`Virement enregistré : la facture ${invoiceNumber} est réglée.`).waitFor();
    await terms.getByText("Aucune facture en attente de règlement.").waitFor();
    expect(await terms.getByTestId("available").textContent()).toBe(limit);
    await owner.page.goto(`${shop.url}/admin/clients/impayes?all=1`);
    await owner.page.getByRole("heading", { name: "Factures impayées" }).waitFor();
    expect(await owner.page.getByTestId(`unpaid-${invoiceNumber}`).count()).toBe(0);
    expect(await seriousViolations(owner.page)).toEqual([]);

    // the refused order now goes through
    const again = await checkoutOnAccount(buyer.page, "fr");
    await again.placeOrder.click();
    await buyer.page.waitForURL(new RegExp(`^${shop.url}/confirmation-commande\\?id=`));
    expect(await cartLines()).toBe(0);
    expect(buyer.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await buyer.context.close();
    await owner.context.close();
  });
});
