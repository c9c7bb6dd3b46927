// SPEC §2 Access: account pages and /commande need a session; a visitor goes to /connexion and comes back after login.
import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { localePath } from "#core/slug.ts";

export function requireCustomer(context: AppLoadContext, request: Request) {
  if (context.customer) return context.customer;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`${localePath(context.lang, "/connexion")}?redirect=${encodeURIComponent(back)}`);
}

/** Only a path of this site is a valid return target (no "//host" or absolute URL: no open redirect). */
export function safeReturnPath(value: string | null, fallback: string): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") ? value : fallback;
}
