// The main pages load in Chromium under their Content-Security-Policy without a single
// violation (React Router's inline scripts carry the render's nonce, decision 084), hydrate, and carry the
// security headers; a script injected into the HTML without the nonce does not run.
import { describe, expect, it } from "vitest";
import { shopPerFile } from "./shop.ts";
import type { Page } from "playwright-core";
import { newTab, browserPerFile } from "./browser.ts";

const shop = shopPerFile();
const browser = browserPerFile();

/** Records every CSP violation (the DOM event and the console report) of the page's documents. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}
const domViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);

describe("browser defences", () => {
  it("loads the main pages without a CSP violation, hydrated, with the security headers", async () => {
    const { page, errors } = await newTab(browser());
    const violations = await watchCsp(page);
    const home = await page.goto(`${shop.url}/`);
    expect(home?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'(;|$)/);
    expect(home?.headers()["x-frame-options"]).toBe("DENY");
    expect(home?.headers()["x-content-type-options"]).toBe("nosniff");
    await page.waitForLoadState("networkidle");
    const product = await page.locator("main article a").first().getAttribute("href");
    const category = await page.locator('nav a[href^="/"]').nth(2).getAttribute("href");
    const paths = ["/", "/zh", "/recherche?search=carton", "/connexion", "/reg", "/recuperation-mot-de-passe", product, category].filter(
      Boolean,
    ) as string[];
    for (const path of paths) {
      await page.goto(`${shop.url}${path}`);
      await page.waitForLoadState("networkidle");
      expect(await domViolations(page), path).toEqual([]);
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("logs in and shows the account pages (client navigation, forms, sessions list) without a violation", async () => {
    const { page, errors } = await newTab(browser());
    const violations = await watchCsp(page);
    await page.goto(`${shop.url}/connexion?redirect=%2Fidentite`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Identifiant").fill("C100002");
    await page.getByLabel("Mot de passe").fill("Martin2026!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(/\/identite$/);
    await page.waitForLoadState("networkidle");
    expect(await domViolations(page)).toEqual([]);
    for (const path of ["/mon-compte", "/adresses"]) {
      await page.goto(`${shop.url}${path}`);
      await page.waitForLoadState("networkidle");
      expect(await domViolations(page), path).toEqual([]);
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("12. lists the account's sessions on /mon-compte and ends another one", async () => {
    const login = async () => {
      const tab = await newTab(browser());
      await tab.page.goto(`${shop.url}/connexion`);
      await tab.page.waitForLoadState("networkidle");
      await tab.page.getByLabel("Identifiant").fill("achat@traiteur-martin.fr");
      await tab.page.getByLabel("Mot de passe").fill("Martin2026!");
      await tab.page.getByRole("button", { name: "Se connecter" }).click();
      await tab.page.waitForURL(/\/mon-compte$/);
      return tab;
    };
    const other = await login();
    const { page, errors } = await login();
    const sessions = page.getByRole("region", { name: "Sessions ouvertes" });
    await sessions.getByText("Cet appareil").waitFor();
    const before = await sessions.getByRole("button", { name: "Fermer la session" }).count();
    expect(before).toBeGreaterThan(0);
    await sessions.getByRole("button", { name: "Fermer la session" }).first().click();
    await sessions.getByText("La session a été fermée.").waitFor();
    // the message shows before the list is reloaded: wait for the list
    await expect.poll(() => sessions.getByRole("button", { name: "Fermer la session" }).count()).toBe(before - 1);
    expect(errors).toEqual([]);
    await other.context.close();
  });

  it("blocks an inline script injected into a page without the response's nonce, and runs the page's own", async () => {
    const { page, errors } = await newTab(browser());
    const violations = await watchCsp(page);
    // an injection as an XSS would make it: a <script> in the HTML, under the response's own policy
    await page.route(`${shop.url}/magasins`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", "<script>window.__pwned = 1</script></body>");
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${shop.url}/magasins`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect((await domViolations(page)).some((v) => v.startsWith("script-src"))).toBe(true);
    // the page's own inline scripts ran: React Router hydrated (its context script defined the global)
    expect(await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe("object");
    expect(violations.length).toBeGreaterThan(0);
    void errors;
  });
});
