// Placing the order (DESIGN §4b; decisions 070, 079, 080, 086, 110). One transaction, in named steps:
//   claimKey        the idempotency key: a retry with the same key gets the order already placed
//   lockCart        the cart row locked, in a statement of its own
//   readCart        its lines, address and coupon, read after the lock (so a cart that an order just emptied reads empty)
//   prepareOrder    prices from the catalogue, every rule checked by core, totals and freight: writes nothing
//   emptyCart       the cart's lines and coupon cleared
//   takeStock       the lines' stock rows locked in model id order, checked afresh, then decremented
//   useCoupon       the coupon's use counted by a guarded update
//   insertOrder     the gap-free number, the order and its line snapshots
//   useQuotations   the quotations whose price was used
//   spendCredit     the credit-note balance, when asked (decision 079)
//   finishKey, mail the stored answer and the confirmation e-mail, sent by the outbox after commit
// Any refusal throws and rolls all of it back, the key included. The rows other buyers queue on (stock rows,
// the coupon, the year's order sequence) are taken last, so they are held for as few statements as possible.
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { finalStatement, query, type Db } from "#server/db/client.ts";
import { withTransaction, isTransaction } from "#server/db/tx.ts";
import { carts, cartLines, coupons, idempotencyKeys, orderLines, orders, quotations } from "#server/db/schema/index.ts";
import { conflict, refused } from "#core/domain-errors.ts";
import { translate, unitName, type Lang } from "#core/i18n/messages.ts";
import { Decimal, decOrZero, formatPrice } from "#core/money.ts";
import { quantityProblem } from "#core/cart/availability.ts";
import { minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import type { CartConfig, CartTotals, Freight } from "#core/cart/types.ts";
import type { CreateOrderInput } from "#core/validation/cart.ts";
import { isDeliveryMode } from "#core/freight-tariff.ts";
import { amountDue } from "#core/documents/credit.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { mailInsertSql } from "#server/modules/outbox/outbox.service.ts";
import type { CartModel, StaticModel } from "#server/modules/cart/cart-models.ts";
import { buildAnswer, cartParams, loadCart, ownAddress, type CartState, type PricedLine } from "#server/modules/cart/cart-view.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { consumeCreditNotes } from "#server/modules/documents/documents.service.ts";
import { payWithCreditNotes } from "#server/modules/documents/credit-payment.ts";
import { readOrderModels } from "./order-models.ts";

export const ORDER_SCOPE = "order.place";

export type PlacedOrder = {
  id: number;
  number: string;
  status: string;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
  freight_ht: string;
  freight_tva: string;
  discount_amount: string;
  pickup_method: number;
  lines: number;
  created_at: string;
  /** Credit-note balance spent on this order (decision 079); 0.00 without. */
  credit_used: string;
  /** What is left to pay by card: total_ttc − credit_used; 0.00 when the credit paid it all (status processing). */
  amount_due: string;
  payment_method: string | null;
};

type Customer = { id: number; email: string };

/** use_credit may be left out by internal callers (false). */
type PlaceInput = Omit<CreateOrderInput, "use_credit"> & { use_credit?: boolean };

type Key = { customerId: number; key: string; hash: string };

/** Everything the order writes, decided before the first write. */
type PreparedOrder = {
  lines: PricedLine[];
  /** The unit price each line is ordered at (the quoted one for a quoted line), by model id. */
  prices: Map<number, string>;
  gifted: Map<number, number>;
  totals: CartTotals;
  money: ReturnType<typeof orderMoney>;
  pickupMethod: number;
  mode: string | null;
  shopId: number | null;
  delivery: object | null;
  invoice: object | null;
  couponId: number | null;
  note: string | null;
  usedQuotes: number[];
};

const requestHash = (input: PlaceInput) =>
  createHash("sha256")
    // use_credit joins the hash only when asked, so keys taken before it existed keep their hash
    .update(JSON.stringify(input.use_credit ? { note: input.note, use_credit: true } : { note: input.note }))
    .digest("hex");

export function createOrderPlacementService(cart: CartService) {
  async function place(pool: Db, customer: Customer, input: PlaceInput, lang: Lang): Promise<PlacedOrder> {
    // The use case owns its transaction: a caller's transaction would hold its locks past the commit below.
    if (isTransaction(pool)) throw new Error("order placement runs its own transaction: pass the pool");
    const conf = await cart.settings();
    const names = await cart.models.catalogue(lang); // names only: money is re-read in the transaction
    return withTransaction(pool, async (tx) => {
      const key: Key = { customerId: customer.id, key: input.idempotency_key, hash: requestHash(input) };
      const earlier = await claimKey(tx, key);
      if (earlier) return earlier;
      const cartId = await lockCart(tx, customer.id);
      const state = cartId === null ? null : await readCart(tx, customer.id);
      if (!state || state.lines.length === 0) throw refused("api.cart_empty");
      const order = await prepareOrder(tx, customer.id, state, input, conf, names, lang);
      await emptyCart(tx, state.row.id);
      await takeStock(tx, order.lines);
      if (order.couponId !== null) await useCoupon(tx, order.couponId);
      const placed = await insertOrder(tx, customer.id, order);
      await useQuotations(tx, customer.id, placed.id, order.usedQuotes);
      if (input.use_credit) await spendCredit(tx, customer.id, placed);
      await finishKey(tx, key, placed);
      await finalStatement(tx, mailInsertSql(confirmationMail(customer.email, lang, placed, order)));
      return placed;
    });
  }

  /**
   * Prices every line from the catalogue as it is now (a quoted line at its quotation's price), checks the
   * order's rules (availability as read, store or address and delivery mode, coupon, minimum amount) and
   * computes its totals, freight quoted afresh from the tariff. Writes nothing.
   */
  async function prepareOrder(
    tx: Db,
    customerId: number,
    state: CartState,
    input: PlaceInput,
    conf: CartConfig,
    names: Map<number, StaticModel>,
    lang: Lang,
  ): Promise<PreparedOrder> {
    const { row, delivery, coupon } = state;
    const models = await readOrderModels(
      tx,
      state.lines.map((l) => l.model_id),
      names,
    );
    const quotes = await cartQuotes(
      tx,
      customerId,
      state.lines.map((l) => l.quotation_id),
      true,
    );
    const lines: PricedLine[] = [];
    for (const l of [...state.lines].sort((a, b) => a.model_id - b.model_id)) {
      const m = models.get(l.model_id);
      refuseUnavailable(m, l.num);
      lines.push({ model: m!, num: l.num, id: l.id, quote: lineQuote(quotes, l.quotation_id, l.model_id) });
    }

    const pickup = row.pickup_method === 2;
    const mode = pickup ? "pickup" : row.delivery_mode;
    if (pickup && !row.shop_id) throw refused("validation.store_required");
    if (!pickup && !delivery) throw refused("validation.address_required");
    if (!pickup && (!isDeliveryMode(mode) || mode === "pickup")) throw refused("validation.delivery_method_required");
    if (row.coupon_id && !coupon?.valid) throw refused("api.coupon_unavailable");

    const withoutFreight = buildAnswer(lines, cartParams(row, delivery, coupon, null), conf, lang, true);
    // Quoted afresh from the tariff (an impossible mode is refused with its reason), never the stored JSON.
    const freight: Freight | null = pickup ? null : await cart.freightFor(tx, row, delivery, withoutFreight.totals);
    const { totals, cart_list } = buildAnswer(lines, cartParams(row, delivery, coupon, freight), conf, lang, true);

    const minimum = minimumOrderShortfall(totals.cartTotalAmount, conf.minBuyPrice);
    if (minimum) throw refused("api.order_below_minimum", { amount: formatPrice(minimum.toFixed(2), lang, "HT") });

    // Invoice address (decision 086): the one chosen; a delivered order without one is invoiced to its delivery
    // address; a pickup order without one to the account, never to a delivery address left on the cart.
    const invoice = await ownAddress(tx, customerId, row.invoice_addr_id);
    return {
      lines,
      prices: new Map(cart_list.map((l) => [l.model_id, l.price])),
      gifted: new Map(cart_list.map((l) => [l.model_id, l.gifted_units])),
      totals,
      money: orderMoney(totals),
      pickupMethod: row.pickup_method,
      mode,
      shopId: pickup ? row.shop_id : null,
      delivery: pickup ? null : delivery,
      invoice: invoice ?? (pickup ? null : delivery),
      // A coupon counts as used only when it took something off (below its minimum it does not apply).
      couponId: coupon && decOrZero(totals.discountAmount).sign() !== 0 ? coupon.id : null,
      note: input.note || row.note || null, // the request's, else the one saved at checkout
      // A quotation whose price was used is used up (decision 080).
      usedQuotes: [...new Set(cart_list.filter((l) => l.quoted).map((l) => l.quotation_id!))],
    };
  }

  return { place };
}

/**
 * Takes the key for this request. Null: taken now, go on. Otherwise the order an earlier call with this key
 * placed. A concurrent twin waits on the key's unique index until the first call commits (then finds its
 * answer) or rolls back (then takes the key itself).
 */
async function claimKey(tx: Db, k: Key): Promise<PlacedOrder | null> {
  const taken = await tx
    .insert(idempotencyKeys)
    .values({ customerId: k.customerId, scope: ORDER_SCOPE, key: k.key, requestHash: k.hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (taken.length > 0) return null;
  const thisKey = and(eq(idempotencyKeys.customerId, k.customerId), eq(idempotencyKeys.scope, ORDER_SCOPE), eq(idempotencyKeys.key, k.key));
  const [row] = await tx
    .select({
      hash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
    })
    .from(idempotencyKeys)
    .where(thisKey)
    .for("update");
  if (row.expired) {
    // A key past its life starts over (decision 066: keys are kept 24 hours).
    await tx
      .update(idempotencyKeys)
      .set({
        requestHash: k.hash,
        status: "in_progress",
        response: null,
        createdAt: sql`now()`,
        expiresAt: sql`now() + interval '24 hours'`,
      })
      .where(thisKey);
    return null;
  }
  if (row.hash !== k.hash) throw refused("api.idempotency_key_reused");
  if (row.status !== "done" || !row.response) throw conflict("api.order_in_progress");
  return row.response as PlacedOrder;
}

/**
 * Locks the customer's cart row until commit (null: no cart). A statement of its own: under READ COMMITTED a
 * statement that waits for this lock would read the cart's lines as they were when it started, so an order
 * racing another order of the same cart would place lines the first one already took. Every write of a cart
 * takes this lock first, so the lines read next are one consistent state of the cart.
 */
async function lockCart(tx: Db, customerId: number): Promise<number | null> {
  const [row] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)).for("update");
  return row?.id ?? null;
}

/** The locked cart with its lines, address and coupon, read by a statement that starts after the lock was taken. */
const readCart = (tx: Db, customerId: number) => loadCart(tx, customerId);

/** Refuses a line whose model is unknown, not for sale, short of stock or above its ceiling (core's rule, as read). */
function refuseUnavailable(m: Pick<CartModel, "reference" | "stock" | "purchasable_qty" | "not_for_sale"> | undefined, num: number) {
  const p = quantityProblem(m, num);
  if (p === "api.insufficient_stock") throw conflict(p, { ref: m!.reference, num: Math.max(0, m!.stock) });
  if (p === "api.above_purchase_ceiling") throw refused(p, { ref: m!.reference, num: m!.purchasable_qty });
  if (p) throw refused(p, { ref: m?.reference ?? "" });
}

async function emptyCart(tx: Db, cartId: number) {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx
    .update(carts)
    .set({ couponId: null, note: null, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Takes each line's units from stock (DESIGN §4b guarded counters). The stock rows are locked in model id order
 * (two orders sharing models queue instead of deadlocking) and read afresh under the lock: the buyer who read the
 * last units before another took them is refused here, with the stock left. The guarded update then protects the
 * invariant (stock never below zero) whatever happens above it.
 */
async function takeStock(tx: Db, lines: readonly PricedLine[]) {
  const wanted = [...lines].sort((a, b) => a.model.id - b.model.id);
  const live = await query<{ id: number; stock: number }>(
    tx,
    sql`select id, stock from models where id in (${sql.join(
      wanted.map((l) => sql`${l.model.id}`),
      sql`, `,
    )}) order by id for no key update`,
  );
  const stock = new Map(live.map((r) => [r.id, r.stock]));
  for (const l of wanted) refuseUnavailable({ ...l.model, stock: stock.get(l.model.id) ?? 0 }, l.num);
  const values = sql.join(
    wanted.map((l) => sql`(${l.model.id}::int, ${l.num}::int)`),
    sql`, `,
  );
  const taken = await query<{ id: number }>(
    tx,
    sql`update models set stock = stock - v.num from (values ${values}) v(id, num)
        where models.id = v.id and models.stock >= v.num returning models.id`,
  );
  if (taken.length !== wanted.length) throw new Error("stock taken under its lock fell short");
}

/** Counts the coupon's use; refused when its last use went to another order meanwhile. */
async function useCoupon(tx: Db, couponId: number) {
  const used = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.uses} < ${coupons.maxUses}`))
    .returning({ id: coupons.id });
  if (used.length === 0) throw refused("api.coupon_unavailable");
}

/** Numbers the order (the year's sequence row stays locked until commit: call it late) and writes it with its lines. */
async function insertOrder(tx: Db, customerId: number, o: PreparedOrder): Promise<PlacedOrder> {
  const number = await nextNumber(tx, "order");
  const { money } = o;
  const [row] = await tx
    .insert(orders)
    .values({
      number,
      customerId,
      status: "unpaid",
      pickupMethod: o.pickupMethod,
      deliveryMode: o.mode,
      shopId: o.shopId,
      deliveryAddress: o.delivery as Record<string, unknown> | null,
      invoiceAddress: o.invoice as Record<string, unknown> | null,
      totalHt: money.totalHt,
      totalTva: money.totalTva,
      totalTtc: money.totalTtc,
      freightHt: money.freightHt,
      freightTva: money.freightTva,
      discountAmount: money.discount,
      couponId: o.couponId,
      note: o.note,
    })
    .returning({ id: orders.id, createdAt: orders.createdAt });
  const lineTotals = new Map(o.totals.lines.map((t) => [t.model_id, t]));
  await tx.insert(orderLines).values(
    o.lines.map((p) => {
      const t = lineTotals.get(p.model.id)!;
      return {
        orderId: row.id,
        modelId: p.model.id,
        reference: p.model.reference,
        designation: designation(p.model),
        unit: p.model.unit,
        price: o.prices.get(p.model.id)!,
        num: p.num,
        tva: p.model.tva,
        remise: t.remise,
        lineHt: t.lineAmount,
        giftedUnits: o.gifted.get(p.model.id) ?? 0,
      };
    }),
  );
  return {
    id: row.id,
    number,
    status: "unpaid",
    total_ht: money.totalHt,
    total_tva: money.totalTva,
    total_ttc: money.totalTtc,
    freight_ht: money.freightHt,
    freight_tva: money.freightTva,
    discount_amount: money.discount,
    pickup_method: o.pickupMethod,
    lines: o.lines.length,
    created_at: new Date(row.createdAt).toISOString(),
    credit_used: "0.00",
    amount_due: money.totalTtc,
    payment_method: null,
  };
}

async function useQuotations(tx: Db, customerId: number, orderId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(quotations)
    .set({ status: "ordered", orderId })
    .where(and(inArray(quotations.id, [...ids]), eq(quotations.customerId, customerId), inArray(quotations.status, ["open", "accepted"])));
}

/** Spends the credit-note balance on the order (decision 079); an order it covers whole is paid at once. */
async function spendCredit(tx: Db, customerId: number, placed: PlacedOrder) {
  const creditUsed = await consumeCreditNotes(tx, customerId, placed.id, placed.total_ttc);
  const due = amountDue(placed.total_ttc, creditUsed);
  const paidByCredit = decOrZero(creditUsed).sign() > 0 && decOrZero(due).sign() === 0;
  if (paidByCredit) await payWithCreditNotes(tx, placed.id);
  placed.status = paidByCredit ? "processing" : "unpaid";
  placed.credit_used = creditUsed;
  placed.amount_due = due;
  placed.payment_method = paidByCredit ? "credit_note" : null;
}

/** Stores the answer with the key: a retry with the same key gets it as it is. */
async function finishKey(tx: Db, k: Key, placed: PlacedOrder) {
  await tx
    .update(idempotencyKeys)
    .set({ status: "done", response: placed })
    .where(and(eq(idempotencyKeys.customerId, k.customerId), eq(idempotencyKeys.scope, ORDER_SCOPE), eq(idempotencyKeys.key, k.key)));
}

/** "Product name – model label" in the order's language (the snapshot kept on the line). */
const designation = (m: CartModel) => (m.label && m.label !== m.reference ? `${m.name} – ${m.label}` : m.name);

/** The order's stored amounts (schema 0008): all non-negative, total_ttc = total_ht + total_tva exactly. */
export function orderMoney(t: CartTotals) {
  const freightHt = decOrZero(t.freightHt).plus(decOrZero(t.tollHt)).plus(decOrZero(t.rdvHt)).plus(decOrZero(t.appliedFreightDiscountHt));
  const freightTva = decOrZero(t.freightTva).plus(decOrZero(t.tollTva)).plus(decOrZero(t.rdvTva)).plus(decOrZero(t.freightDiscountTva));
  const totalHt = decOrZero(t.grandTotalHt);
  const totalTva = decOrZero(t.grandTotalTva);
  return {
    totalHt: totalHt.toFixed(2),
    totalTva: totalTva.toFixed(2),
    totalTtc: totalHt.plus(totalTva).toFixed(2),
    freightHt: freightHt.toFixed(2),
    freightTva: (freightTva.sign() < 0 ? Decimal.ZERO : freightTva).toFixed(2),
    discount: decOrZero(t.discountAmount).negated().toFixed(2),
  };
}

function confirmationMail(to: string, lang: Lang, o: PlacedOrder, order: PreparedOrder) {
  const eur = (v: string) => formatPrice(v, lang);
  const t = order.totals;
  const rows = order.lines.map((p) => {
    const lt = t.lines.find((x) => x.model_id === p.model.id)!;
    return translate(lang, "orders.mail_line", {
      ref: p.model.reference,
      name: designation(p.model),
      num: p.num,
      unit: unitName(lang, p.model.unit, p.num),
      amount: eur(lt.lineAmount),
    });
  });
  const vars = {
    number: o.number,
    lines: rows.join("\n"),
    goods: eur(t.totalAmount),
    discount: eur(o.discount_amount),
    freight: eur(o.freight_ht),
    total_ht: eur(o.total_ht),
    total_tva: eur(o.total_tva),
    total_ttc: eur(o.total_ttc),
  };
  return {
    to,
    subject: translate(lang, "orders.mail_confirm_subject", vars),
    text: translate(lang, "orders.mail_confirm_text", vars),
  };
}
