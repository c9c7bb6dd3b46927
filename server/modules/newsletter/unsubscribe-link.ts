// The newsletter's unsubscribe link (decision 147): `/newsletter/desinscription?s=<subscription id>&t=<token>`, the
// token an HMAC-SHA256 under the server-only LINK_SECRET of the subscription's id and address. It acts without a
// login; a forged token is refused; a link used again finds the subscription gone and says so, changing nothing.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Lang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";
import { translate } from "#core/i18n/messages.ts";
import { escapeHtml } from "#core/mail/html.ts";
import type { OutboxMail } from "#server/db/schema/outbox.ts";
import { origin } from "#server/modules/orders/order-mail.ts";

export const UNSUBSCRIBE_PATH = "/newsletter/desinscription";

/** The token of one subscription: bound to its id and its address (case folded), 43 base64url characters. */
export function unsubscribeToken(secret: string, id: number, email: string): string {
  return createHmac("sha256", secret).update(`newsletter-unsubscribe.${id}.${email.trim().toLowerCase()}`).digest("base64url");
}

/** Whether `token` is the subscription's, compared in constant time. */
export function tokenMatches(secret: string, id: number, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, id, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link in the subscriber's language. */
export function unsubscribeUrl(publicUrl: string, secret: string, sub: { id: number; email: string; lang: Lang }): string {
  const q = new URLSearchParams({ s: String(sub.id), t: unsubscribeToken(secret, sub.id, sub.email) });
  return `${origin(publicUrl)}${localePath(sub.lang, UNSUBSCRIBE_PATH)}?${q}`;
}

/**
 * A newsletter e-mail as sent: the link at the foot of its text (and of its HTML), and the `List-Unsubscribe` headers
 * with one-click unsubscription (RFC 8058: the mail client POSTs to the link, which the page's action accepts).
 * Every newsletter e-mail goes through this.
 */
export function withUnsubscribe(mail: OutboxMail, lang: Lang, url: string): OutboxMail {
  const footer = translate(lang, "common.unsubscribe.mail_footer");
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${footer}\n${url}\n`,
    ...(mail.html !== undefined && {
      html: `${mail.html}<hr><p>${escapeHtml(footer)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    }),
    headers: { ...mail.headers, "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
