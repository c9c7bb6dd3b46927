// The catalogue CSV import end to end (decision 152): the catalogue staff upload a file with a bad line in a real
// browser; the dry run names that line and its reason; applied as a job (its progress on the page), the new price
// shows on the storefront's product page and in a new cart. No serious accessibility violation on the import's page.
// The catalogue editor (decision 154): a model's price edited by hand shows on the storefront's product page at once;
// no serious accessibility violation on the product's editor. The category tree and images (decision 156): a category
// renamed in the tree shows in the storefront's menu, an uploaded image on the storefront's product page.
import { describe, expect, it } from "vitest";
import { DESKTOP, newTab, browserPerFile, seriousViolations } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { AdminLogin, Header, ProductDetail, ProductList } from "./pages/index.ts";
import { CartPage } from "./pages/cart.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../server/db/seed/staff.ts";
import { totpCode } from "../../server/modules/staff/second-factor.ts";
import sharp from "sharp";

const shop = shopPerFile();
const browser = browserPerFile();
// each test logs another member in: a second-factor code is good once
const cataloguer = DEMO_STAFF.find((s) => s.roles.includes("catalogue"))!;
const owner = DEMO_STAFF.find((s) => s.roles.includes("owner"))!;
const manager = DEMO_STAFF.find((s) => s.roles.includes("manager"))!;

describe("back office catalogue import", () => {
  it("names the bad line in the dry run, then applies: the new price shows on the storefront and in a new cart", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    // a reference a buyer can order, from a product page of the first category (not a promotion's: its price is the list's)
    const cart = new CartPage(page, "fr");
    await page.goto(`${shop.url}/`);
    await page.waitForLoadState("networkidle");
    const category = (await new Header(page).hoverCategory(0)).getByRole("link").first();
    const categoryName = (await category.textContent())!.trim();
    await category.click();
    // the address changes before the list replaces the home page's cards
    await page.getByRole("heading", { level: 1, name: categoryName }).waitFor();
    await new ProductList(page).openCard(0);
    await page.waitForLoadState("networkidle");
    const productUrl = page.url();
    const detail = new ProductDetail(page, "fr");
    const reference = (await cart.orderable(detail.rows).last().getByRole("rowheader").textContent())!.trim();
    expect(await detail.row(reference).root.textContent()).not.toContain("77,77");

    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(cataloguer.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(cataloguer.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: "Import / export CSV" }).click();
    await admin.ready("Import et export du catalogue");

    await page.getByLabel("Fichier CSV").setInputFiles({
      name: "tarifs-e2e.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`Référence;Prix HT\r\n${reference};77,77\r\nREF-QUI-N-EXISTE-PAS;12,5\r\n`, "utf8"),
    });
    await page.getByRole("button", { name: "Charger le fichier" }).click();
    await admin.ready("Import « tarifs-e2e.csv »");
    // the export's headers are recognised: nothing to choose
    expect(await page.getByLabel("Champ de la colonne Référence").inputValue()).toBe("reference");
    expect(await page.getByLabel("Champ de la colonne Prix HT").inputValue()).toBe("price");
    await page.getByRole("button", { name: "Lancer la simulation" }).click();
    await page.getByRole("status").filter({ hasText: "À modifier : 1 · inchangées : 0 · refusées : 1." }).waitFor();
    const bad = page.locator("tr[data-line='3']");
    expect(await bad.textContent()).toContain("REF-QUI-N-EXISTE-PAS");
    expect(await bad.textContent()).toContain("Refusée");
    expect(await bad.textContent()).toContain("Référence : référence inconnue");
    const good = page.locator("tr[data-line='2']");
    expect(await good.textContent()).toContain("À modifier");
    expect(await good.textContent()).toContain("77,7700");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/e2e-shots/admin-import-dry-run.png", fullPage: true });

    await page.getByRole("button", { name: "Appliquer la modification" }).click();
    await page.locator("[data-import-status='applied']").waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Télécharger le rapport (CSV)" }).waitFor();
    expect(await page.locator("tr[data-line='2']").textContent()).toContain("Appliquée");

    // the storefront, in every process: the product page and a new cart
    await page.goto(productUrl);
    await page.waitForLoadState("networkidle");
    const row = detail.row(reference).root;
    expect(await row.textContent()).toContain("77,77");
    await cart.addFrom(row);
    await cart.open();
    await page.getByText(/77,77/).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("edits a model's price in the catalogue editor: the storefront's product page shows it at once", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const cart = new CartPage(page, "fr");
    await page.goto(`${shop.url}/`);
    await page.waitForLoadState("networkidle");
    const category = (await new Header(page).hoverCategory(0)).getByRole("link").first();
    const categoryName = (await category.textContent())!.trim();
    await category.click();
    await page.getByRole("heading", { level: 1, name: categoryName }).waitFor();
    // another card than the import's test
    await new ProductList(page).openCard(1);
    await page.waitForLoadState("networkidle");
    const productUrl = page.url();
    const detail = new ProductDetail(page, "fr");
    const reference = (await cart.orderable(detail.rows).first().getByRole("rowheader").textContent())!.trim();
    expect(await detail.row(reference).root.textContent()).not.toContain("55,4321");

    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(owner.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(owner.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await admin.navigation.getByRole("link", { name: "Catalogue", exact: true }).click();
    await admin.ready("Catalogue");
    await page.getByLabel("Rechercher un modèle").fill(reference);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await page.getByRole("link", { name: reference, exact: true }).click();
    const form = page.getByRole("form", { name: `Modèle ${reference}` });
    await form.waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel("Prix HT (€, 4 décimales)").fill("55,4321");
    await form.getByRole("button", { name: "Enregistrer le modèle" }).click();
    await form.getByRole("status").filter({ hasText: "Modifications enregistrées" }).waitFor();

    await page.goto(productUrl);
    await page.waitForLoadState("networkidle");
    expect(await detail.row(reference).root.textContent()).toContain("55,4321");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("renames a category in the tree and uploads a product's image: the storefront shows both", async () => {
    const { page, errors } = await newTab(browser(), DESKTOP);
    const admin = new AdminLogin(page, "fr");
    await admin.goto(shop.url);
    await admin.password(manager.email, DEMO_STAFF_PASSWORD);
    await admin.ready("Vérification en deux étapes");
    await admin.code(totpCode(manager.totpSecret));
    await page.waitForURL(`${shop.url}/admin`);
    await page.goto(`${shop.url}/admin/catalogue/categories`);
    await admin.ready("Catégories");
    const first = page.getByRole("list", { name: "Arborescence des catégories" }).getByRole("listitem").first();
    await first.locator("summary").click();
    const form = first.getByRole("form");
    await form.getByLabel("Nom (français)").fill("Rayon E2E");
    await form.getByRole("button", { name: "Enregistrer la catégorie" }).click();
    await page.getByRole("status").filter({ hasText: "Modifications enregistrées" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${shop.url}/admin/catalogue`);
    await page.getByRole("table").getByRole("link").first().click();
    const image = page.getByRole("form", { name: "Image du produit" });
    await image.waitFor();
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c60" } })
      .jpeg()
      .toBuffer();
    await image.getByLabel(/Nouvelle image/).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await image.getByRole("button", { name: "Envoyer l’image" }).click();
    await image.getByRole("status").filter({ hasText: "Image enregistrée" }).waitFor();
    await page.getByRole("link", { name: "Voir dans la boutique" }).click();
    await page.waitForLoadState("networkidle");
    const shown = page.locator("main picture img").first();
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(
      /\/media\/produits\/\d+-[0-9a-f]{16}-\d+\.(avif|webp)$/,
    );
    expect(await new Header(page).categoryMenu.textContent()).toContain("Rayon E2E");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
