// Card payment rules shared by the sandbox provider and its tests (decision 077): card checks of
// the hosted page, the sandbox's test cards and the webhook signature of the sandbox (amounts in cents: core/money.ts).

/** Digits only: spaces and dashes typed between groups are ignored. */
export const cardDigits = (v: string) => v.replace(/[\s-]/g, "");

/** The Luhn checksum of a 12–19 digit card number. */
export function luhnValid(number: string): boolean {
  const d = cardDigits(number);
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" → month and four-digit year; null when malformed. */
export function parseExpiry(v: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(v);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryPast(e: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth() + 1;
  return e.year < y || (e.year === y && e.month < mo);
}

const cvcValid = (v: string) => /^\d{3,4}$/.test(v.trim());

export type CardField = "number" | "expiry" | "cvc" | "name";
export type CardInput = { number: string; expiry: string; cvc: string; name: string };

/** Message keys ("payment.*") by field; empty when the card passes the page's checks. */
export function cardErrors(c: CardInput, now = new Date()): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  if (!c.name.trim()) out.name = "payment.card_name_required";
  else if (c.name.trim().length > 100) out.name = "payment.card_name_too_long";
  if (!cardDigits(c.number)) out.number = "payment.card_number_required";
  else if (!luhnValid(c.number)) out.number = "payment.card_number_invalid";
  const e = parseExpiry(c.expiry);
  if (!c.expiry.trim()) out.expiry = "payment.card_expiry_required";
  else if (!e) out.expiry = "payment.card_expiry_invalid";
  else if (expiryPast(e, now)) out.expiry = "payment.card_expired";
  if (!c.cvc.trim()) out.cvc = "payment.card_cvc_required";
  else if (!cvcValid(c.cvc)) out.cvc = "payment.card_cvc_invalid";
  return out;
}

type TestCardBehaviour = "success" | "declined" | "insufficient_funds" | "challenge";

/** The sandbox's test cards (Stripe's numbers); any other valid number is declined as not a test card. */
const TEST_CARDS: Record<string, TestCardBehaviour> = {
  "4242424242424242": "success",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
  "4000000000003220": "challenge",
};

export function testCardBehaviour(number: string): TestCardBehaviour | "unknown" {
  return TEST_CARDS[cardDigits(number)] ?? "unknown";
}

/** Message key of a failed payment, shown on the result page. */
export const DECLINE_KEYS = {
  declined: "payment.declined",
  insufficient_funds: "payment.insufficient_funds",
  unknown: "payment.not_a_test_card",
  authentication_failed: "payment.authentication_failed",
  abandoned: "payment.abandoned",
} as const;
