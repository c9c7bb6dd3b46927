// The header of every page: search box with suggestions and history, account, cart and language links,
// category menu; on narrow screens the menu drawer.
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
  /** The category bar from 768 px; narrower, the tree in the menu drawer (the one shown answers). */
  get categoryMenu() {
    return this.page.getByRole("navigation", { name: this.t("catalogue.menu.label") });
  }
  /** The menu button of narrow screens. */
  get menuButton() {
    return this.page.getByRole("button", { name: this.t("header.menu"), exact: true });
  }
  get menuDrawer() {
    return this.page.getByRole("dialog", { name: this.t("header.menu") });
  }

  /** Opens the menu drawer (narrow screens) and waits for the focus to be in it. */
  async openMenu() {
    await this.menuButton.click();
    // radix moves the focus in from an effect: late on a busy machine
    const drawer = await this.menuDrawer.elementHandle();
    await this.page.waitForFunction((d) => d!.contains(document.activeElement), drawer);
    return this.menuDrawer;
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
