// Storefront behaviours: cookie consent, ad popup, the encrypted persisted store, dialogs' accessibility.
import { describe, expect, it } from "vitest";
import { shopPerFile } from "./shop.ts";
import type { Page } from "playwright-core";
import { browserPerFile, newTab } from "./browser.ts";
import { consentCookie, login, pollExpect, seriousViolations, uidCookie } from "./storefront-helpers.ts";

const shop = shopPerFile();
const browser = browserPerFile();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TEN_YEARS_S = 315_360_000;

const banner = (page: Page, title = "Cookies") => page.getByRole("dialog", { name: title });
const ad = (page: Page, title = "Offre du moment") => page.getByRole("dialog", { name: title });

async function fresh(path = "/") {
  const tab = await newTab(browser());
  await tab.page.goto(`${shop.url}${path}`);
  return tab;
}

describe("cookie consent", () => {
  it("shows the banner 1.5 s after load while undecided, without taking the focus", async () => {
    const { page, context, errors } = await fresh();
    await page.waitForLoadState("load");
    await wait(700);
    expect(await banner(page).count()).toBe(0);
    await banner(page).waitFor({ timeout: 4000 });
    expect(await banner(page).evaluate((d) => d.contains(document.activeElement))).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("accept makes the login cookie persistent (10 years); refuse through the footer preferences makes it a session cookie", async () => {
    const { page, context, errors } = await newTab(browser());
    await login(page, shop.url);
    expect((await uidCookie(page))?.expires).toBe(-1); // undecided: a browser-session cookie
    await page.goto(`${shop.url}/`);
    await banner(page).waitFor({ timeout: 5000 }); // by then the page's own session call has answered
    const restored = page.waitForResponse((r) => r.url().includes("/site/Index/config?") && r.url().includes("part=session"));
    await banner(page).getByRole("button", { name: "Accepter" }).click();
    await pollExpect(() => consentCookie(page)).toBe("1");
    // the server stores the token again for 10 years (Chromium caps any cookie at 400 days)
    expect(await (await restored).headerValue("set-cookie")).toMatch(new RegExp(`^uid=[^;]+;[\\s\\S]*Max-Age=${TEN_YEARS_S}`, "i"));
    await pollExpect(async () => (await uidCookie(page))?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 399 * 86_400);
    // a decision lets the day's ad through once its image has loaded: close it, or it would cover the footer
    await ad(page).waitFor({ timeout: 5000 });
    await page.keyboard.press("Escape");
    await ad(page).waitFor({ state: "detached" });
    // the decision is kept: no banner (and no second ad) on the next page
    await page.reload();
    await page.waitForLoadState("networkidle");
    await wait(2000);
    expect(await banner(page).count()).toBe(0);
    expect(await ad(page).count()).toBe(0);

    // the footer icon reopens the preferences: switch to Non and confirm refuses
    const icon = page.getByRole("contentinfo").getByRole("button", { name: "Préférences de cookies" });
    await icon.click();
    const prefs = page.getByRole("dialog", { name: "Préférences de cookies" });
    await prefs.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const toggle = prefs.getByRole("switch", { name: "Cookie de connexion" });
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await toggle.textContent()).toContain("Oui");
    await toggle.click();
    expect(await toggle.textContent()).toContain("Non");
    await prefs.getByRole("button", { name: "Confirmer" }).click();
    await prefs.waitFor({ state: "detached" });
    await pollExpect(() => icon.evaluate((b) => b === document.activeElement)).toBe(true); // focus restored
    await pollExpect(() => consentCookie(page)).toBe("2");
    await pollExpect(async () => (await uidCookie(page))?.expires).toBe(-1);
    // still logged in for this browser session
    await page.reload();
    await pollExpect(() => page.getByRole("link", { name: "Mon compte" }).getAttribute("title")).toBe("demo@comptoir-emballage.fr");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("traps the focus in the preferences dialog and closes it with Escape", async () => {
    const { page, context } = await fresh();
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").getByRole("button", { name: "Préférences de cookies" }).click();
    const prefs = page.getByRole("dialog", { name: "Préférences de cookies" });
    await prefs.waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await prefs.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await prefs.waitFor({ state: "detached" });
    await context.close();
  });

  it("speaks Chinese under /zh", async () => {
    const { page, context } = await fresh("/zh");
    const zh = banner(page, "Cookie");
    await zh.waitFor({ timeout: 5000 });
    await zh.getByRole("button", { name: "自定义" }).click();
    const prefs = page.getByRole("dialog", { name: "Cookie 偏好设置" });
    await prefs.getByRole("switch", { name: "登录 Cookie" }).waitFor();
    expect(await prefs.getByRole("switch").textContent()).toContain("是");
    await prefs.getByRole("button", { name: "确认" }).click();
    await pollExpect(() => consentCookie(page)).toBe("1");
    await context.close();
  });
});

describe("ad popup", () => {
  it("shows the ad once a day after a decision, closable by keyboard and by a click outside", async () => {
    const { page, context, errors } = await fresh();
    await banner(page).getByRole("button", { name: "Refuser" }).click();
    const popup = ad(page);
    await popup.waitFor({ timeout: 5000 });
    expect(await popup.locator("img").evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await popup.waitFor({ state: "detached" });
    // same day: not again
    await page.reload();
    await page.waitForLoadState("networkidle");
    await wait(2500);
    expect(await popup.count()).toBe(0);
    // the next calendar day: again, 1.5 s after load
    await page.clock.setFixedTime(new Date(Date.now() + 86_400_000));
    await page.reload();
    await page.waitForLoadState("load");
    await wait(600);
    expect(await popup.count()).toBe(0);
    await popup.waitFor({ timeout: 5000 });
    await page.mouse.click(5, 5);
    await popup.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says what it shows in Chinese", async () => {
    const { page, context } = await fresh("/zh");
    await banner(page, "Cookie").getByRole("button", { name: "接受" }).click();
    const popup = ad(page, "当前优惠");
    await popup.waitFor({ timeout: 5000 });
    expect(await popup.locator("img").getAttribute("alt")).toBe("Comptoir de l'Emballage 当前优惠");
    await popup.getByRole("button", { name: "关闭" }).click();
    await popup.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("persisted client state", () => {
  it("stores the preferences encrypted under `store` and ignores corrupted or foreign storage", async () => {
    const { page, context, errors } = await fresh();
    await banner(page).getByRole("button", { name: "Accepter" }).click();
    await ad(page).waitFor({ timeout: 5000 });
    await page.keyboard.press("Escape");
    const stored = await page.evaluate(() => localStorage.getItem("store"));
    expect(stored).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    expect(stored).not.toContain("useCookie");
    expect(Buffer.from(stored!, "base64").toString("latin1")).not.toContain("useCookie");

    for (const bad of [
      "not base64 at all %%%",
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      JSON.stringify({ localObj: { useCookie: 1 }, lang: "fr" }),
    ]) {
      await page.evaluate((v) => localStorage.setItem("store", v), bad);
      await page.reload();
      await banner(page).waitFor({ timeout: 5000 }); // back to undecided, and no error
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
