// Page objects of /order-retrun, /livraisons and /notifications (decision 082), texts from the catalogues.
import type { Page } from "playwright-core";
import { label, localePath, type Lang } from "./labels.ts";

class Base {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  protected t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);
  heading(key: string) {
    return this.page.getByRole("heading", { name: this.t(key), level: 1 });
  }
  /** The header's unread notifications badge (after hydration). */
  get headerBadge() {
    return this.page.getByRole("banner").getByTestId("notifications-badge");
  }
  /** The account menu's unread count next to "notifications". */
  get menuUnread() {
    return this.page.getByTestId("account-menu").getByTestId("menu-unread");
  }
}

export class ReturnsPage extends Base {
  async open(base: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/order-retrun")}`);
    await this.heading("aftersales.returns_title").waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  order(number: string) {
    return this.page.locator(`[data-testid="returnable-order"][data-number="${number}"]`);
  }
  /** Ticks the line `ref` of `number`, sets its quantity. */
  async chooseLine(number: string, ref: string, quantity: number) {
    const o = this.order(number);
    await o.getByRole("checkbox", { name: this.t("aftersales.select_line", { ref }) }).check();
    await o.getByRole("spinbutton", { name: this.t("aftersales.quantity_label", { ref }) }).fill(String(quantity));
  }
  async reason(number: string, key: string) {
    await this.order(number)
      .getByLabel(this.t("aftersales.reason_label"))
      .selectOption({ label: this.t(`aftersales.reason_${key}`) });
  }
  async submit(number: string) {
    await this.order(number)
      .getByRole("button", { name: this.t("aftersales.submit_return") })
      .click();
  }
  get requests() {
    return this.page.getByTestId("return-item");
  }
}

export class DeliveriesPage extends Base {
  async open(base: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/livraisons")}`);
    await this.heading("aftersales.deliveries_title").waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  delivery(number: string) {
    return this.page.locator(`[data-testid="delivery"][data-number="${number}"]`);
  }
  button(number: string, key: "available" | "unavailable" | "cancel") {
    return this.delivery(number).getByRole("button", { name: this.t(`aftersales.reply_${key}`) });
  }
  dateSelect(number: string) {
    return this.delivery(number).getByLabel(this.t("aftersales.propose_date_label"));
  }
  proposeButton(number: string) {
    return this.delivery(number).getByRole("button", { name: this.t("aftersales.propose_submit") });
  }
  state(number: string) {
    return this.delivery(number).getByTestId("delivery-state");
  }
}

export class NotificationsPage extends Base {
  async open(base: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/notifications")}`);
    await this.heading("aftersales.notifications_title").waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  get items() {
    return this.page.getByTestId("notification");
  }
  get unread() {
    return this.page.locator('[data-testid="notification"][data-read="false"]');
  }
  get markAll() {
    return this.page.getByRole("button", { name: this.t("aftersales.mark_all_read") });
  }
  markOne() {
    return this.unread.first().getByRole("button", { name: this.t("aftersales.mark_read") });
  }
}
