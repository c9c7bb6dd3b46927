import { describe, expect, inject, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { newTab, browserPerFile } from "./browser.ts";
import { decodeMail } from "../../server/test/smtp.ts";

const base = inject("baseUrl");
const mailDir = inject("mailDir");

/** The newest e-mail the shop sent to `to`, through the real SMTP server of the test run. */
async function lastMailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = readdirSync(mailDir).sort().reverse().map((f) => decodeMail(readFileSync(join(mailDir, f), "utf8")));
    const hit = mails.find((m) => m.includes(`To: ${to}`));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to}`);
}
const browser = browserPerFile();
const fresh = () => newTab(browser());

describe("customer accounts", () => {
  it("sends a visitor from /mon-compte to /connexion and back after login by client number", async () => {
    const { page, errors } = await fresh();
    await page.goto(`${base}/mon-compte`);
    await page.waitForURL(/\/connexion\?redirect=%2Fmon-compte$/);
    await page.getByRole("heading", { name: "Connexion" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByText("Veuillez saisir votre identifiant").waitFor();
    await page.getByLabel(/^Identifiant/).fill("C100001");
    await page.getByLabel("Mot de passe").fill("mauvais");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByText("Identifiant ou mot de passe incorrect.").waitFor();
    await page.getByLabel("Mot de passe").fill("Demo1234!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${base}/mon-compte`);
    await page.getByText("Bonjour Jean Dupont").waitFor();
    await page.getByText(/Numéro client : C100001/).waitFor();
    expect(await page.getByRole("link", { name: "Mon compte" }).getAttribute("title")).toBe("demo@comptoir-emballage.fr");
    expect(await page.getByRole("link", { name: "Mon compte" }).getAttribute("aria-current")).toBe("page");
    // the session survives a full reload (uid cookie read on the server)
    await page.reload();
    await page.getByText("Bonjour Jean Dupont").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("registers in Chinese, logs out, and logs back in by e-mail", async () => {
    const { page, errors } = await fresh();
    const email = `client.${Date.now()}@exemple.fr`;
    await page.goto(`${base}/zh/reg`);
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
    await page.getByRole("button", { name: "创建我的账户" }).click();
    await page.waitForURL(`${base}/zh/mon-compte`);
    await page.getByText("您好，Wei Zhang").waitFor();
    await page.getByRole("status").filter({ hasText: /欢迎/ }).waitFor();
    const number = (await page.locator("main").getByText(/客户编号：C1\d{5}/).textContent())!;
    expect(number).toMatch(/C1\d{5}/);

    await page.getByRole("button", { name: "退出登录" }).click();
    await page.waitForURL(`${base}/zh/connexion`);
    await page.goto(`${base}/zh/mon-compte`);
    await page.waitForURL(/\/zh\/connexion\?redirect=/);
    await page.waitForLoadState("networkidle");
    await page.getByLabel(/^账号/).fill(email);
    await page.getByLabel("密码", { exact: true }).fill("Bonjour2026!");
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`${base}/zh/mon-compte`);
    await page.getByText("您好，Wei Zhang").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("recovers a password with the code sent by e-mail", async () => {
    const { page, errors } = await fresh();
    await page.goto(`${base}/connexion`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await page.getByRole("heading", { name: "Mot de passe oublié" }).waitFor();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill("achat@traiteur-martin.fr");
    await page.getByRole("button", { name: "Recevoir un code" }).click();
    await page.getByRole("status").filter({ hasText: "Si un compte existe" }).waitFor();
    const mail = await lastMailTo("achat@traiteur-martin.fr");
    const code = /code de vérification : (\d{6})/.exec(mail)![1];
    await page.getByLabel(/^Code de vérification/).fill(code);
    await page.getByLabel("Nouveau mot de passe").fill("Traiteur2027!");
    await page.getByLabel("Confirmer le mot de passe").fill("Traiteur2027!");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await page.waitForURL(`${base}/connexion`);
    await page.getByLabel(/^Identifiant/).fill("achat@traiteur-martin.fr");
    await page.getByLabel("Mot de passe", { exact: true }).fill("Traiteur2027!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${base}/mon-compte`);
    await page.getByText("Bonjour Claire Martin").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("edits identity and addresses", async () => {
    const { page, errors } = await fresh();
    await page.goto(`${base}/identite`);
    await page.waitForURL(/\/connexion\?redirect=%2Fidentite$/);
    await page.waitForLoadState("networkidle");
    await page.getByLabel(/^Identifiant/).fill("C100001");
    await page.getByLabel("Mot de passe").fill("Demo1234!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${base}/identite`);
    await page.getByRole("heading", { name: "Mes informations" }).waitFor();
    await page.getByLabel("Société (facultatif)").fill("Boulangerie Dupont & Fils");
    await page.getByLabel("SIRET (facultatif)").fill("123");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Le numéro SIRET doit comporter 14 chiffres valides").waitFor();
    await page.getByLabel("SIRET (facultatif)").fill("732 829 320 00074");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("status").filter({ hasText: "Modifications enregistrées." }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Société (facultatif)").inputValue()).toBe("Boulangerie Dupont & Fils");

    await page.goto(`${base}/adresses`);
    const delivery = page.getByRole("region", { name: "Adresses de livraison" });
    await delivery.getByRole("button", { name: "Ajouter une adresse" }).click();
    const form = page.getByRole("form", { name: "Nouvelle adresse de livraison" });
    await form.getByLabel("Prénom").fill("Paul");
    await form.getByLabel("Nom", { exact: true }).fill("Livreur");
    await form.getByLabel("Téléphone").fill("01 45 67 89 10");
    await form.getByLabel("Adresse", { exact: true }).fill("3 quai de la Gare");
    await form.getByLabel("Code postal").fill("7501");
    await form.getByLabel("Ville").fill("Paris");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await form.getByText("Veuillez saisir un code postal français valide (5 chiffres)").waitFor();
    await form.getByLabel("Code postal").fill("75013");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await delivery.getByText("3 quai de la Gare").waitFor();
    const card = delivery.getByRole("listitem").filter({ hasText: "3 quai de la Gare" });
    await card.getByRole("button", { name: "Supprimer" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Oui" }).click();
    await delivery.getByText("3 quai de la Gare").waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
