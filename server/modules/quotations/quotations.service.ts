// Quotations (devis, issue 12 item 2; decision 080): the cart turned into a numbered quotation at the prices
// the catalogue gives now, the caller's list and detail, and a usable quotation turned back into the cart at
// its quoted prices. Each use case is one transaction; another customer's quotation is not found.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { Decimal, dec } from "#core/money.ts";
import { quantityProblem } from "#core/cart/availability.ts";
import { parseDocumentNumber } from "#core/numbering.ts";
import {
  quotationState,
  quotationTotals,
  quotedAmount,
  quotedGiftedUnits,
  quoteLine,
  shopDay,
  unusableReason,
  validityDays,
  validUntil,
  type QuotationState,
  type QuotedLine,
} from "#core/quotations.ts";
import type { CreateQuotationInput, QuotationRef } from "#core/validation/quotations.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { liveModels } from "#server/modules/cart/cart-models.ts";
import { pricedCartLine } from "#server/modules/cart/cart-view.ts";
import type { CartAnswer } from "#server/modules/cart/cart-view.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";

export const QUOTATION_SCOPE = "quotation.create";

export type QuotationSummary = {
  id: number;
  number: string;
  created_at: string;
  valid_until: string | null;
  state: QuotationState;
  state_text: string;
  usable: boolean;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
  lines: number;
};

export type QuotationLineView = {
  model_id: number;
  reference: string;
  designation: string;
  unit: string | null;
  price: string;
  num: number;
  tva: string;
  remise: string;
  amount: string;
  /** Units the quoted promotion offers on top of `num` (core/cart/promotion.ts), never priced. */
  gifted_units: number;
};

export type QuotationDetail = Omit<QuotationSummary, "lines"> & { lines: QuotationLineView[]; order_id: number | null };

type Row = {
  id: number;
  number: string;
  status: string;
  valid_until: string | null;
  created_at: Date | string;
  total_ht: string;
  total_ttc: string;
  order_id: number | null;
  lines: QuotedLine[] | string;
};

const linesOf = (r: Row): QuotedLine[] => (typeof r.lines === "string" ? (JSON.parse(r.lines) as QuotedLine[]) : r.lines);

function summary(r: Row, lang: Lang, today: string): QuotationSummary {
  const state = quotationState(r.status, r.valid_until, today);
  const ht = r.total_ht;
  const tva = dec(r.total_ttc).minus(dec(ht)).toFixed(2);
  return {
    id: r.id,
    number: r.number,
    created_at: new Date(r.created_at).toISOString(),
    valid_until: r.valid_until,
    state,
    state_text: translate(lang, `quotations.state_${state}`),
    usable: state === "open" || state === "accepted",
    total_ht: ht,
    total_tva: tva,
    total_ttc: r.total_ttc,
    lines: linesOf(r).length,
  };
}

/** What a quoted line shows: unit price, quantity, the promotion taken off, the line amount. */
export function lineView(l: QuotedLine): QuotationLineView {
  const amount = quotedAmount(l);
  const off = dec(l.price).times(l.num).round(2).minus(dec(amount));
  const remise = (off.sign() < 0 ? Decimal.ZERO : off).toFixed(2);
  return {
    model_id: l.modelId,
    reference: l.reference,
    designation: l.designation,
    unit: l.unit ?? null,
    price: l.price,
    num: l.num,
    tva: l.tva,
    remise,
    amount,
    gifted_units: quotedGiftedUnits(l),
  };
}

const requestHash = () => createHash("sha256").update("cart").digest("hex");

export function createQuotationsService(cart: CartService) {
  async function takeKey(tx: Db, customerId: number, key: string): Promise<true | QuotationDetail> {
    const hash = requestHash();
    const inserted = await query<{ id: number }>(
      tx,
      sql`
      insert into idempotency_keys (customer_id, scope, key, request_hash) values (${customerId}, ${QUOTATION_SCOPE}, ${key}, ${hash})
      on conflict (customer_id, scope, key) do nothing returning id`,
    );
    if (inserted.length > 0) return true;
    const [row] = await query<{ status: string; response: QuotationDetail | string | null; expired: boolean }>(
      tx,
      sql`
      select status, response, expires_at <= now() as expired from idempotency_keys
      where customer_id = ${customerId} and scope = ${QUOTATION_SCOPE} and key = ${key} for update`,
    );
    if (row.expired) {
      await query(
        tx,
        sql`update idempotency_keys set request_hash = ${hash}, status = 'in_progress', response = null,
        created_at = now(), expires_at = now() + interval '24 hours' where customer_id = ${customerId} and scope = ${QUOTATION_SCOPE} and key = ${key}`,
      );
      return true;
    }
    if (row.status !== "done" || !row.response) throw conflict("quotations.in_progress");
    return typeof row.response === "string" ? (JSON.parse(row.response) as QuotationDetail) : row.response;
  }

  /** The cart as a new quotation: catalogue prices now (promotions included), validity from the site config. */
  async function create(q: Db, customerId: number, input: CreateQuotationInput, lang: Lang): Promise<QuotationDetail> {
    const conf = await cart.settings();
    const statics = await cart.models.catalogue(lang);
    return withTransaction(q, async (tx) => {
      const taken = await takeKey(tx, customerId, input.idempotency_key);
      if (taken !== true) return taken;
      const row = await cart.cartRow(tx, customerId, true);
      const lines = await cart.lines(tx, row.id);
      if (lines.length === 0) throw refused("api.cart_empty");
      const live = cart.models.join(
        statics,
        await liveModels(
          tx,
          lines.map((l) => l.model_id),
        ),
      );
      const quoted: QuotedLine[] = [];
      for (const l of lines) {
        const m = live.get(l.model_id);
        if (!m || m.not_for_sale) throw refused("quotations.line_unavailable", { ref: m?.reference ?? String(l.model_id) });
        // Always the catalogue price (no `quote`): a new quotation never extends an older one's prices.
        const line = pricedCartLine({ model: m, num: l.num, id: l.id }, lang);
        const designation = m.label && m.label !== m.reference ? `${m.name} – ${m.label}` : m.name;
        quoted.push(quoteLine(line, designation));
      }
      const totals = quotationTotals(quoted);
      const now = new Date();
      const until = validUntil(now, validityDays(conf as Record<string, unknown>));
      const number = await nextNumber(tx, "quotation");
      const [ins] = await query<Row>(
        tx,
        sql`
        insert into quotations (number, customer_id, status, valid_until, lines, total_ht, total_ttc, created_at)
        values (${number}, ${customerId}, 'open', ${until}, ${JSON.stringify(quoted)}::jsonb, ${totals.totalHt}, ${totals.totalTtc}, ${now})
        returning id, number, status, valid_until::text as valid_until, created_at, total_ht::text as total_ht,
                  total_ttc::text as total_ttc, order_id, lines`,
      );
      const answer = toDetail(ins, lang, shopDay(now));
      await query(
        tx,
        sql`update idempotency_keys set status = 'done', response = ${JSON.stringify(answer)}::jsonb
        where customer_id = ${customerId} and scope = ${QUOTATION_SCOPE} and key = ${input.idempotency_key}`,
      );
      return answer;
    });
  }

  function toDetail(r: Row, lang: Lang, today: string): QuotationDetail {
    return { ...summary(r, lang, today), lines: linesOf(r).map(lineView), order_id: r.order_id };
  }

  const columns = sql`id, number, status, valid_until::text as valid_until, created_at, total_ht::text as total_ht,
    total_ttc::text as total_ttc, order_id, lines`;

  /** The caller's quotations, newest first. */
  async function list(q: Db, customerId: number, lang: Lang): Promise<{ list: QuotationSummary[] }> {
    const rows = await query<Row>(
      q,
      sql`select ${columns} from quotations where customer_id = ${customerId} order by created_at desc, id desc limit 200`,
    );
    const today = shopDay(new Date());
    return { list: rows.map((r) => summary(r, lang, today)) };
  }

  /** `ref` is the id or the number (DV2026-000012); another customer's is not found. */
  async function find(q: Db, customerId: number, ref: QuotationRef, lock = false): Promise<Row> {
    const byId = /^\d+$/.test(ref.id) && Number(ref.id) <= 2_147_483_647;
    if (!byId && !parseDocumentNumber(ref.id)) throw notFound();
    const [r] = await query<Row>(
      q,
      sql`select ${columns} from quotations where customer_id = ${customerId}
      and ${byId ? sql`id = ${Number(ref.id)}` : sql`number = ${ref.id}`} ${lock ? sql`for update` : sql``}`,
    );
    if (!r) throw notFound();
    return r;
  }

  async function detail(q: Db, customerId: number, ref: QuotationRef, lang: Lang): Promise<QuotationDetail> {
    return toDetail(await find(q, customerId, ref), lang, shopDay(new Date()));
  }

  /**
   * A usable quotation back into the cart: the cart's lines are replaced by the quoted lines, each carrying
   * the quotation (priced from its row by the cart and the order). Refused when expired, ordered or
   * cancelled, or when a line is no longer sold, out of stock or above the purchasable quantity; nothing
   * changes then. The quotation becomes 'accepted'.
   */
  async function toCart(q: Db, customerId: number, ref: QuotationRef, lang: Lang): Promise<CartAnswer & { number: string }> {
    const statics = await cart.models.catalogue(lang);
    const number = await withTransaction(q, async (tx) => {
      const c = await cart.cartRow(tx, customerId, true);
      const r = await find(tx, customerId, ref, true);
      const reason = unusableReason(r.status, r.valid_until, shopDay(new Date()));
      if (reason) throw refused(reason, { number: r.number });
      const lines = linesOf(r);
      const found = cart.models.join(
        statics,
        await liveModels(
          tx,
          lines.map((l) => l.modelId),
        ),
      );
      for (const l of [...lines].sort((a, b) => a.modelId - b.modelId)) {
        const m = found.get(l.modelId);
        const p = quantityProblem(m, l.num);
        if (p === "api.insufficient_stock") throw conflict(p, { ref: l.reference, num: m?.stock ?? 0, count: m?.stock ?? 0 });
        if (p === "api.above_purchase_ceiling") throw refused(p, { ref: l.reference, num: m?.purchasable_qty ?? 0 });
        if (p) throw refused("quotations.line_unavailable", { ref: l.reference });
      }
      await query(tx, sql`delete from cart_lines where cart_id = ${c.id}`);
      const values = sql.join(
        // Inserted in reverse so that the newest-first cart shows the quotation's order; never after now(): a line a
        // later add inserts is newer than these (the cart lists its lines newest first).
        [...lines]
          .reverse()
          .map((l, i) => sql`(${c.id}, ${l.modelId}, ${l.num}, ${r.id}, now() - make_interval(secs => ${(lines.length - 1 - i) / 1000}))`),
        sql`, `,
      );
      await query(tx, sql`insert into cart_lines (cart_id, model_id, num, quotation_id, created_at) values ${values}`);
      await query(tx, sql`update carts set updated_at = now() where id = ${c.id}`);
      await query(tx, sql`update quotations set status = 'accepted' where id = ${r.id} and status = 'open'`);
      return r.number;
    });
    return { ...(await cart.view(q, customerId, lang)), number };
  }

  /**
   * The customer cancels one of their usable quotations (open, or loaded into the cart, and not past its day;
   * decision 085). Under the quotation's row lock and guarded on the status, so a cancel racing an order that
   * uses the quotation leaves one winner. Cart lines loaded from it fall back to catalogue prices, as on expiry.
   */
  async function cancel(q: Db, customerId: number, ref: QuotationRef, lang: Lang): Promise<QuotationDetail> {
    const today = shopDay(new Date());
    const row = await withTransaction(q, async (tx) => {
      const r = await find(tx, customerId, ref, true);
      const reason = unusableReason(r.status, r.valid_until, today);
      if (reason) throw refused(reason, { number: r.number });
      const [done] = await query<Row>(
        tx,
        sql`update quotations set status = 'cancelled' where id = ${r.id} and customer_id = ${customerId}
        and status in ('open', 'accepted') returning ${columns}`,
      );
      if (!done) throw conflict("quotations.cancelled", { number: r.number });
      return done;
    });
    return toDetail(row, lang, today);
  }

  return { create, list, detail, find, toCart, cancel };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
