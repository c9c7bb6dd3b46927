// Card payment pages (decision 078): the payment step (/paymentcb), the sandbox provider's hosted
// card page and its 3-D Secure step (served by the shop, h-pay), and the result page (/payment/result/:type).
// Labels from the fr/zh catalogues (payment_pages, and payment.sandbox for the provider's page).
import type { Page } from "playwright-core";
import { label, localePath, type Lang } from "./labels.ts";

export const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  challenge: "4000 0000 0000 3220",
} as const;

export class PaymentStepPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  async goto(base: string, orderRef: string | number) {
    await this.page.goto(`${base}${localePath(this.lang, "/paymentcb")}?order_id=${orderRef}`);
    await this.ready();
  }
  async ready() {
    await this.heading.waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  get heading() {
    return this.page.getByRole("heading", { level: 1, name: this.t("payment_pages.pay_title") });
  }
  get summary() {
    return this.page.getByTestId("payment-summary");
  }
  get payByCard() {
    return this.page.getByRole("button", { name: this.t("payment_pages.pay_by_card") });
  }
}

/** The sandbox provider's hosted page: a plain HTML form of the shop, in test mode. */
export class SandboxCardPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, `payment.sandbox.${key}`, vars);

  async ready() {
    await this.page.waitForURL(/\/sandbox\/pay\/[^/?#]+/);
    await this.number.waitFor();
  }
  get number() {
    return this.page.getByLabel(this.t("card_number"));
  }
  /** Fills the card form with `card` and pays (name, expiry next year, CVC). */
  async pay(card: string) {
    await this.ready();
    await this.page.getByLabel(this.t("card_name")).fill("Camille Essai");
    await this.number.fill(card);
    const yy = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0");
    await this.page.getByLabel(this.t("card_expiry")).fill(`12/${yy}`);
    await this.page.getByLabel(this.t("card_cvc")).fill("123");
    await this.page.locator('button[name="action"][value="pay"]').click();
  }
  /** Gives up on the provider's page (abandonment). */
  async cancel() {
    await this.ready();
    await this.page.locator('button[name="action"][value="cancel"]').click();
  }
  /** The 3-D Secure step: passes or fails the authentication. */
  async challenge(outcome: "pass" | "fail") {
    await this.page.getByRole("heading", { name: this.t("challenge_title") }).waitFor();
    await this.page.getByRole("button", { name: this.t(outcome === "pass" ? "challenge_pass" : "challenge_fail") }).click();
  }
}

export class PaymentResultPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  async waitFor(type: "success" | "fail") {
    await this.page.waitForURL(new RegExp(`${localePath(this.lang, `/payment/result/${type}`)}\\?order_id=\\d+`));
  }
  get root() {
    return this.page.getByTestId("payment-result");
  }
  get success() {
    return this.page.getByRole("heading", { level: 1, name: this.t("payment_pages.result_title_success") });
  }
  get failure() {
    return this.page.getByRole("heading", { level: 1, name: this.t("payment_pages.result_title_failure") });
  }
  get failureReason() {
    return this.page.getByTestId("payment-failure");
  }
  get payAgain() {
    return this.page.getByRole("button", { name: this.t("payment_pages.pay_again") });
  }
  get countdown() {
    return this.page.getByTestId("redirect-countdown");
  }
  get stayHere() {
    return this.page.getByRole("button", { name: this.t("payment_pages.redirect_stop") });
  }
  get goNow() {
    return this.page.getByRole("link", { name: this.t("payment_pages.redirect_now") });
  }
  /** The value shown for a summary row (e.g. "payment_pages.transaction_id"). */
  value(key: string) {
    return this.root.locator("dt", { hasText: this.t(key) }).locator("xpath=following-sibling::dd[1]");
  }
}
