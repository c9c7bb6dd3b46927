// Placing the order (DESIGN §4b; decisions 070, 079, 080, 086, 110, 112). One transaction, in named steps:
//   claimKey        the idempotency key: a retry with the same key gets the order already placed
//   readApproval    the account's approval, read under a share lock: a staff refusal waits for the order or comes first;
//                   an order on account locks the row instead (its terms and outstanding are read under that lock)
//   lockCart        the cart row locked, in a statement of its own
//   readCart        its lines, address and coupon, its models and invoice address, read after the lock (so a cart
//                   that an order just emptied reads empty)
//   prepareOrder    prices from the catalogue (the customer's group price when lower), every rule checked by core, totals and freight: writes nothing
//   emptyCart       the cart's lines and coupon cleared
//   lockStock       the lines' stock rows locked in model id order and read afresh, checked by core
//   useCoupon       the coupon's use counted by a guarded update
//   numberOrder     the gap-free number and the order's id
//   takeStock       the units taken (the stock's CHECK constraint is the invariant's last guard)
//   insertOrder     the order and its line snapshots
//   useQuotations   the quotations whose price was used
//   spendCredit     the credit-note balance, when asked (decision 079)
//   chargeAccount   an order on account: the outstanding read under the customer's lock, the limit checked by core,
//                   the order confirmed and its invoice issued with its due date (decision 149)
//   finishKey, mail the stored answer and the confirmation e-mail, sent by the outbox after commit
// Statements that need no answer in between travel together (preparedStatements: one write, each statement still
// its own, run in order): claimKey to the reads, emptyCart to numberOrder, takeStock to the mail with the COMMIT.
// Any refusal throws and rolls all of it back, the key included. The rows other buyers queue on (stock rows,
// the coupon, the year's order sequence) are taken last, so they are held for as few round trips as possible.
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { finalStatements, idList, preparedStatements, unnamed, type Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { json, statement } from "#server/db/statement.ts";
import { withTransaction, isTransaction } from "#server/db/tx.ts";
import { carts, cartLines, coupons, idempotencyKeys, orderLines, orders, quotations } from "#server/db/schema/index.ts";
import { conflict, refused } from "#core/domain-errors.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { decOrZero } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { quantityProblem } from "#core/cart/availability.ts";
import { minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import { cartGoods, wantsRdv } from "#core/cart/totals.ts";
import type { CartConfig, CartTotals, Freight } from "#core/cart/types.ts";
import type { CreateOrderInput } from "#core/validation/cart.ts";
import { isDeliveryMode } from "#core/freight-tariff.ts";
import { amountDue } from "#core/documents/credit.ts";
import { CGV } from "#core/legal.ts";
import { orderMoney } from "#core/order-money.ts";
import { orderRefusal } from "#core/customers/approval.ts";
import { linePricing, type LinePricing } from "#core/orders/edit.ts";
import { orderConfirmationMail } from "#core/mail/order-mail.ts";
import type { OrderAddress } from "#core/order-view.ts";
import type { PlacedOrderAnswer } from "#core/contracts/orders.ts";
import type { Shop } from "#core/site.ts";
import { orderUrl } from "./order-mail.ts";
import { nextSequenceSql, type SequenceRow } from "#server/modules/numbering/numbering.service.ts";
import { formatDocumentNumber, numberingYear } from "#core/numbering.ts";
import { mailInsertSql } from "#server/modules/outbox/outbox.service.ts";
import type { CartModel } from "#server/modules/cart/cart-models.ts";
import {
  answerOf,
  cartParams,
  cartState,
  cartStateSql,
  type AddressSnapshot,
  type CartState,
  type CartStateRow,
  type PricedLine,
  pricedCartLine,
} from "#server/modules/cart/cart-view.ts";
import { lockCartsSql } from "#server/modules/cart/cart-rows.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { consumeCreditNotes } from "#server/modules/credit-notes/credit-notes.service.ts";
import { payWithCreditNotes } from "#server/modules/credit-notes/credit-payment.ts";
import { issueInvoice, type IssueOptions } from "#server/modules/invoices/invoice-issue.ts";
import { moveOrder } from "./order-transition.ts";
import { dueDate, ON_ACCOUNT_METHOD, onAccountDecision, shopDay } from "#core/customers/on-account.ts";
import { fromCents, toCents } from "#core/money.ts";
import { outstandingSql } from "#server/modules/customers/on-account.service.ts";
import { cartOrderModelsSql, orderModels, type OrderModelRow } from "./order-models.ts";
import { cartChanged } from "#server/modules/cart/cart-answers.ts";

import { cartGroupListSql, groupList, type GroupListRow } from "#server/modules/pricing/group-prices.ts";
import type { GroupPriceList } from "#core/pricing/group-prices.ts";

const ORDER_SCOPE = "order.place";

/** The answer, also stored with the idempotency key. */
type PlacedOrder = PlacedOrderAnswer;

/** The buyer: their id and the address of the confirmation e-mail (a SessionContext carries both). */
type Customer = { id: number; email: string };

/** use_credit may be left out by internal callers (false). */
type PlaceInput = Omit<CreateOrderInput, "use_credit" | "on_account"> & { use_credit?: boolean; on_account?: boolean };

type Key = { customerId: number; key: string; hash: string };

/** Everything the order writes, decided before the first write. */
type PreparedOrder = {
  lines: PricedLine[];
  /** The unit price each line is ordered at (the quoted one for a quoted line), by model id. */
  prices: Map<number, string>;
  /** What else priced each line (site price, promotion, measures), kept for an edit of the order (decision 140). */
  pricing: Map<number, LinePricing>;
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
  /** What delivery planning reads (decision 138): the cart's pallet and parcel counts, appointment, the route's toll. */
  planning: Pick<typeof orders.$inferInsert, "cartPallets" | "cartParcels" | "rdv" | "highwayTollHt">;
};

const requestHash = (input: PlaceInput) =>
  createHash("sha256")
    // use_credit and on_account join the hash only when asked, so keys taken before they existed keep their hash
    .update(
      JSON.stringify({
        note: input.note,
        ...(input.use_credit ? { use_credit: true } : {}),
        ...(input.on_account ? { on_account: true } : {}),
      }),
    )
    .digest("hex");

type PlacementDeps = {
  /** The shop's public origin for the e-mail's links (PUBLIC_URL). */
  publicUrl: string;
  /** The stores in a language (cached): a pickup order's e-mail names its store. */
  shops: (lang: Lang) => Promise<Shop[]>;
};

export function createOrderPlacementService(cart: CartService, deps: PlacementDeps) {
  async function place(ctx: Context<Customer>, input: PlaceInput): Promise<PlacedOrder> {
    const { db: pool, customer, lang } = ctx;
    // The use case owns its transaction: a caller's transaction would hold its locks past the commit below.
    if (isTransaction(pool)) throw new Error("order placement runs its own transaction: pass the pool");
    const conf = await cart.settings();
    const shops = await deps.shops(lang);
    const names = await cart.models.catalogue(lang); // names only: money is re-read in the transaction
    return withTransaction(pool, async (tx) => {
      const key: Key = { customerId: customer.id, key: input.idempotency_key, hash: requestHash(input) };
      const onAccount = input.on_account === true;
      // Credit notes and an order on account do not mix: the invoice on account is owed whole.
      if (onAccount && input.use_credit) throw refused("api.on_account_with_credit");
      const [taken, locked, cartRows, modelRows, groupRows, invoiceRows, [account], outstandingRows] = await preparedStatements<
        [unknown[], unknown[], CartStateRow[], OrderModelRow[], GroupListRow[], AddressSnapshot[], AccountRow[], { cents: number }[]]
      >(tx, [
        claimKeySql(key),
        // the cart row locked in a statement of its own (cart-rows.ts): the reads after it see its committed lines
        lockCartsSql([customer.id], false),
        cartStateSql(customer.id),
        cartOrderModelsSql(customer.id),
        // the customer's group and its list, whole in one statement: every line priced by one version of it
        cartGroupListSql({ customerId: customer.id }),
        invoiceAddressSql({ customerId: customer.id }),
        onAccount ? accountForUpdateSql({ customerId: customer.id }) : approvalSql({ customerId: customer.id }),
        // read after the lock above, in a statement of its own: it sees every order on account committed before
        onAccount ? outstandingSql({ customerId: customer.id }) : null,
      ]);
      if (taken.length === 0) {
        const earlier = await earlierOrder(tx, key);
        if (earlier) return earlier;
      }
      const notApproved = orderRefusal(account?.approval ?? "refused");
      if (notApproved) throw refused(notApproved);
      const state = locked.length && cartRows.length ? cartState(cartRows[0].head, cartRows[0].lines) : null;
      if (!state || state.lines.length === 0) throw refused("api.cart_empty");
      const models = orderModels(modelRows, names);
      const group = groupList(groupRows[0]);
      const order = await prepareOrder(tx, customer.id, state, models, group, invoiceRows[0] ?? null, input, conf, lang);
      if (onAccount) checkOnAccount(account, outstandingRows[0]?.cents ?? 0, order.money.totalTtc, lang);
      const numberingYearNow = numberingYear(new Date()); // one year for the sequence row and the number it gives

      const coupon = order.couponId === null ? null : { couponId: order.couponId, customerId: customer.id };
      const [, , stockRows, used, mine, [sequence], [{ id, at }]] = await preparedStatements<
        [unknown[], unknown[], StockRow[], unknown[], CustomerUsesRow[], SequenceRow[], { id: number; at: number }[]]
      >(tx, [
        emptyCartLinesSql({ cartId: state.row.id }),
        clearCartSql({ cartId: state.row.id }),
        lockStockSql(order.lines),
        coupon && useCouponSql(coupon),
        // after the coupon's row is locked, in a statement of its own: it sees the orders committed meanwhile
        coupon && customerCouponUsesSql(coupon),
        nextSequenceSql("order", numberingYearNow),
        orderIdSql({}),
      ]);
      checkStock(order.lines, stockRows);
      cartChanged([customer.id]);
      if (coupon && (used.length === 0 || !customerMayUse(mine[0]))) throw refused("api.coupon_unavailable");
      const placed = placedOrder(id, formatDocumentNumber("order", numberingYearNow, sequence.last_value), at, order);

      const writes = [
        takeStockSql(order.lines),
        insertOrderSql(customer.id, placed, order),
        insertLinesSql(tx, placed.id, order),
        order.usedQuotes.length ? useQuotationsSql(tx, customer.id, placed.id, order.usedQuotes) : null,
      ];
      // The key's answer and the e-mail are built once the answer is whole: spending credit changes the amounts due.
      // An order on account is confirmed by its invoice's e-mail (issueInvoice: the due date and the invoice).
      const last = () => [
        finishKeySql({ ...key, response: placed }),
        onAccount ? null : mailInsertSql(confirmationMail(customer.email, lang, placed, order, deps, shops)),
      ];
      if (input.use_credit) {
        await preparedStatements(tx, writes);
        await spendCredit(tx, customer.id, placed, { publicUrl: deps.publicUrl, lang });
        await finalStatements(tx, last());
      } else if (onAccount) {
        await preparedStatements(tx, writes);
        await chargeAccount(tx, placed, account.on_account_days, { publicUrl: deps.publicUrl, lang });
        await finalStatements(tx, last());
      } else await finalStatements(tx, [...writes, ...last()]);
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
    models: Map<number, CartModel>,
    group: GroupPriceList | null,
    invoice: AddressSnapshot | null,
    input: PlaceInput,
    conf: CartConfig,
    lang: Lang,
  ): Promise<PreparedOrder> {
    const { row, delivery, coupon } = state;
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
      lines.push({ model: m!, num: l.num, id: l.id, quote: lineQuote(quotes, l.quotation_id, l.model_id), group });
    }

    const pickup = row.pickup_method === 2;
    const mode = pickup ? "pickup" : row.delivery_mode;
    if (pickup && !row.shop_id) throw refused("validation.store_required");
    if (!pickup && !delivery) throw refused("validation.address_required");
    if (!pickup && (!isDeliveryMode(mode) || mode === "pickup")) throw refused("validation.delivery_method_required");
    if (row.coupon_id && !coupon?.valid) throw refused("api.coupon_unavailable");

    const priced = lines.map((l) => pricedCartLine(l, lang));
    const goods = cartGoods(priced);
    const withoutFreight = answerOf(priced, cartParams(row, delivery, coupon, null), conf, true, goods);
    // Quoted afresh from the tariff (an impossible mode is refused with its reason), never the stored JSON.
    const freight: Freight | null = pickup ? null : await cart.freightFor(tx, row, delivery, withoutFreight.totals);
    const params = cartParams(row, delivery, coupon, freight);
    const { totals, cart_list } = answerOf(priced, params, conf, true, goods);

    const minimum = minimumOrderShortfall(totals.cartTotalAmount, conf.minBuyPrice);
    if (minimum) throw refused("api.order_below_minimum", { amount: formatPrice(minimum.toFixed(2), lang, "HT") });

    // Invoice address (decision 086): the one chosen; a delivered order without one is invoiced to its delivery
    // address; a pickup order without one to the account, never to a delivery address left on the cart.
    return {
      lines,
      prices: new Map(cart_list.map((l) => [l.model_id, l.price])),
      pricing: new Map(cart_list.map((l) => [l.model_id, linePricing(l)])),
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
      planning: {
        cartPallets: pickup ? null : totals.palette_num,
        cartParcels: pickup ? null : totals.colis_qte,
        rdv: wantsRdv(params, conf),
        highwayTollHt: decOrZero(freight?.highway_toll_ht).round(2).toFixed(2),
      },
    };
  }

  return { place };
}

/** Takes the key for this request: a row answered when taken now, none when an earlier call holds it (earlierOrder). */
const claimKeySql = statement((k: Key, db) =>
  db
    .insert(idempotencyKeys)
    .values({ customerId: k.customerId, scope: ORDER_SCOPE, key: k.key, requestHash: k.hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id }),
);

const thisKey = (k: Key) =>
  and(eq(idempotencyKeys.customerId, k.customerId), eq(idempotencyKeys.scope, ORDER_SCOPE), eq(idempotencyKeys.key, k.key));

/**
 * The key was taken before: the order an earlier call with it placed, or null when the key is past its life and
 * starts over for this call. A concurrent twin waited on the key's unique index until the first call committed (then
 * finds its answer) or rolled back (then took the key itself).
 */
async function earlierOrder(tx: Db, k: Key): Promise<PlacedOrder | null> {
  const [row] = await tx
    .select({
      hash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
    })
    .from(idempotencyKeys)
    .where(thisKey(k))
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
      .where(thisKey(k));
    return null;
  }
  if (row.hash !== k.hash) throw refused("api.idempotency_key_reused");
  if (row.status !== "done" || !row.response) throw conflict("api.order_in_progress");
  return row.response as PlacedOrder;
}

/** The invoice address chosen on the customer's cart, when it is still theirs (ownAddress's rule). */
const invoiceAddressSql = statement(
  (p: { customerId: number }) => sql`
    select a.id, a.kind, a.title, a.first_name, a.last_name, a.company, a.line1, a.line2, a.zip_code, a.city, a.country, a.phone
    from carts c join addresses a on a.id = c.invoice_addr_id and a.customer_id = c.customer_id and a.deleted_at is null
    where c.customer_id = ${p.customerId}`,
);

/**
 * The account's approval (decision 143), read in the transaction, not from the session's cached row; the share lock
 * makes a staff decision on the account wait for this order, and this order wait for a decision being written.
 */
const approvalSql = statement((p: { customerId: number }) => sql`select approval from customers where id = ${p.customerId} for share`);

/** The account's approval and terms on account. */
export type AccountRow = { approval: string; on_account?: boolean; on_account_days: number; on_account_limit_cents: number };

/**
 * An order on account locks the customer's row (decision 149): orders on account of one customer, staff changing
 * their terms and staff recording a transfer queue on it, so the outstanding read next cannot change before commit.
 */
export const accountForUpdateSql = statement(
  (p: { customerId: number }) => sql`
    select approval, on_account, on_account_days, on_account_limit_cents from customers where id = ${p.customerId} for no key update`,
);

/** Refuses an order on account the customer's terms do not allow, or one above what their limit leaves. */
export function checkOnAccount(account: AccountRow, outstandingCents: number, totalTtc: string, lang: Lang) {
  const d = onAccountDecision(
    { allowed: account.on_account === true, days: account.on_account_days, limitCents: account.on_account_limit_cents },
    Number(outstandingCents),
    toCents(totalTtc),
  );
  if (d.ok) return;
  if (d.key === "api.on_account_limit_exceeded")
    throw refused(d.key, { amount: formatPrice(fromCents(d.availableCents), lang, "TTC"), total: formatPrice(totalTtc, lang, "TTC") });
  throw refused(d.key);
}

/** The order on account confirmed (no card step) and its invoice issued, due within the customer's term. */
async function chargeAccount(tx: Db, placed: PlacedOrder, days: number, opts: IssueOptions) {
  const moved = await moveOrder(tx, placed.id, {
    event: "pay",
    from: "unpaid",
    to: "processing",
    set: { paymentMethod: ON_ACCOUNT_METHOD },
    details: { method: ON_ACCOUNT_METHOD },
  });
  if (!moved) throw conflict("api.order_in_progress");
  await issueInvoice(tx, placed.id, { ...opts, dueOn: dueDate(shopDay(new Date()), days) });
  placed.status = "processing";
  placed.payment_method = ON_ACCOUNT_METHOD;
}

/** Refuses a line whose model is unknown, not for sale, short of stock or above its ceiling (core's rule, as read). */
function refuseUnavailable(m: Pick<CartModel, "reference" | "stock" | "purchasable_qty" | "not_for_sale"> | undefined, num: number) {
  const p = quantityProblem(m, num);
  if (p === "api.insufficient_stock") throw conflict(p, { ref: m!.reference, num: Math.max(0, m!.stock), count: Math.max(0, m!.stock) });
  if (p === "api.above_purchase_ceiling") throw refused(p, { ref: m!.reference, num: m!.purchasable_qty });
  if (p) throw refused(p, { ref: m?.reference ?? "" });
}

/** The cart emptied: its lines, then its coupon and note. */
const emptyCartLinesSql = statement((p: { cartId: number }, db) => db.delete(cartLines).where(eq(cartLines.cartId, p.cartId)));
const clearCartSql = statement((p: { cartId: number }, db) =>
  db
    .update(carts)
    .set({ couponId: null, note: null, updatedAt: sql`now()` })
    .where(eq(carts.id, p.cartId)),
);

/** What the stock statements read of a line: its model and quantity. */
type StockLine = { model: { id: number }; num: number };

/** The models of the lines, in model id order. */
const modelIds = (lines: readonly StockLine[]) => [...new Set(lines.map((l) => l.model.id))].sort((a, b) => a - b);

type StockRow = { id: number; stock: number };

/**
 * Locks the lines' stock rows in model id order (two orders sharing models queue instead of deadlocking) and reads
 * them afresh under the lock (DESIGN §4b guarded counters): the buyer who read the last units before another took
 * them is refused by checkStock, with the stock left.
 */
export const lockStockSql = (lines: readonly StockLine[]) => lockStock({ ids: modelIds(lines) });
const lockStock = statement(
  (p: { ids: number[] }) => sql`select id, stock from models where id = any(${idList(p.ids)}) order by id for no key update`,
);

function checkStock(lines: readonly PricedLine[], rows: readonly StockRow[]) {
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  for (const l of [...lines].sort((a, b) => a.model.id - b.model.id))
    refuseUnavailable({ ...l.model, stock: stock.get(l.model.id) ?? 0 }, l.num);
}

/**
 * Takes the units; the rows are locked and checked, and models_stock_ck (stock ≥ 0) fails the order rather than oversell.
 * Each model is found by its key (`id = any`): joined to the quantities alone, the planner scanned every model while
 * the order held the hot rows.
 */
export const takeStockSql = (lines: readonly StockLine[]) =>
  takeStock({ taken: lines.map((l) => ({ id: l.model.id, num: l.num })), ids: modelIds(lines) });
const takeStock = statement(
  (p: { taken: { id: number; num: number }[]; ids: number[] }) => sql`
    update models m set stock = m.stock - v.num
    from json_to_recordset(${json(p.taken)}::json) as v(id int, num int)
    where m.id = any(${idList(p.ids)}) and m.id = v.id`,
);

/**
 * Counts the coupon's use (a row answered), none when its last use went to another order meanwhile. The update
 * holds the coupon's row until the commit: every placement with this coupon passes here in turn.
 */
export const useCouponSql = statement((p: { couponId: number; customerId: number }, db) =>
  db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, p.couponId), sql`${coupons.uses} < ${coupons.maxUses}`))
    .returning({ id: coupons.id }),
);

export type CustomerUsesRow = { per_customer_uses: number | null; mine: number };

/**
 * The coupon's limit per customer and the customer's orders already placed with it (cancelled ones not counted),
 * read after useCouponSql: in a statement of its own, its snapshot holds every order committed while this one waited
 * for the coupon's row (a subquery of the update would keep the update's older snapshot).
 */
export const customerCouponUsesSql = statement(
  (p: { couponId: number; customerId: number }) => sql`
    select k.per_customer_uses,
           (select count(*)::int from orders o
            where o.customer_id = ${p.customerId} and o.coupon_id = k.id and o.status <> 'cancelled') as mine
    from coupons k where k.id = ${p.couponId}`,
);

/** The customer may use the coupon once more: no limit per customer, or their orders with it below it. */
export const customerMayUse = (r: CustomerUsesRow | undefined) =>
  r !== undefined && (r.per_customer_uses === null || r.mine < r.per_customer_uses);

/** The order's id, taken from its sequence, and the time it is placed at (ms). */
const orderIdSql = statement(
  () => sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id, (extract(epoch from now()) * 1000)::float8 as at`,
);

/** The answer of the order numbered `number` with id `id`, placed at `at` (ms), before any credit is spent. */
function placedOrder(id: number, number: string, at: number, o: PreparedOrder): PlacedOrder {
  const { money } = o;
  return {
    id,
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
    created_at: new Date(at).toISOString(),
    credit_used: "0.00",
    amount_due: money.totalTtc,
    payment_method: null,
  };
}

/** The order row's values, with the id and number taken by numberOrder. */
const insertOrderSql = (customerId: number, placed: PlacedOrder, o: PreparedOrder) =>
  insertOrder({
    id: placed.id,
    number: placed.number,
    customerId,
    pickupMethod: o.pickupMethod,
    deliveryMode: o.mode,
    shopId: o.shopId,
    deliveryAddress: o.delivery as Record<string, unknown> | null,
    invoiceAddress: o.invoice as Record<string, unknown> | null,
    totalHt: o.money.totalHt,
    totalTva: o.money.totalTva,
    totalTtc: o.money.totalTtc,
    freightHt: o.money.freightHt,
    freightTva: o.money.freightTva,
    discountAmount: o.money.discount,
    freightDiscountHt: o.money.freightDiscount,
    freightVatRate: o.money.freightVatRate,
    couponId: o.couponId,
    note: o.note,
    ...o.planning,
  });

const insertOrder = statement((r: Omit<typeof orders.$inferInsert, "status" | "cgvVersion" | "cgvAcceptedAt">, db) =>
  db.insert(orders).values({
    ...r,
    status: "unpaid",
    // The request carried the buyer's acceptance of the terms of sale (accept_cgv, required by the schema).
    cgvVersion: CGV.version,
    cgvAcceptedAt: sql`now()`,
  }),
);

/** The line snapshots (as many rows as lines: sent unnamed). */
function insertLinesSql(tx: Db, orderId: number, o: PreparedOrder) {
  const lineTotals = new Map(o.totals.lines.map((t) => [t.model_id, t]));
  return unnamed(
    tx.insert(orderLines).values(
      o.lines.map((p) => {
        const t = lineTotals.get(p.model.id)!;
        return {
          orderId,
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
          pricing: o.pricing.get(p.model.id) ?? null,
        };
      }),
    ),
  );
}

const useQuotationsSql = (tx: Db, customerId: number, orderId: number, ids: readonly number[]) =>
  unnamed(
    tx
      .update(quotations)
      .set({ status: "ordered", orderId })
      .where(
        and(inArray(quotations.id, [...ids]), eq(quotations.customerId, customerId), inArray(quotations.status, ["open", "accepted"])),
      ),
  );

/** Spends the credit-note balance on the order (decision 079); an order it covers whole is paid at once. */
async function spendCredit(tx: Db, customerId: number, placed: PlacedOrder, mail: IssueOptions) {
  const creditUsed = await consumeCreditNotes(tx, customerId, placed.id, placed.total_ttc);
  const due = amountDue(placed.total_ttc, creditUsed);
  const paidByCredit = decOrZero(creditUsed).sign() > 0 && decOrZero(due).sign() === 0;
  if (paidByCredit) await payWithCreditNotes(tx, placed.id, mail);
  placed.status = paidByCredit ? "processing" : "unpaid";
  placed.credit_used = creditUsed;
  placed.amount_due = due;
  placed.payment_method = paidByCredit ? "credit_note" : null;
}

/** Stores the answer with the key: a retry with the same key gets it as it is. */
const finishKeySql = statement((k: Key & { response: PlacedOrder }, db) =>
  db.update(idempotencyKeys).set({ status: "done", response: k.response }).where(thisKey(k)),
);

/** "Product name – model label" in the order's language (the snapshot kept on the line). */
const designation = (m: CartModel) => (m.label && m.label !== m.reference ? `${m.name} – ${m.label}` : m.name);

/** The confirmation e-mail, from what the order wrote (lines, delivery, money) and the answer (credit spent). */
function confirmationMail(to: string, lang: Lang, o: PlacedOrder, order: PreparedOrder, deps: PlacementDeps, shops: readonly Shop[]) {
  const t = order.totals;
  const lineTotals = new Map(t.lines.map((x) => [x.model_id, x]));
  const shop = order.shopId === null ? undefined : shops.find((s) => s.id === order.shopId);
  const mail = orderConfirmationMail(
    lang,
    {
      number: o.number,
      lines: order.lines.map((p) => ({
        reference: p.model.reference,
        designation: designation(p.model),
        unit: p.model.unit,
        num: p.num,
        line_ht: lineTotals.get(p.model.id)!.lineAmount,
        gifted_units: order.gifted.get(p.model.id) ?? 0,
      })),
      pickup_method: order.pickupMethod,
      delivery_mode: order.mode,
      delivery_address: order.delivery as OrderAddress | null,
      invoice_address: order.invoice as OrderAddress | null,
      shop: shop ? { name: shop.name, address: shop.address } : null,
      money: {
        goods_ht: t.totalAmount,
        discount_amount: o.discount_amount,
        freight_ht: o.freight_ht,
        freight_discount_ht: order.money.freightDiscount,
        total_ht: o.total_ht,
        vat: t.vat,
        total_tva: o.total_tva,
        total_ttc: o.total_ttc,
        credit_used: o.credit_used,
        amount_due: o.amount_due,
      },
    },
    o.status !== "unpaid",
    { order: orderUrl(deps.publicUrl, lang, o.number) },
  );
  return { to, ...mail };
}
