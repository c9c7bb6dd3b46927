// Approval of professional accounts end to end (decision 143): the owner turns the setting on in the back office; a
// professional registers and cannot order (the checkout says so, the server refuses); customer service finds the
// account first in the customers list, approves it; the customer is told by e-mail and orders.
// Customer groups' prices (decision 157): the manager gives a group a net price for a model and puts a
// customer in it; the customer sees that price on the product page and the cart charges it.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile, type Shop } from "./shop.ts";
import { AdminLogin, ProductDetail } from "./pages/index.ts";
import { CartPage } from "./pages/cart.ts";
import { freshCustomer, loginAs } from "./customers.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import type { Page } from "playwright-core";
import { formatPrice } from "#core/price-format.ts";

const shop = shopPerFile({ UNPAID_ORDER_EXPIRY_MINUTES: "525600" });
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;

type Cart = { cart_list: { model_id: number; price: string; stock: number; purchasable_qty: number }[] };

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

describe("approval of professional accounts", () => {
  it("keeps a professional from ordering until customer service approves the account", async () => {
    // the owner turns the setting on
    const owner = await newTab(browser(), DESKTOP);
    await staffLogin(owner.page, "owner");
    await owner.page.getByRole("link", { name: "Clients" }).first().click();
    await owner.page.waitForURL(`${shop.url}/admin/clients`);
    await owner.page.getByRole("button", { name: "Activer la validation" }).click();
    await owner.page.getByText("La validation des comptes professionnels est activée.").waitFor();
    await owner.context.close();

    // a professional registers, fills a cart and cannot order
    const email = `pro.${process.pid}.${Date.now()}@exemple.fr`;
    const password = "Fresh2026!";
    const reg = await shop.api<{ userInfo: { client_number: string }; token: string }>("/site/user/register", {
      title: "M",
      first_name: "Hugo",
      last_name: "Marchand",
      company: "Marchand Primeurs",
      siret: "73282932000074",
      email,
      password,
      confirm: password,
      accept_privacy: true,
    });
    expect(reg.code, JSON.stringify(reg)).toBe(200);
    const clientNumber = reg.data.userInfo.client_number;
    expect(await shop.mailTo(email, "validé")).toContain("Nos équipes vont vérifier vos informations");
    const token = (await shop.api<{ token: string }>("/site/user/login", { identifier: email, password })).data.token;
    expect((await shop.api("/site/Customer/addShoppingCart", { arr: [await pickLine(shop)] }, { token })).code).toBe(200);
    const invoice = await shop.api<{ id: number }>(
      "/site/Customer/saveAddress",
      {
        first_name: "Hugo",
        last_name: "Marchand",
        company: "Marchand Primeurs",
        line1: "3 rue du Marché",
        zip_code: "93300",
        city: "Aubervilliers",
        phone: "01 48 33 22 11",
        kind: "invoice",
      },
      { token },
    );
    expect(invoice.code).toBe(200);
    const infos = { pickup_method: 2, delivery_mode: "pickup", shop_id: 2, invoice_addr_id: invoice.data.id };
    expect((await shop.api("/site/Sale/cartParams", { infos }, { token })).code).toBe(200);
    const order = (n: number) =>
      shop.api<{ number: string }>(
        "/site/Sale/createOrder",
        { idempotency_key: `e2e-appr-${process.pid}-${n}-${Date.now()}`, note: "", accept_cgv: true },
        { token },
      );
    const refused = await order(1);
    expect(refused).toMatchObject({ code: 400, info: expect.stringContaining("en attente de validation") });

    const buyer = await newTab(browser(), DESKTOP);
    await buyer.context.addCookies([{ name: "uid", value: token, url: shop.url, httpOnly: true, sameSite: "Lax" }]);
    await buyer.page.goto(`${shop.url}/commande`);
    await buyer.page.getByText("Votre compte professionnel est en attente de validation").waitFor();

    // customer service finds the account first in the list and approves it
    const cs = await newTab(browser(), DESKTOP);
    await staffLogin(cs.page, "customer_service");
    await cs.page.goto(`${shop.url}/admin/clients`);
    await cs.page.getByText("1 compte professionnel attend votre validation.").waitFor();
    const firstRow = cs.page.getByRole("region", { name: "Liste des clients" }).getByRole("row").nth(1);
    await firstRow.getByText(clientNumber).waitFor();
    expect(await seriousViolations(cs.page)).toEqual([]);
    await firstRow.getByRole("link", { name: "Marchand Primeurs" }).click();
    await cs.page.waitForURL(`${shop.url}/admin/clients/${clientNumber}`);
    await cs.page.getByLabel("Message au client").fill("Bienvenue chez nous.");
    await cs.page.getByRole("button", { name: "Valider le compte" }).click();
    await cs.page.getByText("Compte validé : le client en est informé.").waitFor();
    expect(await seriousViolations(cs.page)).toEqual([]);
    await cs.page.screenshot({ path: "/tmp/e2e-shots/admin-customer-fr.png", fullPage: true });
    expect(cs.errors).toEqual([]);

    // the customer is told, and orders
    expect(await shop.mailTo(email, "Bienvenue chez nous.")).toContain("a été validé");
    const placed = await order(2);
    expect(placed, JSON.stringify(placed)).toMatchObject({ code: 200 });
    await buyer.page.goto(`${shop.url}/mon-compte`);
    await buyer.page.getByRole("heading", { name: "Mon compte" }).waitFor();
    expect(await buyer.page.getByText("en attente de validation").count()).toBe(0);
    await buyer.context.close();
    await cs.context.close();
  });
});

describe("customer groups' prices", () => {
  it("shows a group buyer the group's net price on the product page, and the cart charges it", async () => {
    const customer = await freshCustomer(shop);
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.context, shop, customer);
    const product = `${shop.url}/product/boîte-archive-grise-gamme-éco/169`;
    await buyer.page.goto(product);
    await buyer.page.waitForLoadState("networkidle");
    const cart = new CartPage(buyer.page, "fr");
    const detail = new ProductDetail(buyer.page, "fr");
    const row = cart.orderable(detail.rows).first();
    const reference = (await row.getByRole("rowheader").textContent())!.trim();
    expect(await row.textContent()).not.toContain("Votre prix");
    const catalogue = Number((await row.getByRole("cell").nth(3).textContent())!.replace(/[^\d,]/g, "").replace(",", "."));
    const net = Math.floor(catalogue * 80) / 100; // 20 % below the catalogue's
    const shown = formatPrice(net, "fr").replace(/[\u00a0\u202f]/g, " ");

    // the manager makes the group, its net price for the model, and puts the customer in it
    const manager = await newTab(browser(), DESKTOP);
    await staffLogin(manager.page, "manager");
    await manager.page.goto(`${shop.url}/admin/groupes`);
    await manager.page.getByLabel("Nouveau groupe").fill("Grossistes");
    await manager.page.getByRole("button", { name: "Créer le groupe" }).click();
    await manager.page.getByRole("link", { name: "Grossistes" }).click();
    await manager.page.getByLabel("Référence").fill(reference);
    await manager.page.getByLabel("Prix HT (€, 4 décimales)").fill(String(net).replace(".", ","));
    await manager.page.getByRole("button", { name: "Enregistrer le prix" }).click();
    await manager.page.getByRole("cell", { name: reference, exact: true }).waitFor();
    expect(await seriousViolations(manager.page)).toEqual([]);
    await manager.page.goto(`${shop.url}/admin/clients/${customer.clientNumber}`);
    await manager.page.getByRole("combobox", { name: "Groupe de prix" }).selectOption({ label: "Grossistes" });
    await manager.page.getByRole("button", { name: "Enregistrer le groupe" }).click();
    await manager.page.getByText("Le groupe du client est enregistré.").waitFor();

    // the customer's product page says the group's price; the cart charges it
    await buyer.page.goto(product);
    await buyer.page.waitForLoadState("networkidle");
    const mine = detail.row(reference).root;
    expect((await mine.getByTestId("group-price").textContent())!.replace(/[\u00a0\u202f]/g, " ")).toContain(`Votre prix : ${shown} HT`);
    await cart.addFrom(mine);
    await cart.open();
    const line = cart.lines().first();
    expect((await line.textContent())!.replace(/[\u00a0\u202f]/g, " ")).toContain(shown);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await manager.context.close();
  });
});
