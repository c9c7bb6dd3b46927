// The back office end to end (DESIGN §9): staff log in with their password and second factor, in fr and zh; a
// second factor is needed for every page; the staff cookie is not the customers' and a customer's session opens
// nothing of the back office.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { DEMO, loginAs } from "./customers.ts";
import { AdminLogin, DeliveriesPage } from "./pages/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const staff = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!;

describe("back office login", () => {
  it("asks the password, then the authenticator's code, before the dashboard; a code serves once; logout ends it (fr)", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const owner = staff("manager");
    const admin = new AdminLogin(page, "fr");
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/connexion`);
    await admin.ready("Espace équipe");
    expect(await seriousViolations(page)).toEqual([]);
    await admin.password(owner.email, "mauvais");
    await admin.failure.filter({ hasText: "Adresse e-mail ou mot de passe incorrect." }).waitFor();
    await admin.password(owner.email, DEMO_STAFF_PASSWORD);
    await page.waitForURL(`${shop.url}/admin/verification`);
    await admin.ready("Vérification en deux étapes");
    // the dashboard is closed to a session without its second factor
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/verification`);
    await admin.ready("Vérification en deux étapes");
    await admin.code("000000");
    await admin.failure.filter({ hasText: /code/i }).waitFor();
    const code = totpCode(owner.totpSecret);
    await admin.code(code);
    await page.waitForURL(`${shop.url}/admin`);
    await admin.welcome(owner.name).waitFor();
    await page.getByText("Responsable").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-dashboard-fr.png", fullPage: true });
    // the staff cookie is strict and HttpOnly, and not the customers' uid
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toContain("uid");
    expect(cookies.find((c) => c.name === "staff")).toMatchObject({ httpOnly: true, sameSite: "Strict" });

    // the same code on another browser is refused: it served once
    const other = await newTab(browser(), DESKTOP);
    const second = new AdminLogin(other.page, "fr");
    await second.goto(shop.url);
    await second.password(owner.email, DEMO_STAFF_PASSWORD);
    await second.ready("Vérification en deux étapes");
    await second.code(code);
    await second.failure.filter({ hasText: /code/i }).waitFor();
    expect(other.page.url()).toBe(`${shop.url}/admin/verification`);
    await other.context.close();

    await admin.logout.click();
    await page.waitForURL(`${shop.url}/admin/connexion`);
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(`${shop.url}/admin/connexion`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("speaks Chinese under /zh/admin, on a phone; a customer's session opens nothing there", async () => {
    const { page, errors } = await newTab(browser(), PHONE);
    await loginAs(page.context(), shop, DEMO);
    await page.goto(`${shop.url}/zh/admin`);
    await page.waitForURL(`${shop.url}/zh/admin/connexion`);
    const member = staff("customer_service");
    const admin = new AdminLogin(page, "zh");
    await admin.ready("员工专区");
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await page.waitForURL(`${shop.url}/zh/admin/verification`);
    await admin.ready("两步验证");
    await admin.code("12345");
    await page.getByText("验证码").first().waitFor();
    await admin.code(totpCode(member.totpSecret));
    await page.waitForURL(`${shop.url}/zh/admin`);
    await admin.welcome(member.name).waitFor();
    await page.getByText("客户服务").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-dashboard-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("lets the owner invite a warehouse member, who sets a password, enrols a second factor and sees only their sections (fr)", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const owner = staff("owner");
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(owner.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(owner.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: "Équipe" }).click();
    await page.waitForURL(`${shop.url}/admin/equipe`);
    await page.getByRole("heading", { name: "Inviter un membre" }).waitFor();
    const email = `preparateur.${Date.now()}@comptoir-emballage.fr`;
    const invite = page.getByRole("region", { name: "Inviter un membre" });
    await invite.getByLabel("Adresse e-mail").fill(email);
    await invite.getByLabel("Nom").fill("Paul Martin");
    await invite.getByLabel("Préparation / entrepôt").check();
    await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
    await page.getByRole("cell", { name: email }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-team-fr.png", fullPage: true });

    const mail = await shop.mailTo(email, /invitation/);
    const link = /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(mail)![0];
    const invited = await newTab(browser(), DESKTOP);
    const path = new URL(link).pathname;
    await invited.page.goto(`${shop.url}${path}`);
    const member = new AdminLogin(invited.page, "fr");
    await member.ready("Choisissez votre mot de passe");
    await invited.page.getByLabel("Mot de passe", { exact: true }).fill("Entrepot2026!");
    await invited.page.getByLabel("Confirmez le mot de passe").fill("Entrepot2026!");
    await invited.page.getByRole("button", { name: "Activer" }).click();
    await invited.page.waitForURL(`${shop.url}/admin/activation`);
    await member.ready("Activer la vérification en deux étapes");
    const secret = (await invited.page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await invited.page.getByLabel("Pour confirmer, saisissez le code affiché par l'application.").fill(totpCode(secret));
    await invited.page.getByRole("button", { name: "Activer" }).click();
    await member.ready("Vos codes de secours");
    expect(
      await invited.page
        .getByRole("listitem")
        .filter({ hasText: /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/ })
        .count(),
    ).toBe(10);
    await invited.page.getByRole("link", { name: "J'ai noté mes codes" }).click();
    await invited.page.waitForURL(`${shop.url}/admin`);
    await member.welcome("Paul Martin").waitFor();
    expect(await member.navigation.getByRole("link", { name: "Équipe" }).count()).toBe(0);
    // a hidden link is not the permission: the page itself refuses
    await invited.page.goto(`${shop.url}/admin/equipe`);
    await invited.page.getByText("Vous n'avez pas les droits pour cette action.").waitFor();
    expect(invited.errors.filter((e) => !/403/.test(e))).toEqual([]);
    await invited.context.close();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("lets a planner plan a customer's order on the delivery board, which the customer then confirms on /livraisons (zh)", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const planner = staff("planner");
    const admin = new AdminLogin(page, "zh");
    await admin.goto(shop.url);
    await admin.password(planner.email, DEMO_STAFF_PASSWORD);
    await admin.ready("两步验证");
    await admin.code(totpCode(planner.totpSecret));
    await page.waitForURL(`${shop.url}/zh/admin`);
    // the customer's delivery awaiting their answer is taken back, then planned again on its first date with room
    const chosen = "CE2026-000177";
    await admin.navigation.getByRole("link", { name: "配送计划", exact: true }).click();
    await page.waitForURL(`${shop.url}/zh/admin/livraisons`);
    await page.getByRole("heading", { name: "送货计划" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByRole("listitem").filter({ hasText: chosen }).getByRole("button", { name: "撤销日期" }).click();
    await page.getByText(`订单 ${chosen} 的送货日期已撤销`).first().waitFor();
    const toPlan = page.getByRole("region", { name: "待安排的订单" });
    const row = toPlan.getByRole("row").filter({ hasText: chosen });
    const date = await row.getByLabel(`订单 ${chosen} 的送货日期`).inputValue();
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await row.getByRole("button", { name: "安排", exact: true }).click();
    await page.getByText(new RegExp(`订单 ${chosen} 已安排在 .* 送货`)).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-deliveries-zh.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();

    // the customer is asked to confirm the date, and confirms it
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.page.context(), shop, DEMO);
    const d = new DeliveriesPage(buyer.page, "zh");
    await d.open(shop.url);
    await d.button(chosen, "available").click();
    await d.state(chosen).filter({ hasText: "已确认于" }).waitFor();
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("lets the warehouse print a picking list, find a planned order, prepare it, record its packing and hand it to the carrier; the customer sees it shipped", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const warehouse = staff("warehouse");
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(warehouse.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(warehouse.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    // the picking list of a ticked order to prepare: a PDF download
    await admin.navigation.getByRole("link", { name: "Préparation", exact: true }).click();
    await page.waitForURL(`${shop.url}/admin/preparation`);
    await page.getByRole("heading", { name: "Préparation des commandes" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page
      .getByRole("checkbox", { name: /^Sélectionner la commande CE/ })
      .first()
      .check();
    const [picking] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Liste de préparation de la sélection (PDF)" }).click(),
    ]);
    expect(picking.suggestedFilename()).toMatch(/^liste-de-preparation-CE\d{4}-\d{6}\.pdf$/);
    const chunks: Buffer[] = [];
    for await (const c of await picking.createReadStream()) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-preparation-fr.png", fullPage: true });
    // a whole day's list: made by a job, whose page follows its progress and then offers the file
    const day = await page.locator("tbody time[datetime]").first().getAttribute("datetime");
    await page.goto(`${shop.url}/admin/preparation?date=${day}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Liste de préparation de la journée (PDF)" }).click();
    await page.waitForURL(/\/admin\/travaux\/\d+$/);
    await page.getByRole("heading", { name: /^Documents de préparation du \d+ \S+ \d{4}$/ }).waitFor();
    const fileLink = page.getByRole("link", { name: `Télécharger liste-de-preparation-${day}.pdf` });
    await fileLink.waitFor({ timeout: 20_000 }); // the page asks again each second until the job is done
    expect(await page.getByRole("progressbar").getAttribute("value")).toBe("100");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-job-fr.png", fullPage: true });
    const [dayList] = await Promise.all([page.waitForEvent("download"), fileLink.click()]);
    const dayChunks: Buffer[] = [];
    for await (const c of await dayList.createReadStream()) dayChunks.push(c as Buffer);
    expect(Buffer.concat(dayChunks).subarray(0, 5).toString()).toBe("%PDF-");
    await admin.navigation.getByRole("link", { name: "Commandes" }).click();
    await page.waitForURL(`${shop.url}/admin/commandes`);
    await page.goto(`${shop.url}/admin/commandes?status=planned&q=${encodeURIComponent(DEMO.email)}`);
    const first = page
      .getByRole("table")
      .getByRole("link", { name: /^CE\d{4}-\d{6}$/ })
      .first();
    const number = (await first.textContent())!.trim();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-orders-fr.png", fullPage: true });
    await first.click();
    await page.waitForURL(`${shop.url}/admin/commandes/${number}`);
    await page.getByRole("heading", { name: `Commande ${number}` }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Commencer la préparation" }).click();
    await page.getByRole("status").filter({ hasText: "La commande est maintenant : En préparation." }).waitFor();
    await page.getByLabel("Colis").fill("2");
    await page.getByLabel("Palettes").fill("1");
    await page.getByLabel("Poids (kg)").fill("212,4");
    await page.getByRole("button", { name: "Prête à expédier" }).click();
    await page.getByRole("status").filter({ hasText: "Prête à expédier" }).waitFor();
    await page.getByLabel("Transporteur").fill("Transports Martin");
    await page.getByLabel("Numéro de suivi").fill("TM-2026-0042");
    await page.getByRole("button", { name: "Remettre au transporteur" }).click();
    await page.getByRole("status").filter({ hasText: "Expédiée" }).waitFor();
    await page.getByText("TM-2026-0042").waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "Karim Benali" }).count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-order-fr.png", fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();

    // the customer's own order page shows it shipped, prepared first
    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.page.context(), shop, DEMO);
    await buyer.page.goto(`${shop.url}/order-detail?id=${number}`);
    await buyer.page.getByText("Expédiée").first().waitFor();
    await buyer.page.getByText("Commande préparée").waitFor();
    await buyer.context.close();
  });

  it("lets customer service cancel a paid order with a credit note, after confirming; the customer sees it cancelled", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const member = staff("customer_service");
    const number = "CE2026-000158"; // paid, not prepared yet: no other test moves it
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(member.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    // the next time step's code: the Chinese login above may have spent this one
    await admin.code(totpCode(member.totpSecret, Date.now() + 30_000));
    await page.waitForURL(`${shop.url}/admin`);
    await page.goto(`${shop.url}/admin/commandes/${number}`);
    await admin.ready(`Commande ${number}`);
    const cancel = page.getByRole("region", { name: "Annuler la commande" });
    await cancel.getByRole("radio", { name: /^Par un avoir/ }).check();
    await cancel.getByLabel("Motif (inscrit dans l'historique)").fill("Commande passée en double");
    await cancel.getByRole("button", { name: "Annuler la commande…" }).click();
    const confirm = page.getByRole("region", { name: `Confirmer l'annulation de la commande ${number}` });
    await confirm.getByText("Motif : Commande passée en double").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Confirmer l'annulation" }).click();
    await page.getByRole("status").filter({ hasText: "La commande est maintenant : Annulée." }).waitFor();
    await page.getByRole("listitem").filter({ hasText: "remboursée par un avoir" }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    const buyer = await newTab(browser(), DESKTOP);
    await loginAs(buyer.page.context(), shop, DEMO);
    await buyer.page.goto(`${shop.url}/order-detail?id=${number}`);
    await buyer.page
      .getByText(/^Annulée le/)
      .first()
      .waitFor();
    await buyer.context.close();
  });
});
