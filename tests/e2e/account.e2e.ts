// Customer accounts end to end. The demo customer is only logged in; every test that changes an account
// (password, identity, addresses) does it on its own fresh customer.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, freshCustomer, loginAs } from "./customers.ts";
import { AccountHome, AddressesPage, Header, IdentityPage, LoginPage } from "./pages/index.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const fresh = () => newTab(browser());

describe("customer accounts", () => {
  it("sends a visitor from /mon-compte to /connexion and back after login by client number", async () => {
    const { page, errors } = await fresh();
    const login = new LoginPage(page);
    await page.goto(`${shop.url}/mon-compte`);
    await page.waitForURL(/\/connexion\?redirect=%2Fmon-compte$/);
    await login.ready();
    await login.submit.click();
    await page.getByText("Veuillez saisir votre identifiant").waitFor();
    await login.login({ identifier: DEMO.identifier, password: "mauvais" });
    await login.failure.filter({ hasText: "Identifiant ou mot de passe incorrect." }).waitFor();
    await login.password.fill(DEMO.password);
    await login.submit.click();
    await page.waitForURL(`${shop.url}/mon-compte`);
    const home = new AccountHome(page);
    await home.hello(DEMO.name).waitFor();
    await page.getByText(/Numéro client : C100001/).waitFor();
    const header = new Header(page);
    expect(await header.accountLink.getAttribute("title")).toBe(DEMO.email);
    expect(await header.accountLink.getAttribute("aria-current")).toBe("page");
    // the session survives a full reload (uid cookie read on the server)
    await page.reload();
    await home.hello(DEMO.name).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("makes /mon-compte the account's home: recent orders, credit balance, dates to confirm, notifications (fr, zh; 1280 and 390 px)", async () => {
    for (const [lang, viewport] of [
      ["fr", DESKTOP],
      ["zh", PHONE],
    ] as const) {
      const { page, errors } = await newTab(browser(), viewport);
      await loginAs(page.context(), shop, DEMO);
      await page.goto(`${shop.url}${lang === "zh" ? "/zh" : ""}/mon-compte`);
      const orders = page.getByTestId("home-orders");
      await orders.getByRole("heading", { name: lang === "fr" ? "Mes dernières commandes" : "我的最近订单" }).waitFor();
      expect(await orders.getByRole("listitem").count()).toBe(3);
      await page.getByTestId("home-credit").waitFor();
      await page.getByTestId("home-deliveries").getByRole("link").waitFor();
      await page.getByTestId("home-unread").getByRole("link").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `/tmp/e2e-shots/account-home-${lang}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // an order of the list opens its detail
      await orders.getByRole("link").first().click();
      await page.waitForURL(/\/order-detail\?id=CE/);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("registers in Chinese, logs out, and logs back in by e-mail", async () => {
    const { page, errors } = await fresh();
    const email = `client.${Date.now()}@exemple.fr`;
    await page.goto(`${shop.url}/zh/reg`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("名", { exact: true }).fill("Wei");
    await page.getByLabel("姓", { exact: true }).fill("Zhang");
    await page.getByLabel("电子邮箱", { exact: true }).fill(email);
    await page.getByLabel("电话", { exact: true }).fill("07 98 76 54 32");
    await page.getByLabel("密码", { exact: true }).fill("Bonjour2026!");
    await page.getByLabel("确认密码").fill("Autre2026!");
    await page.getByRole("button", { name: "创建我的账户" }).click();
    await page.getByRole("alert").filter({ hasText: /./ }).first().waitFor();
    await page.getByLabel("确认密码").fill("Bonjour2026!");
    await page.getByRole("checkbox", { name: "我已阅读并同意《隐私政策》" }).check();
    await page.getByRole("button", { name: "创建我的账户" }).click();
    await page.waitForURL(`${shop.url}/zh/mon-compte`);
    const home = new AccountHome(page, "zh");
    await home.hello("Wei Zhang").waitFor();
    await home.notice(/欢迎/).waitFor();
    expect(await home.clientNumber.textContent()).toMatch(/^客户编号：C1\d{5}/);

    await home.logout.click();
    await page.waitForURL(`${shop.url}/zh/connexion`);
    await page.goto(`${shop.url}/zh/mon-compte`);
    await page.waitForURL(/\/zh\/connexion\?redirect=/);
    const login = new LoginPage(page, "zh");
    await login.ready();
    await login.login({ identifier: email, password: "Bonjour2026!" });
    await page.waitForURL(`${shop.url}/zh/mon-compte`);
    await home.hello("Wei Zhang").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("recovers a password with the code sent by e-mail", async () => {
    const customer = await freshCustomer(shop, { firstName: "Claire", lastName: "Martin" });
    const { page, errors } = await fresh();
    const login = new LoginPage(page);
    await login.goto(shop.url);
    await login.forgotPassword.click();
    await page.getByRole("heading", { name: "Mot de passe oublié" }).waitFor();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill(customer.email);
    await page.getByRole("button", { name: "Recevoir un code" }).click();
    await page.getByRole("status").filter({ hasText: "Si un compte existe" }).waitFor();
    // the welcome e-mail came first
    const mail = await shop.mailTo(customer.email, /code de vérification : \d{6}/);
    const code = /code de vérification : (\d{6})/.exec(mail)![1];
    await page.getByLabel(/^Code de vérification/).fill(code);
    await page.getByLabel("Nouveau mot de passe").fill("Traiteur2027!");
    await page.getByLabel("Confirmer le mot de passe").fill("Traiteur2027!");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await page.waitForURL(`${shop.url}/connexion`);
    await login.login({ identifier: customer.email, password: "Traiteur2027!" });
    await page.waitForURL(`${shop.url}/mon-compte`);
    await page.getByText("Bonjour Claire Martin").waitFor();
    // the old password no longer opens the account
    expect((await shop.api("/site/user/login", { identifier: customer.email, password: customer.password })).code).toBe(400);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("edits identity after a login that returns to the page asked for", async () => {
    const customer = await freshCustomer(shop);
    const { page, errors } = await fresh();
    await page.goto(`${shop.url}/identite`);
    await page.waitForURL(/\/connexion\?redirect=%2Fidentite$/);
    const login = new LoginPage(page);
    await login.ready();
    await login.login(customer);
    await page.waitForURL(`${shop.url}/identite`);
    const identity = new IdentityPage(page);
    await identity.heading.waitFor();
    await identity.field("company").fill("Boulangerie Dupont & Fils");
    await identity.field("siret").fill("123");
    await identity.save.click();
    await page.getByText("Le numéro SIRET doit comporter 14 chiffres valides").waitFor();
    await identity.field("siret").fill("732 829 320 00074");
    await identity.save.click();
    await identity.notice("Modifications enregistrées.").waitFor();
    await page.reload();
    expect(await identity.field("company").inputValue()).toBe("Boulangerie Dupont & Fils");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("adds and deletes a delivery address, logged in by the session cookie", async () => {
    const customer = await freshCustomer(shop);
    const { context, page, errors } = await fresh();
    await loginAs(context, shop, customer);
    const addresses = new AddressesPage(page);
    await addresses.goto(shop.url);
    await page.waitForLoadState("networkidle");
    // the server rendered the customer's page and the header knows who is logged in
    expect(page.url()).toBe(`${shop.url}/adresses`);
    // (its personal part arrives after hydration)
    await expect.poll(() => new Header(page).accountLink.getAttribute("title"), { timeout: 15_000 }).toBe(customer.email);
    const delivery = addresses.section("delivery");
    await delivery.add.click();
    await delivery.field("first_name").fill("Paul");
    await delivery.field("last_name").fill("Livreur");
    await delivery.field("phone").fill("01 45 67 89 10");
    await delivery.field("line1").fill("3 quai de la Gare");
    await delivery.field("zip_code").fill("7501");
    await delivery.field("city").fill("Paris");
    await delivery.save.click();
    await delivery.form.getByText("Veuillez saisir un code postal français valide (5 chiffres)").waitFor();
    await delivery.field("zip_code").fill("75013");
    await delivery.save.click();
    await delivery.card("3 quai de la Gare").waitFor();
    await delivery.remove("3 quai de la Gare");
    await delivery.card("3 quai de la Gare").waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
