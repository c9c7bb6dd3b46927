// Page object of the cart: add-to-cart controls, header badge, side panel and /panier, in fr or zh.
import type { Locator, Page } from "playwright-core";

const TEXT = {
  fr: {
    add: "Ajouter au panier",
    panel: "Votre panier",
    viewCart: "Voir le panier",
    checkout: "Passer la commande",
    title: "Mon panier",
    totalTtc: "Total TTC",
    increase: "Augmenter la quantité",
    confirm: "Confirmer",
    qtyFor: "Quantité pour",
    remove: "Retirer",
  },
  zh: {
    add: "加入购物车",
    panel: "您的购物车",
    viewCart: "查看购物车",
    checkout: "去结算",
    title: "我的购物车",
    totalTtc: "合计（含税）",
    increase: "增加数量",
    confirm: "确认",
    qtyFor: "的数量",
    remove: "从购物车移除",
  },
} as const;

export class CartPage {
  readonly text: (typeof TEXT)["fr" | "zh"];
  constructor(
    readonly page: Page,
    readonly lang: "fr" | "zh" = "fr",
  ) {
    this.text = TEXT[lang];
  }

  path(p: string) {
    return this.lang === "zh" ? `/zh${p}` : p;
  }

  /** Rows or cards of `scope` whose add button can be used. */
  orderable(scope: Locator): Locator {
    return scope.filter({ has: this.page.getByRole("button", { name: new RegExp(`^${this.text.add}`), disabled: false }) });
  }

  /** The first orderable card of the promotions list, once the list is shown. */
  async promotionCard(shopUrl: string): Promise<Locator> {
    await this.page.goto(`${shopUrl}${this.path("/promotions")}`);
    await this.page.waitForLoadState("networkidle");
    return this.orderable(this.page.locator("main article")).first();
  }

  badge(): Locator {
    return this.page.getByTestId("cart-badge");
  }

  async badgeCount(): Promise<number> {
    if ((await this.badge().count()) === 0) return 0;
    return Number((await this.badge().textContent())?.trim() ?? 0);
  }

  async waitForBadge(n: number) {
    await this.page.waitForFunction((want) => document.querySelector("[data-testid=cart-badge]")?.textContent?.trim() === String(want), n);
  }

  panel(): Locator {
    return this.page.getByRole("dialog", { name: this.text.panel });
  }

  /** The first "add to cart" button inside `scope` (a card, a row); the panel opens after the add. */
  async addFrom(scope: Locator) {
    await scope
      .getByRole("button", { name: new RegExp(`^${this.text.add}`) })
      .first()
      .click();
    await this.panel().waitFor();
  }

  /** Escape closes the panel. Radix listens for it from an effect that a loaded machine may run a little after
   * the panel is painted: a key pressed in between is lost, so it is pressed again (a person is never that fast). */
  async closePanel() {
    for (let i = 0; i < 5; i++) {
      await this.page.keyboard.press("Escape");
      if (
        await this.panel()
          .waitFor({ state: "hidden", timeout: 2000 })
          .then(
            () => true,
            () => false,
          )
      )
        return;
    }
    await this.panel().waitFor({ state: "hidden" });
  }

  lines(): Locator {
    return this.page.getByTestId("cart-line");
  }

  /** The line names shown on /panier. */
  async lineNames(): Promise<string[]> {
    return this.lines().locator("[data-line-name]").allTextContents();
  }

  async open() {
    await this.page.goto(this.page.url().replace(/^(https?:\/\/[^/]+).*$/, `$1${this.path("/panier")}`));
    await this.page.getByRole("heading", { level: 1, name: this.text.title }).waitFor();
    await this.page.waitForLoadState("networkidle");
  }

  /** Sets a line's quantity by typing into its field. */
  async setQuantity(line: Locator, n: number) {
    const input = line.getByRole("spinbutton");
    await input.fill(String(n));
    await this.page.waitForLoadState("networkidle");
  }

  async checkout() {
    await this.page.getByRole("button", { name: this.text.checkout }).click();
  }

  /** The visitor's encrypted lines, shared by the browser's tabs (app/lib/cart-storage.ts). */
  async browserCopy(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem("cartLines"));
  }
}
