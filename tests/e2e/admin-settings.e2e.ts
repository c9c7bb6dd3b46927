// The shop's settings end to end (decision 151): the owner raises the minimum order amount in the back office and a
// visitor's cart applies it at once; the owner turns maintenance on with a message: a customer gets the maintenance
// page in their language, the owner's browser still sees the shop; maintenance off, the shop is back for everyone.
// Content and shops (decision 155), by the catalogue staff: a content page's text and a shop's Sunday hours changed in the back office show
// on the storefront at once, without the script the text carried.
import { describe, expect, it } from "vitest";
import { DESKTOP, browserPerFile, newTab, openTab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { AdminLogin } from "./pages/index.ts";
import { CartPage } from "./pages/cart.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import { formatPrice } from "#core/price-format.ts";
import type { Page } from "playwright-core";

const shop = shopPerFile();
const browser = browserPerFile();

/** Logs `role`'s demo member in. Each test logs in a different member: a TOTP code is accepted once. */
async function staffLogin(page: Page, role: string) {
  const member = DEMO_STAFF.find((s) => s.roles.includes(role as never))!;
  const admin = new AdminLogin(page, "fr");
  await admin.goto(shop.url);
  await admin.password(member.email, DEMO_STAFF_PASSWORD);
  await page.waitForURL(`${shop.url}/admin/verification`);
  await admin.ready("Vérification en deux étapes");
  await admin.code(totpCode(member.totpSecret));
  await page.waitForURL(`${shop.url}/admin`);
}

/** Opens `url` once: a write reaches the read models before its answer (PGlite notifies with the commit). */
async function openShowing(page: Page, url: string, text: string) {
  await page.goto(url);
  expect(await page.getByText(text).count(), `${url} shows ${text}`).toBeGreaterThan(0);
}

describe("site settings from the back office", () => {
  it("applies the owner's minimum order amount to a visitor's cart, and closes the shop to customers only", async () => {
    const owner = await newTab(browser(), DESKTOP);
    await staffLogin(owner.page, "owner");
    await owner.page.getByRole("link", { name: "Paramètres" }).first().click();
    await owner.page.waitForURL(`${shop.url}/admin/reglages`);
    const cartForm = owner.page.getByRole("region", { name: "Panier et commande" });
    const minimum = cartForm.getByLabel("Montant minimum de commande");
    expect(await minimum.inputValue()).toBe("50");

    // a refused value is said on its field and nothing changes
    await minimum.fill("abc");
    await cartForm.getByRole("button", { name: "Enregistrer" }).click();
    await cartForm.getByText("Indiquez un montant de 0 à 1 000 000 € (centimes au plus).").waitFor();

    // a visitor's cart with one line
    const visitor = await openTab(browser(), `${shop.url}/`);
    const cart = new CartPage(visitor.page, "fr");
    await cart.addFrom(await cart.promotionCard(shop.url));
    await cart.closePanel();
    await visitor.page.goto(`${shop.url}/panier`);
    await visitor.page.getByTestId("cart-minimum").waitFor();

    await minimum.fill("4321");
    await cartForm.getByRole("button", { name: "Enregistrer" }).click();
    await cartForm.getByText("Réglages enregistrés : ils s'appliquent dès la prochaine page.").waitFor();

    // the visitor's next page applies it
    await visitor.page.goto(`${shop.url}/panier`);
    const shown = visitor.page.getByTestId("cart-minimum");
    await shown.waitFor();
    expect(await shown.textContent()).toContain(formatPrice("4321", "fr", "HT"));

    // maintenance on, with a message in each language
    const maintenance = owner.page.getByRole("region", { name: "Mode maintenance" });
    await maintenance.getByLabel("Boutique en maintenance").check();
    await maintenance.getByLabel("Message aux clients (français, facultatif)").fill("Inventaire : retour à 14 h.");
    await maintenance.getByLabel("Message aux clients (chinois, facultatif)").fill("盘点中，14点恢复。");
    await maintenance.getByRole("button", { name: "Enregistrer" }).click();
    await maintenance.getByText("La boutique est actuellement en maintenance.").waitFor();

    const closed = await visitor.page.goto(`${shop.url}/`);
    expect(closed?.status()).toBe(503);
    await visitor.page.getByText("Inventaire : retour à 14 h.").waitFor();
    const closedZh = await visitor.page.goto(`${shop.url}/zh`);
    expect(closedZh?.status()).toBe(503);
    await visitor.page.getByText("盘点中，14点恢复。").waitFor();

    // the owner's browser still sees the shop
    const open = await owner.page.goto(`${shop.url}/panier`);
    expect(open?.status()).toBe(200);
    await owner.page.getByRole("heading", { level: 1, name: cart.text.title }).waitFor();

    // maintenance off: the shop is back for the visitor
    await owner.page.goto(`${shop.url}/admin/reglages`);
    const again = owner.page.getByRole("region", { name: "Mode maintenance" });
    await again.getByLabel("Boutique en maintenance").uncheck();
    await again.getByRole("button", { name: "Enregistrer" }).click();
    await again.getByText("La boutique est actuellement ouverte.").waitFor();
    const back = await visitor.page.goto(`${shop.url}/`);
    expect(back?.status()).toBe(200);

    await owner.context.close();
    await visitor.context.close();
  });

  it("shows a content page and a shop's hours edited in the back office on the storefront, without the text's script", async () => {
    const staff = await newTab(browser(), DESKTOP);
    await staffLogin(staff.page, "catalogue");
    await staff.page.getByRole("link", { name: "Pages de contenu" }).first().click();
    await staff.page.waitForURL(`${shop.url}/admin/contenu`);
    await staff.page.getByRole("link", { name: "Modifier « Livraison »" }).click();
    await staff.page.waitForURL(`${shop.url}/admin/contenu/1`);
    await staff.page
      .getByLabel("Texte (français)")
      .fill(
        `<h2>Nouveautés</h2><p>Livraison le samedi.</p><script>document.title = "pwned"</script><img src=x onerror="document.title='pwned'">`,
      );
    await staff.page.getByRole("button", { name: "Enregistrer" }).click();
    await staff.page.getByText("Page enregistrée : la boutique l'affiche dès la prochaine page.").waitFor();

    const visitor = await openTab(browser(), `${shop.url}/`);
    await openShowing(visitor.page, `${shop.url}/content/1-livraison`, "Livraison le samedi.");
    const body = await visitor.page.locator("article").innerHTML();
    expect(body).not.toContain("<script");
    expect(body).not.toContain("onerror");
    expect(await visitor.page.title()).not.toBe("pwned");

    await staff.page.goto(`${shop.url}/admin/magasins`);
    const aubervilliers = staff.page.getByRole("region", { name: "Comptoir de l'Emballage – Aubervilliers" });
    await aubervilliers.getByRole("checkbox", { name: "Fermé" }).nth(6).uncheck();
    await aubervilliers.getByLabel("Ouverture dimanche").fill("10:00");
    await aubervilliers.getByLabel("Fermeture dimanche").fill("13:00");
    await aubervilliers.getByRole("button", { name: "Enregistrer le magasin" }).click();
    await aubervilliers.getByText("Magasin enregistré : la boutique l'affiche dès la prochaine page.").waitFor();

    await openShowing(visitor.page, `${shop.url}/magasins`, "10:00 – 13:00");
    const sunday = visitor.page
      .getByRole("region", { name: "Comptoir de l'Emballage – Aubervilliers" })
      .getByRole("row", { name: /dimanche/i });
    expect(await sunday.textContent()).toContain("10:00 – 13:00");

    await staff.context.close();
    await visitor.context.close();
  });
});
