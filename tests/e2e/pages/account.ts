// The customer's account pages: home (/mon-compte), identity (/identite), addresses (/adresses).
// Order history, credit notes… get their page object here when those pages exist.
import type { Page } from "playwright-core";
import { label, localePath, type Lang } from "./labels.ts";

class AccountPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  protected t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);
  /** Success notice of a save or delete (the shop's status toast). */
  notice(text: string | RegExp) {
    return this.page.getByRole("status").filter({ hasText: text });
  }
  protected open(base: string, path: string) {
    return this.page.goto(`${base}${localePath(this.lang, path)}`);
  }
}

export class AccountHome extends AccountPage {
  goto(base: string) {
    return this.open(base, "/mon-compte");
  }
  hello(name: string) {
    return this.page.getByText(this.t("account.hello", { name }));
  }
  /** "Numéro client : C100001" (the company may follow on the same line). */
  get clientNumber() {
    return this.page.locator("main").getByText(new RegExp(this.t("account.client_number", { number: "C1\\d{5}" })));
  }
  get logout() {
    return this.page.getByRole("button", { name: this.t("account.logout") });
  }
}

export class IdentityPage extends AccountPage {
  goto(base: string) {
    return this.open(base, "/identite");
  }
  get heading() {
    return this.page.getByRole("heading", { name: this.t("account.identity_title") });
  }
  get form() {
    return this.page.getByRole("form", { name: this.t("account.identity_title") });
  }
  field(key: "first_name" | "last_name" | "company" | "phone" | "siret" | "vat_number") {
    return this.form.getByLabel(this.t(`account.${key}`), { exact: true });
  }
  get save() {
    return this.form.getByRole("button", { name: this.t("account.identity_save") });
  }
}

export class AddressesPage extends AccountPage {
  goto(base: string) {
    return this.open(base, "/adresses");
  }
  /** The delivery or invoice address section, with its cards, form and confirmation. */
  section(kind: "delivery" | "invoice") {
    const root = this.page.getByRole("region", {
      name: this.t(kind === "delivery" ? "account.delivery_addresses" : "account.invoice_addresses"),
    });
    const form = this.page.getByRole("form", { name: this.t(kind === "delivery" ? "account.new_delivery" : "account.new_invoice") });
    const t = this.t;
    const page = this.page;
    return {
      root,
      add: root.getByRole("button", { name: t("account.add_address") }),
      form,
      field: (key: "first_name" | "last_name" | "company" | "phone" | "line1" | "line2" | "zip_code" | "city") =>
        form.getByLabel(t(`account.${key}`), { exact: true }),
      save: form.getByRole("button", { name: t("account.save") }),
      card: (text: string) => root.getByRole("listitem").filter({ hasText: text }),
      /** Deletes the card showing `text`, answering yes to the confirmation. */
      async remove(text: string) {
        await root
          .getByRole("listitem")
          .filter({ hasText: text })
          .getByRole("button", { name: t("account.delete") })
          .click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: t("common.yes") })
          .click();
      },
    };
  }
}
