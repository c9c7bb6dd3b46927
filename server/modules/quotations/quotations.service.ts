// Quotations (devis; decision 080): the cart turned into a numbered quotation at the prices
// the catalogue gives now, the caller's list and detail, and a usable quotation turned back into the cart at
// its quoted prices, and its PDF. Each use case is one transaction; another customer's quotation is not found.
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Context } from "#server/context.ts";
import { storeAnswer, takeKey } from "#server/modules/idempotency/idempotency-keys.ts";
import { cartLines, carts, customers, quotations } from "#server/db/schema/index.ts";
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
  type QuotedLine,
} from "#core/quotations.ts";
import type { CreateQuotationInput, QuotationRef } from "#core/validation/quotations.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { liveModels } from "#server/modules/cart/cart-models.ts";
import { pricedCartLine } from "#server/modules/cart/cart-view.ts";
import { customerGroupList } from "#server/modules/pricing/group-prices.ts";
import type { CartAnswer } from "#server/modules/cart/cart-view.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import type { PdfFile } from "#server/http/pdf-download.ts";
import type { QuotationDetailAnswer, QuotationLineAnswer, QuotationSummaryAnswer } from "#core/contracts/quotations.ts";
import { quotationPdf } from "./quotation-pdf.ts";
import { cartChanged } from "#server/modules/cart/cart-answers.ts";

const QUOTATION_SCOPE = "quotation.create";

const COLUMNS = {
  id: quotations.id,
  number: quotations.number,
  status: quotations.status,
  valid_until: sql<string | null>`${quotations.validUntil}::text`,
  created_at: quotations.createdAt,
  total_ht: sql<string>`${quotations.totalHt}::text`,
  total_ttc: sql<string>`${quotations.totalTtc}::text`,
  order_id: quotations.orderId,
  lines: quotations.lines,
};
type Row = SelectResultFields<typeof COLUMNS>;

function summary(r: Row, lang: Lang, today: string): QuotationSummaryAnswer {
  const state = quotationState(r.status, r.valid_until, today);
  const ht = r.total_ht;
  const tva = dec(r.total_ttc).minus(dec(ht)).toFixed(2);
  return {
    id: r.id,
    number: r.number,
    created_at: r.created_at.toISOString(),
    valid_until: r.valid_until,
    state,
    state_text: translate(lang, `quotations.state_${state}`),
    usable: state === "open" || state === "accepted",
    total_ht: ht,
    total_tva: tva,
    total_ttc: r.total_ttc,
    lines: r.lines.length,
  };
}

/** What a quoted line shows: unit price, quantity, the promotion taken off, the line amount. */
function lineView(l: QuotedLine): QuotationLineAnswer {
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

/** The request a key stands for is always "the cart as it is": a retry with the key gets the quotation made. */
const CART_REQUEST = createHash("sha256").update("cart").digest("hex");
/** A key's first call still running; the request cannot differ (CART_REQUEST), so `reused` never applies. */
const KEY_REFUSALS = { reused: "quotations.in_progress", inProgress: "quotations.in_progress" };

export function createQuotationsService(cart: CartService) {
  /** The cart as a new quotation: catalogue prices now (promotions included), validity from the site config. */
  async function create(ctx: Context, input: CreateQuotationInput): Promise<QuotationDetailAnswer> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const conf = await cart.settings();
    const statics = await cart.models.catalogue(lang);
    return withTransaction(q, async (tx) => {
      const taken = await takeKey<QuotationDetailAnswer>(
        tx,
        customerId,
        QUOTATION_SCOPE,
        input.idempotency_key,
        CART_REQUEST,
        KEY_REFUSALS,
      );
      if (taken !== true) return taken;
      const row = await cart.cartRow({ ...ctx, db: tx }, true);
      const lines = await cart.lines(tx, row.id);
      if (lines.length === 0) throw refused("api.cart_empty");
      const live = cart.models.join(
        statics,
        await liveModels(
          tx,
          lines.map((l) => l.model_id),
        ),
      );
      // The customer's group price list read now, whole (decision 157): the quotation fixes the prices it gives.
      const group = await customerGroupList(tx, customerId);
      const quoted: QuotedLine[] = [];
      for (const l of lines) {
        const m = live.get(l.model_id);
        if (!m || m.not_for_sale) throw refused("quotations.line_unavailable", { ref: m?.reference ?? String(l.model_id) });
        // Always the catalogue price (no `quote`), or the group's: a new quotation never extends an older one's prices.
        const line = pricedCartLine({ model: m, num: l.num, id: l.id, group }, lang);
        const designation = m.label && m.label !== m.reference ? `${m.name} – ${m.label}` : m.name;
        quoted.push(quoteLine(line, designation));
      }
      const totals = quotationTotals(quoted);
      const now = new Date();
      const until = validUntil(now, validityDays(conf as Record<string, unknown>));
      const number = await nextNumber(tx, "quotation");
      const [ins] = await tx
        .insert(quotations)
        .values({
          number,
          customerId,
          status: "open",
          validUntil: until,
          lines: quoted,
          totalHt: totals.totalHt,
          totalTtc: totals.totalTtc,
          createdAt: now,
        })
        .returning(COLUMNS);
      const answer = toDetail(ins, lang, shopDay(now));
      await storeAnswer(tx, customerId, QUOTATION_SCOPE, input.idempotency_key, answer);
      return answer;
    });
  }

  function toDetail(r: Row, lang: Lang, today: string): QuotationDetailAnswer {
    return { ...summary(r, lang, today), lines: r.lines.map(lineView), order_id: r.order_id };
  }

  /** The caller's quotations, newest first. */
  async function list(ctx: Context): Promise<{ list: QuotationSummaryAnswer[] }> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const rows = await q
      .select(COLUMNS)
      .from(quotations)
      .where(and(eq(quotations.customerId, customerId), ne(quotations.status, "draft")))
      .orderBy(desc(quotations.createdAt), desc(quotations.id))
      .limit(200);
    const today = shopDay(new Date());
    return { list: rows.map((r) => summary(r, lang, today)) };
  }

  /** `ref` is the id or the number (DV2026-000012); another customer's, and a draft staff have not sent (decision 148), is not found. */
  async function find(ctx: Context, ref: QuotationRef, lock = false): Promise<Row> {
    const { db: q } = ctx;
    const customerId = ctx.customer.id;
    const byId = /^\d+$/.test(ref.id) && Number(ref.id) <= 2_147_483_647;
    if (!byId && !parseDocumentNumber(ref.id)) throw notFound();
    const found = q
      .select(COLUMNS)
      .from(quotations)
      .where(
        and(
          eq(quotations.customerId, customerId),
          ne(quotations.status, "draft"),
          byId ? eq(quotations.id, Number(ref.id)) : eq(quotations.number, ref.id),
        ),
      );
    const [r] = lock ? await found.for("update") : await found;
    if (!r) throw notFound();
    return r;
  }

  async function detail(ctx: Context, ref: QuotationRef): Promise<QuotationDetailAnswer> {
    return toDetail(await find(ctx, ref), ctx.lang, shopDay(new Date()));
  }

  /**
   * A usable quotation back into the cart: the cart's lines are replaced by the quoted lines, each carrying
   * the quotation (priced from its row by the cart and the order). Refused when expired, ordered or
   * cancelled, or when a line is no longer sold, out of stock or above the purchasable quantity; nothing
   * changes then. The quotation becomes 'accepted'.
   */
  async function toCart(ctx: Context, ref: QuotationRef): Promise<CartAnswer & { number: string }> {
    const statics = await cart.models.catalogue(ctx.lang);
    const number = await withTransaction(ctx.db, async (tx) => {
      const inTx = { ...ctx, db: tx };
      const c = await cart.cartRow(inTx, true);
      const r = await find(inTx, ref, true);
      const reason = unusableReason(r.status, r.valid_until, shopDay(new Date()));
      if (reason) throw refused(reason, { number: r.number });
      const lines = r.lines;
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
      await tx.delete(cartLines).where(eq(cartLines.cartId, c.id));
      await tx.insert(cartLines).values(
        // Inserted in reverse so that the newest-first cart shows the quotation's order; never after now(): a line a
        // later add inserts is newer than these (the cart lists its lines newest first).
        [...lines].reverse().map((l, i) => ({
          cartId: c.id,
          modelId: l.modelId,
          num: l.num,
          quotationId: r.id,
          createdAt: sql`now() - make_interval(secs => ${(lines.length - 1 - i) / 1000})`,
        })),
      );
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, c.id));
      await tx
        .update(quotations)
        .set({ status: "accepted" })
        .where(and(eq(quotations.id, r.id), eq(quotations.status, "open")));
      cartChanged([ctx.customer.id]);
      return r.number;
    });
    return { ...(await cart.view(ctx)), number };
  }

  /**
   * The customer cancels one of their usable quotations (open, or loaded into the cart, and not past its day;
   * decision 085). Under the quotation's row lock and guarded on the status, so a cancel racing an order that
   * uses the quotation leaves one winner. Cart lines loaded from it fall back to catalogue prices, as on expiry.
   */
  async function cancel(ctx: Context, ref: QuotationRef): Promise<QuotationDetailAnswer> {
    const customerId = ctx.customer.id;
    const today = shopDay(new Date());
    const row = await withTransaction(ctx.db, async (tx) => {
      const r = await find({ ...ctx, db: tx }, ref, true);
      const reason = unusableReason(r.status, r.valid_until, today);
      if (reason) throw refused(reason, { number: r.number });
      const [done] = await tx
        .update(quotations)
        .set({ status: "cancelled" })
        .where(and(eq(quotations.id, r.id), eq(quotations.customerId, customerId), inArray(quotations.status, ["open", "accepted"])))
        .returning(COLUMNS);
      if (!done) throw conflict("quotations.cancelled", { number: r.number });
      cartChanged([customerId]); // its lines in the cart go back to catalogue prices
      return done;
    });
    return toDetail(row, ctx.lang, today);
  }

  /** The caller's quotation as a PDF in the context's language, with the caller's details; another customer's is not found. */
  async function pdf(ctx: Context, ref: QuotationRef): Promise<PdfFile> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const qt = await detail(ctx, ref);
    const [c] = await q
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        company: customers.company,
        clientNumber: customers.clientNumber,
        email: customers.email,
        siret: customers.siret,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!c) throw notFound();
    const { firstName, lastName, ...rest } = c;
    return { number: qt.number, pdf: await quotationPdf(qt, { name: `${firstName} ${lastName}`, ...rest }, lang) };
  }

  return { create, list, detail, find, toCart, cancel, pdf };
}
