// A product list (category, productlist, promotions…; the search results page shows the same cards):
// result count, cards, filters, sort, display and paging.
import type { Page } from "playwright-core";
import { label, type Lang } from "./labels.ts";

/** "1 234,5678 € HT" or "12,50 €" → 1234.5678 */
const euros = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

export class ProductList {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  get heading() {
    return this.page.getByRole("heading", { level: 1 });
  }
  /** "N produits" under the title. */
  get status() {
    return this.page.locator("main p[role=status]");
  }
  async total(): Promise<number> {
    return Number((await this.status.textContent())!.replace(/\D/g, ""));
  }
  get cards() {
    return this.page.locator("main article");
  }
  card(i: number) {
    const card = this.cards.nth(i);
    return { root: card, name: card.locator("h3"), price: card.locator("strong"), link: card.getByRole("link").first() };
  }
  /** Unit prices ("from") of the cards shown, in order. */
  async prices(): Promise<number[]> {
    return (await this.cards.locator("strong").allTextContents()).map(euros);
  }
  /** Opens card `i` and waits for its product page; returns the product name. */
  async openCard(i = 0): Promise<string> {
    const { name, link } = this.card(i);
    const text = (await name.textContent())!.trim();
    await link.click();
    await this.page.waitForURL(/\/product\/[^/]+\/\d+$/);
    return text;
  }

  /** The "Filtres" button of narrow screens (its name goes on with the number of criteria chosen). */
  get filtersButton() {
    return this.page.getByRole("button", { name: new RegExp(`^${this.t("catalogue.list.filters_button")}`) });
  }
  get filtersDrawer() {
    return this.page.getByRole("dialog", { name: this.t("catalogue.list.filters_button") });
  }
  /** Opens the filters drawer (narrow screens) and waits for the focus to be in it. */
  async openFilters() {
    await this.filtersButton.click();
    // radix moves the focus in from an effect: late on a busy machine
    const drawer = await this.filtersDrawer.elementHandle();
    await this.page.waitForFunction((d) => d!.contains(document.activeElement), drawer);
    return this.filtersDrawer;
  }

  /** A facet group of the filters (field key of catalogue.list.field, e.g. "material"). */
  filter(field: string) {
    return this.page.getByRole("group", { name: this.t(`catalogue.list.field.${field}`) });
  }
  /** The "remove filter" buttons of the active filters. */
  get activeFilters() {
    const prefix = this.t("catalogue.list.remove_filter", { label: "" })
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.page.getByRole("button", { name: new RegExp(`^${prefix}`) });
  }
  get sort() {
    return this.page.getByLabel(this.t("catalogue.list.sort_label"));
  }
  display(style: "grid" | "list") {
    return this.page.getByRole("button", { name: this.t(`catalogue.list.display_${style}`) });
  }

  get pagination() {
    return this.page.getByRole("navigation", { name: this.t("catalogue.list.pagination") });
  }
  get nextPage() {
    return this.pagination.getByRole("link", { name: this.t("catalogue.list.next") });
  }
  get currentPage() {
    return this.pagination.locator("[aria-current=page]");
  }
}
