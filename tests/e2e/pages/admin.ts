// The back office's login steps (/admin/connexion, /admin/verification, /admin/activation) and its frame.
import type { Page } from "playwright-core";
import { label, type Lang } from "./labels.ts";

export class AdminLogin {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string>) => label(this.lang, key, vars);
  private base = () => (this.lang === "zh" ? "/zh/admin" : "/admin");

  async goto(shop: string) {
    await this.page.goto(`${shop}${this.base()}/connexion`);
    await this.ready(this.t("admin.login_title"));
  }
  /** Waits for a step's heading and the page's hydration (a click before it would post the HTML form: that works too, but slower). */
  async ready(heading: string) {
    await this.page.getByRole("heading", { name: heading }).waitFor();
    await this.page.waitForLoadState("networkidle");
  }
  async password(email: string, password: string) {
    await this.page.getByLabel(this.t("admin.login_email")).fill(email);
    await this.page.getByLabel(this.t("admin.login_password"), { exact: true }).fill(password);
    await this.page.getByRole("button", { name: this.t("admin.login_submit") }).click();
  }
  async code(code: string) {
    await this.page.getByLabel(this.t("admin.code_label")).fill(code);
    await this.page.getByRole("button", { name: this.t("admin.code_submit") }).click();
  }
  get failure() {
    return this.page.getByRole("alert").filter({ hasText: /./ });
  }
  get logout() {
    return this.page.getByRole("button", { name: this.t("admin.nav_logout") });
  }
  get navigation() {
    return this.page.getByRole("navigation", { name: this.t("admin.nav_label") });
  }
  welcome(name: string) {
    return this.page.getByText(this.t("admin.dashboard_welcome", { name }));
  }
}
