// The login page (/connexion). Tests that only need a logged-in customer use loginAs() (customers.ts)
// instead of driving this page.
import type { Page } from "playwright-core";
import type { Credentials } from "../customers.ts";
import { label, localePath, type Lang } from "./labels.ts";

export class LoginPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string) => label(this.lang, key);

  async goto(base: string) {
    await this.page.goto(`${base}${localePath(this.lang, "/connexion")}`);
    await this.ready();
  }
  /** Waits for the form to be hydrated (a click before that would post the HTML form). */
  async ready() {
    await this.heading.waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  get heading() {
    return this.page.getByRole("heading", { name: this.t("account.login_title") });
  }
  get identifier() {
    return this.page.getByLabel(this.t("account.identifier"));
  }
  get password() {
    return this.page.getByLabel(this.t("account.password"), { exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: this.t("account.login_submit") });
  }
  /** The refusal shown above the button (wrong credentials, too many attempts). */
  get failure() {
    return this.page.getByRole("alert").filter({ hasText: /./ });
  }
  get forgotPassword() {
    return this.page.getByRole("link", { name: this.t("account.forgot_password") });
  }

  async login({ identifier, password }: Credentials) {
    await this.identifier.fill(identifier);
    await this.password.fill(password);
    await this.submit.click();
  }
}
