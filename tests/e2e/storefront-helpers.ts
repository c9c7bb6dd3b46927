// Shared steps of the storefront behaviour tests.
import { expect } from "vitest";
import type { Page } from "playwright-core";

export const NARROW = { width: 375, height: 800 };

export { seriousViolations } from "./browser.ts";

/** Makes the page long enough to scroll whatever its content. */
export async function makeTall(page: Page) {
  await page.evaluate(() => {
    document.body.style.paddingBottom = "4000px";
  });
}

export async function login(page: Page, base: string, lang: "fr" | "zh" = "fr") {
  await page.goto(`${base}${lang === "zh" ? "/zh" : ""}/connexion`);
  await page.waitForLoadState("networkidle");
  await page.locator("input[name=identifier]").fill("C100001");
  await page.locator("input[name=password], input[type=password]").first().fill("Demo1234!");
  await page.locator("main form button[type=submit]").first().click();
  await page.waitForURL((u) => !u.pathname.endsWith("/connexion"));
}

export async function uidCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "uid");
}

export async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "useCookie")?.value;
}

export const pollExpect = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 5000, interval: 100 });
