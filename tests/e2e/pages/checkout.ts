// The checkout page (/commande): delivery mode, shop, addresses, receiving times, coupon, note, summary and
// the "place the order" button. Labels from the fr/zh catalogues (checkout namespace).
import type { Page } from "playwright-core";
import { weekdayName } from "#core/format-date.ts";
import { label, localePath, type Lang } from "./labels.ts";

type Mode = "parcel" | "pallet" | "carrier" | "pickup";

export class CheckoutPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  async goto(base: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/commande")}`);
    await this.ready();
  }
  /** The page has loaded its data (pre-order info and cart) and settled. */
  async ready() {
    await this.placeOrder.waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  get heading() {
    return this.page.getByRole("heading", { level: 1, name: this.t("checkout.title") });
  }
  mode(mode: Mode) {
    return this.page.getByRole("radio", { name: this.t(`checkout.mode_${mode}`) });
  }
  /** Chooses a delivery mode and waits for the choices, freight and totals to come back from the server. */
  async chooseMode(mode: Mode) {
    await Promise.all([this.page.waitForResponse((r) => r.url().includes("/site/Index/getShoppingCart")), this.mode(mode).check()]);
    await this.page.waitForLoadState("networkidle");
  }
  shop(name: string | RegExp) {
    return this.page.getByRole("radio", { name });
  }
  deliveryAddress(text: string | RegExp) {
    return this.page.getByRole("group", { name: this.t("checkout.delivery_address") }).getByRole("radio", { name: text });
  }
  /** The checkbox of one weekday's slot (1 = Monday), e.g. receiving(1, "morning"). */
  receiving(weekday: number, slot: "morning" | "afternoon") {
    return this.page.getByRole("checkbox", { name: `${weekdayName(weekday, this.lang)} — ${this.t(`checkout.${slot}`)}` });
  }
  invoiceAddress(text: string | RegExp) {
    return this.page.getByRole("group", { name: this.t("checkout.invoice_address") }).getByRole("radio", { name: text });
  }
  /** The saved delivery / invoice combinations (a select) and the button saving the current pair. */
  get combinations() {
    return this.page.getByLabel(this.t("checkout.combination_pick"));
  }
  get saveCombination() {
    return this.page.getByRole("button", { name: this.t("checkout.combination_save") });
  }
  /** The appointment (rdv) checkbox, its label carrying the surcharge; the reason shown where it is refused. */
  get rdv() {
    return this.page.getByRole("checkbox", { name: new RegExp(`^${this.t("checkout.rdv")}`) });
  }
  get rdvRefused() {
    return this.page.getByTestId("rdv-refused");
  }
  get couponCode() {
    return this.page.getByRole("textbox", { name: this.t("checkout.coupon_code") });
  }
  /** Types a coupon code and applies it; waits for the page to settle (verification, then the saved cart). */
  async applyCoupon(code: string) {
    await this.couponCode.fill(code);
    await Promise.all([
      this.page.waitForResponse((r) => r.url().includes("/site/Sale/promoCodeVerification")),
      this.page.getByRole("button", { name: this.t("checkout.coupon_apply") }).click(),
    ]);
    await this.page.waitForLoadState("networkidle");
  }
  /** A summary row's value by its label ("orders.discount", "orders.goods_ht"…: the rows of the order pages). */
  summaryRow(key: string) {
    return this.summary
      .locator("div", { has: this.page.getByRole("term").getByText(this.t(key), { exact: true }) })
      .getByRole("definition");
  }
  get summaryLines() {
    return this.page.getByRole("region", { name: this.t("checkout.summary_title") }).getByRole("listitem");
  }
  get note() {
    return this.page.getByLabel(this.t("checkout.note"));
  }
  get summaryFreight() {
    return this.summary.getByTestId("summary-freight").getByRole("definition");
  }
  get summaryTotal() {
    return this.summary.getByTestId("order-total-ttc").getByRole("definition");
  }
  get summary() {
    return this.page.getByRole("region", { name: this.t("checkout.summary_title") });
  }
  /** "J'ai lu et j'accepte les conditions générales de vente": required to place the order. */
  get acceptCgv() {
    return this.page.getByRole("checkbox", { name: `${this.t("checkout.accept_cgv_lead")}${this.t("checkout.accept_cgv_link")}`.trim() });
  }
  get cgvLink() {
    return this.page.getByRole("main").getByRole("link", { name: this.t("checkout.accept_cgv_link") });
  }
  get placeOrder() {
    return this.page.getByRole("button", { name: this.t("checkout.place_order") });
  }
  /** Refusals and validation messages on the page. */
  get alerts() {
    return this.page.getByRole("alert").filter({ hasText: /./ });
  }
}
