// The header of every page: search box with suggestions and history, account, cart and language links,
// category menu.
import type { Page } from "playwright-core";
import { label, type Lang } from "./labels.ts";

export class Header {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  get searchBox() {
    return this.page.getByRole("combobox", { name: this.t("header.search_label") });
  }
  get suggestions() {
    return this.page.getByRole("listbox", { name: this.t("search.suggestions") });
  }
  get history() {
    return this.page.getByRole("group", { name: this.t("search.history") });
  }
  /** Account icon; its title is the customer's e-mail once logged in. */
  get accountLink() {
    return this.page.getByRole("banner").getByRole("link", { name: this.t("header.account"), exact: true });
  }
  /** Cart icon, named "Panier" (with a line in the cart: "Panier, 2 articles"; exact here, so an empty cart). */
  get cartLink() {
    return this.page.getByRole("banner").getByRole("link", { name: this.t("header.cart"), exact: true });
  }
  get languageSwitch() {
    return this.page.getByRole("link", { name: this.t("header.switch_lang_label") });
  }
  get categoryMenu() {
    return this.page.getByRole("navigation", { name: this.t("catalogue.menu.label") });
  }

  /** Types `text` in the search box and presses Enter (the results page follows). */
  async search(text: string) {
    await this.searchBox.fill(text);
    await this.searchBox.press("Enter");
  }

  /** Opens the top-level category `i` of the menu by hovering (desktop) and returns its panel. */
  async hoverCategory(i = 0) {
    const item = this.categoryMenu.locator("#category-menu > li").nth(i);
    await item.hover();
    const panel = item.locator("[id^=category-panel-]").first();
    await panel.waitFor({ state: "visible" });
    return panel;
  }
}
