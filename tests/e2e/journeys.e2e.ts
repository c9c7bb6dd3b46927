// A buyer's journeys end where they were going, in French and Chinese: a header link that needs a login comes
// back to its page after the login; the Chinese payment result pages are Chinese throughout.
import { describe, expect, it } from "vitest";
import { browserPerFile, newTab } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { freshCustomer } from "./customers.ts";
import { Header, LoginPage } from "./pages/index.ts";
import { label, localePath, type Lang } from "./pages/labels.ts";

const shop = shopPerFile();
const browser = browserPerFile();

describe("login from a header link", () => {
  for (const lang of ["fr", "zh"] as const satisfies Lang[]) {
    it(`"Commande rapide" then "Mon compte": the login comes back to the page asked for (${lang})`, async () => {
      const customer = await freshCustomer(shop, { lang });
      const { page, errors } = await newTab(browser());
      await page.goto(`${shop.url}${localePath(lang, "/")}`);
      await page.waitForLoadState("networkidle");
      const header = new Header(page, lang);
      await page
        .getByRole("banner")
        .getByRole("link", { name: label(lang, "header.quick_order"), exact: true })
        .click();
      // the page's address, never the data request's (`….data?_routes=…`)
      await page.waitForURL((u) => u.pathname === localePath(lang, "/connexion"));
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(localePath(lang, "/quick-order/purchased"));
      const login = new LoginPage(page, lang);
      await login.ready();
      await login.login(customer);
      await page.waitForURL(`${shop.url}${localePath(lang, "/quick-order/purchased")}`);
      await page.getByRole("heading", { name: label(lang, "area.qo_title"), exact: true }).waitFor();
      expect(await page.getByText(label(lang, "error.page_not_found")).count()).toBe(0);

      // logged out again, the account link also returns to its page
      await page.context().clearCookies();
      await page.goto(`${shop.url}${localePath(lang, "/")}`);
      await page.waitForLoadState("networkidle");
      await header.accountLink.click();
      await page.waitForURL((u) => u.pathname === localePath(lang, "/connexion"));
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(localePath(lang, "/mon-compte"));
      await login.ready();
      await login.login(customer);
      await page.waitForURL(`${shop.url}${localePath(lang, "/mon-compte")}`);
      await page.getByText(label(lang, "account.hello", { name: `${customer.firstName} ${customer.lastName}` })).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
