// Debian's Chromium through playwright-core: never a downloaded browser. One browser per test file, a fresh
// context per test, page errors collected.
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Fails the test on any page error (uncaught exception or hydration error). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** Launches the browser of this test file before its tests and closes it after them. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export type Tab = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh context and page (no cookies), its errors watched. */
export async function newTab(browser: Browser, viewport = DESKTOP): Promise<Tab> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** A fresh tab opened at `url`; `settle` waits for the network to go quiet (hydration, data). */
export async function openTab(
  browser: Browser,
  url: string,
  { viewport = DESKTOP, settle = true } = {},
): Promise<Tab & { response: Response | null }> {
  const tab = await newTab(browser, viewport);
  const response = await tab.page.goto(url);
  if (settle) await tab.page.waitForLoadState("networkidle");
  return { ...tab, response };
}

/** Runs the page's scripts `rate` times slower (CDP), as on a low-end phone or a busy machine: races between a
 * buyer's quick actions and the page's own work show at once instead of once in a while. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** axe violations of serious or critical impact on the page as it is now, as "rule: first targets". Also runs
 * `label-content-name-mismatch` (WCAG 2.5.3, a name that does not contain the visible text), which axe ships
 * switched off as experimental. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Violations only: axe then skips building the details of every passed and inapplicable check (a sixth of its time).
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
