// Quotations (devis; decision 080): validity, the state a customer sees, and the one place
// where a price not computed from the catalogue is honoured — a cart line loaded from a usable quotation.
import { decOrZero } from "./money.ts";
import { vatByRate } from "./vat.ts";
import { calendarParts, SHOP_TIME_ZONE, type DateInput } from "./format-date.ts";
import { lineAmounts } from "./cart/line.ts";
import { giftedUnitsFor, giftPerMultiple } from "./cart/promotion.ts";
import type { CartLine, PromotionInfo } from "./cart/types.ts";

export const QUOTATION_STATES = ["open", "accepted", "ordered", "expired", "cancelled"] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];

const DEFAULT_VALIDITY_DAYS = 30;
const MAX_VALIDITY_DAYS = 365;

/** A stored quoted line (the `lines` JSON of a quotation). */
export type QuotedLine = {
  modelId: number;
  reference: string;
  designation: string;
  /** Unit price excl. tax when quoted (before the per-item promotion). */
  price: string;
  num: number;
  tva: string;
  unit?: string;
  site_price?: string | null;
  /** The promotion as quoted; `gifted_units` per multiple of `num` (core/cart/promotion.ts). */
  remise_info?: { type: number; value: string; num: number; gifted_units?: number } | null;
  /** Line amount excl. tax after the promotion. */
  amount?: string;
};

/** The site config's `quotationValidityDays` when it is a whole number of days in 1…365, else 30. */
export function validityDays(config: Record<string, unknown> | null | undefined): number {
  const v = config?.quotationValidityDays;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= MAX_VALIDITY_DAYS ? n : DEFAULT_VALIDITY_DAYS;
}

/** The shop's calendar day of a moment, "YYYY-MM-DD" (Europe/Paris). */
export function shopDay(at: DateInput, timeZone = SHOP_TIME_ZONE): string {
  const p = calendarParts(at, timeZone);
  if (!p) throw new RangeError("invalid date");
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** "YYYY-MM-DD" + n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Last day the quotation may be used: the shop's day of creation + the validity (30 days: created 1 March, valid until 31 March). */
export function validUntil(createdAt: DateInput, days: number): string {
  return addDays(shopDay(createdAt), days);
}

/**
 * What the customer sees: an open or accepted quotation past its last day (in the shop's calendar) is
 * expired; ordered and cancelled stay so. Unknown stored values read as cancelled (never usable).
 */
export function quotationState(status: string, validUntilDay: string | null, today: string): QuotationState {
  if (status === "ordered" || status === "cancelled" || status === "expired") return status;
  if (status !== "open" && status !== "accepted") return "cancelled";
  if (validUntilDay !== null && validUntilDay < today) return "expired";
  return status;
}

/** Whether the quotation may still be turned into a cart or ordered. */
export function isUsable(status: string, validUntilDay: string | null, today: string): boolean {
  const s = quotationState(status, validUntilDay, today);
  return s === "open" || s === "accepted";
}

/** The refusal key when it is not usable, else null. */
export function unusableReason(status: string, validUntilDay: string | null, today: string): string | null {
  const s = quotationState(status, validUntilDay, today);
  if (s === "expired") return "quotations.expired";
  if (s === "ordered") return "quotations.already_ordered";
  if (s === "cancelled") return "quotations.cancelled";
  return null;
}

/** The quoted line of a cart line as the cart showed it (price, site price, promotion, amount). */
export function quoteLine(line: CartLine & { reference: string; unit?: string | null }, designation: string): QuotedLine {
  const a = lineAmounts(line);
  const promo = line.remise_info;
  return {
    modelId: line.model_id,
    reference: line.reference,
    designation,
    price: decOrZero(line.price).toFixed(4),
    num: line.num,
    tva: decOrZero(line.tva).toFixed(4),
    unit: line.unit ?? undefined,
    site_price: line.site_price === null || line.site_price === undefined ? null : String(line.site_price),
    remise_info: promo
      ? {
          type: Number(promo.type),
          value: String(promo.value),
          num: Number(promo.num),
          ...(giftPerMultiple(promo) > 0 ? { gifted_units: giftPerMultiple(promo) } : {}),
        }
      : null,
    amount: a.amount.toFixed(2),
  };
}

/**
 * The quoted-price selection: a cart line that carries a quotation is priced from the stored quoted line
 * (unit price, site price, promotion as quoted) — never from the client — when the quotation is usable and
 * the line still holds the quoted model and quantity (the gifted units quoted come with it). Anything else is
 * the catalogue line unchanged.
 * The VAT rate stays the catalogue's current one (tax law, not a price).
 */
export function applyQuotedPrice<L extends CartLine>(line: L, quoted: QuotedLine | undefined, usable: boolean): L & { quoted: boolean } {
  if (!quoted || !usable || quoted.modelId !== line.model_id || quoted.num !== line.num) return { ...line, quoted: false };
  const remise: PromotionInfo | null = quoted.remise_info
    ? {
        type: quoted.remise_info.type,
        value: quoted.remise_info.value,
        num: quoted.remise_info.num,
        ...(quoted.remise_info.gifted_units ? { gifted_units: quoted.remise_info.gifted_units } : {}),
      }
    : null;
  return { ...line, price: quoted.price, site_price: quoted.site_price ?? null, remise_info: remise, quoted: true };
}

/** Totals of quoted lines: HT = Σ line amounts, TVA by rate (core/vat.ts), TTC = HT + TVA. */
export function quotationTotals(lines: readonly QuotedLine[]): { totalHt: string; totalTva: string; totalTtc: string } {
  const { ht, tva } = vatByRate(lines.map((l) => ({ amount: quotedAmount(l), rate: l.tva })));
  return { totalHt: ht, totalTva: tva, totalTtc: decOrZero(ht).plus(tva).toFixed(2) };
}

/** The line amount excl. tax of a stored quoted line (older rows carry no `amount`). */
export function quotedAmount(l: QuotedLine): string {
  if (l.amount !== undefined) return decOrZero(l.amount).toFixed(2);
  return lineAmounts({
    model_id: l.modelId,
    num: l.num,
    price: l.price,
    tva: l.tva,
    remise_info: l.remise_info ?? null,
  }).amount.toFixed(2);
}

/** The units a quoted line offers (the quoted promotion, by the rule of core/cart/promotion.ts). */
export const quotedGiftedUnits = (l: QuotedLine): number => giftedUnitsFor(l.remise_info, l.num);
