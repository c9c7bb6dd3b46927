// SPEC §2 Access: account pages and /commande need a session; a visitor goes to /connexion and comes back after login.
import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { localePath } from "#core/slug.ts";
import type { Lang } from "#core/lang.ts";

/**
 * `url` is the loader's `url` argument: the page's address. Never `request.url`: on a client navigation that is
 * the data request (`/quick-order/purchased.data?_routes=…`, v8_passThroughRequests), a 404 once logged in.
 */
export function requireCustomer(context: AppLoadContext, url: URL) {
  if (context.customer) return context.customer;
  throw redirect(loginPath(context.lang, url));
}

/** The context a customer's use case takes (decision 132): the database, the customer (or the login page), the language. */
export function customerContext(context: AppLoadContext, url: URL) {
  return { db: context.services.db, customer: requireCustomer(context, url), lang: context.lang };
}

/** The login page that comes back to `url` (a path of this site only; anything else returns to the account). */
export function loginPath(lang: Lang, url: URL): string {
  const back = safeReturnPath(`${url.pathname}${url.search}`, localePath(lang, "/mon-compte"));
  return `${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(back)}`;
}

const SHOP = "http://shop.invalid";

/**
 * Only a path of this site is a valid return target. The candidate is parsed as a browser would (the WHATWG
 * URL parser strips tab/CR/LF and reads "\\" as "/", so "/\t/evil" means "//evil") against a placeholder
 * origin; anything that leaves it, or holds a control character, gives the fallback. The result is the
 * parser's own serialisation: percent-encoded, safe to put in a Location header.
 */
export function safeReturnPath(value: string | null, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!value || !value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SHOP);
  } catch {
    return fallback;
  }
  if (url.origin !== SHOP) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
