// The order detail of the account (/order-detail?id=…): its "order again" button and the answer it shows.
import type { Page } from "playwright-core";
import { label, localePath, type Lang } from "./labels.ts";

export class OrderDetailPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  async goto(base: string, number: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/order-detail")}?id=${number}`);
    await this.page.getByRole("heading", { name: this.t("orders.detail_title", { number }) }).waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  get orderAgain() {
    return this.page.getByRole("button", { name: this.t("orders.order_again") });
  }
  /** The answer of "order again" under the button. */
  get reorderStatus() {
    return this.page.getByRole("status").filter({ hasText: this.t("orders.reorder_done") });
  }
}
