// Customers for end-to-end tests. A test that changes an account (identity, addresses, password, sessions)
// uses its own freshCustomer(); the seeded demo customers are only read.
import type { BrowserContext } from "playwright-core";
import type { Shop } from "./shop.ts";

export type Credentials = { identifier: string; password: string };
export type Customer = Credentials & { email: string; firstName: string; lastName: string; clientNumber: string };

/** The seeded demo customer (server/db/seed): read it, never change it. */
export const DEMO = { identifier: "C100001", password: "Demo1234!", email: "demo@comptoir-emballage.fr", name: "Jean Dupont" } as const;

let serial = 0;

/** A new customer registered through the public API (POST /site/user/register), with a unique e-mail. */
export async function freshCustomer(
  shop: Shop,
  overrides: { firstName?: string; lastName?: string; lang?: "fr" | "zh" } = {},
): Promise<Customer> {
  const email = `e2e.${process.pid}.${Date.now()}.${++serial}@exemple.fr`;
  const password = "Fresh2026!";
  const firstName = overrides.firstName ?? "Camille";
  const lastName = overrides.lastName ?? "Essai";
  const r = await shop.api<{ userInfo: { client_number: string } }>(
    "/site/user/register",
    {
      title: "Mme",
      first_name: firstName,
      last_name: lastName,
      email,
      password,
      confirm: password,
      accept_privacy: true,
    },
    { lang: overrides.lang },
  );
  if (r.code !== 200) throw new Error(`registration failed: ${JSON.stringify(r)}`);
  return { identifier: email, email, password, firstName, lastName, clientNumber: r.data.userInfo.client_number };
}

/** Logs in through the real login API and gives the browser context its session cookie: no login page to drive. */
export async function loginAs(context: BrowserContext, shop: Shop, who: Credentials): Promise<void> {
  const r = await shop.api<{ token: string }>("/site/user/login", { identifier: who.identifier, password: who.password });
  if (r.code !== 200) throw new Error(`login failed: ${JSON.stringify(r)}`);
  // The cookie the server itself sets (server/http/auth.ts): uid, HttpOnly, SameSite=Lax, whole site.
  await context.addCookies([{ name: "uid", value: r.data.token, url: shop.url, httpOnly: true, sameSite: "Lax" }]);
}
