// A product page: title, breadcrumbs and the table of its models (one row per reference). The add-to-cart
// controls of a row belong to the cart issue: add them to ModelRow when the page has them.
import type { Locator, Page } from "playwright-core";
import { label, type Lang } from "./labels.ts";

type ModelRow = { root: Locator; reference: Locator; cells: Locator };

export class ProductDetail {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  get heading() {
    return this.page.getByRole("heading", { level: 1 });
  }
  get breadcrumbs() {
    return this.page.getByRole("navigation", { name: this.t("catalogue.breadcrumb") });
  }
  get models() {
    return this.page.getByRole("table");
  }
  column(key: "reference" | "designation" | "dimensions" | "unit" | "price" | "promo" | "stock" | "max") {
    return this.models.getByRole("columnheader", { name: this.t(`catalogue.detail.col_${key}`) });
  }
  /** Body rows of the models table (the header row excluded). */
  get rows() {
    return this.models.locator("tbody tr");
  }
  /** The row of one reference, e.g. "CAR-DEM-0001". */
  row(reference: string): ModelRow {
    const root = this.rows.filter({ has: this.page.getByRole("rowheader", { name: reference, exact: true }) });
    return { root, reference: root.getByRole("rowheader"), cells: root.getByRole("cell") };
  }
  async references(): Promise<string[]> {
    return (await this.rows.getByRole("rowheader").allTextContents()).map((r) => r.trim());
  }
}
