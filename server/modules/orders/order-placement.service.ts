// Placing the order (issue 10 item 6; DESIGN §4b; decisions 070, 087, 093, 106). One transaction: the idempotency
// key, the cart row, every price re-read from the catalogue, the minimum order amount, then one final statement
// with the guarded stock and coupon counters (stock rows locked in id order), the gap-free number, the order
// and its snapshots, the cart emptied and the confirmation e-mail in the outbox, sent with its COMMIT. Any
// refusal rolls all of it back, the key included: the final statement raises when a guard fails.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { finalStatement, preparedQuery, query, type Db } from "#server/db/client.ts";
import { isTransaction, withTransaction } from "#server/db/tx.ts";
import { conflict, refused } from "#core/domain-errors.ts";
import { translate, unitName, type Lang } from "#core/i18n/messages.ts";
import { Decimal, decOrZero, formatPrice } from "#core/money.ts";
import { quantityProblem } from "#core/cart/availability.ts";
import type { CartTotals, Freight } from "#core/cart/types.ts";
import type { CreateOrderInput } from "#core/validation/cart.ts";
import { nextNumberSql } from "#server/modules/numbering/numbering.service.ts";
import { mailInsertFromSql } from "#server/modules/outbox/outbox.service.ts";
import { orderModelsSql, type CartModel, type OrderModelRow } from "#server/modules/cart/cart-models.ts";
import {
  buildAnswer,
  cartParams,
  cartState,
  cartStateSql,
  ownAddress,
  parsed,
  type CartStateRow,
  type PricedLine,
} from "#server/modules/cart/cart-view.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { isDeliveryMode } from "#core/freight-tariff.ts";
import { amountDue } from "#core/documents/credit.ts";
import { consumeCreditNotes } from "#server/modules/documents/documents.service.ts";
import { payWithCreditNotes } from "#server/modules/documents/credit-payment.ts";

export const ORDER_SCOPE = "order.place";
/** Stands for the order number in the e-mail until the final statement has taken it (decision 093). */
const NUMBER_TOKEN = "⟦order-number⟧";

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

const requestHash = (input: PlaceInput) =>
  createHash("sha256")
    // use_credit joins the hash only when asked, so keys taken before it existed keep their hash
    .update(JSON.stringify(input.use_credit ? { note: input.note, use_credit: true } : { note: input.note }))
    .digest("hex");

export function createOrderPlacementService(cart: CartService) {
  /**
   * The order's first statement (decision 097): takes the key for this request (`insertKey`), then, when it
   * was taken, locks the cart row and reads it with its address, coupon, lines and the lines' models (money,
   * stock and flags, without locks: decision 093). The key comes first (the CTE is read before the cart's
   * lateral part), as in every order: a concurrent twin waits on the key's unique index until the first
   * commits or rolls back, and never holds the cart meanwhile. `key_now` (the transaction's time, the
   * order's created_at) is null when the key was already there; `head` is null when there is no cart (or no key).
   */
  async function readOrder(tx: Db, customerId: number, key: string, hash: string, insertKey: boolean) {
    const k = insertKey
      ? sql`insert into idempotency_keys (customer_id, scope, key, request_hash) values (${customerId}, ${ORDER_SCOPE}, ${key}, ${hash})
            on conflict (customer_id, scope, key) do nothing returning now() as now`
      : sql`select now() as now`;
    const cartPart = cartStateSql(customerId, {
      lock: true,
      lines: true,
      extra: sql`${orderModelsSql(sql`c.id`)} as models_json`,
      when: sql`k.now is not null`,
    });
    const [r] = await preparedQuery<
      { [K in keyof CartStateRow]: CartStateRow[K] | null } & {
        key_now: Date | string | null;
        models_json: OrderModelRow[] | string | null;
      }
    >(
      tx,
      // The cart triggers leave their notices out for the rest of the transaction (the mark of migration 0026): the
      // order's stock notice, which every order sends, already drops every cart answer in every process
      // (services.ts), and a NOTIFY's trigger is PostgreSQL work in the middle of the serialized part (decision 106).
      sql`with k as (${k}) select k.now as key_now, set_config('comptoir.cart_notice', 'after_commit', true) as cart_notice, c.*
          from (select 1) one left join k on true left join lateral (${cartPart}) c on true`,
    );
    const { key_now, models_json, head, lines } = r;
    return {
      now: key_now,
      state: head === null ? null : cartState(head, lines),
      models: parsed(models_json) ?? [],
    };
  }

  /** A key already taken: the answer stored by the call that placed the order, or (past its life) the key again. */
  async function existingKey(tx: Db, customerId: number, key: string, hash: string): Promise<{ now: Date | string } | PlacedOrder> {
    const [row] = await query<{ request_hash: string; status: string; response: PlacedOrder | null; expired: boolean; now: Date | string }>(
      tx,
      sql`
      select request_hash, status, response, expires_at <= now() as expired, now() as now from idempotency_keys
      where customer_id = ${customerId} and scope = ${ORDER_SCOPE} and key = ${key} for update`,
    );
    if (row.expired) {
      // A key past its life starts over (decision 066: keys are kept 24 hours).
      await query(
        tx,
        sql`update idempotency_keys set request_hash = ${hash}, status = 'in_progress', response = null,
        created_at = now(), expires_at = now() + interval '24 hours' where customer_id = ${customerId} and scope = ${ORDER_SCOPE} and key = ${key}`,
      );
      return { now: row.now };
    }
    if (row.request_hash !== hash) throw refused("api.idempotency_key_reused");
    if (row.status !== "done" || !row.response) throw conflict("api.order_in_progress");
    return typeof row.response === "string" ? (JSON.parse(row.response) as PlacedOrder) : row.response;
  }

  /**
   * Every buyer of a hot model queues on its row lock, and every order on the sequence row, from the moment
   * they are taken to the commit: both are taken by the final statement only, so they are held for that
   * statement and the commit, never across a round trip (decision 093; decision 087 before it); on PostgreSQL
   * the commit is sent with it (decision 106), so they are not held until this process reads its result either.
   */
  async function place(q: Db, customer: Customer, input: PlaceInput, lang: Lang): Promise<PlacedOrder> {
    // The use case owns its transaction: its final statement commits it, and a refusal is explained after the rollback.
    if (isTransaction(q)) throw new Error("order placement runs its own transaction: pass the pool");
    const conf = await cart.settings();
    const statics = await cart.models.catalogue(lang); // names only: money is re-read in the transaction below
    return withTransaction(q, async (tx) => {
      const hash = requestHash(input);
      let read = await readOrder(tx, customer.id, input.idempotency_key, hash, true);
      if (read.now === null) {
        const taken = await existingKey(tx, customer.id, input.idempotency_key, hash);
        if (!("now" in taken)) return taken;
        read = { ...(await readOrder(tx, customer.id, input.idempotency_key, hash, false)), now: taken.now };
      }
      const state = read.state;
      if (!state || state.lines.length === 0) throw refused("api.cart_empty");
      const { row, delivery, coupon, lines: cartLines } = state;
      const invoice = await ownAddress(tx, customer.id, row.invoice_addr_id);
      const pickup = row.pickup_method === 2;
      const mode = pickup ? "pickup" : row.delivery_mode;
      const models = cart.models.forOrder(read.models, statics);
      // Quotations behind lines, locked (the customer's own rows: no other buyer waits on them): the quoted price
      // is read from their rows, and used up below.
      const quotes = await cartQuotes(
        tx,
        customer.id,
        cartLines.map((l) => l.quotation_id),
        true,
      );
      const priced: PricedLine[] = [];
      for (const l of [...cartLines].sort((a, b) => a.model_id - b.model_id)) {
        const m = models.get(l.model_id);
        const p = quantityProblem(m, l.num);
        if (p === "api.insufficient_stock") throw conflict(p, { ref: m!.reference, num: m!.stock });
        if (p === "api.above_purchase_ceiling") throw refused(p, { ref: m!.reference, num: m!.purchasable_qty });
        if (p) throw refused(p, { ref: m?.reference ?? "" });
        priced.push({ model: m!, num: l.num, id: l.id, quote: lineQuote(quotes, l.quotation_id, l.model_id) });
      }

      if (pickup && !row.shop_id) throw refused("validation.store_required");
      if (!pickup && !delivery) throw refused("validation.address_required");
      if (!pickup && (!isDeliveryMode(mode) || mode === "pickup")) throw refused("validation.delivery_method_required");
      if (row.coupon_id && !coupon?.valid) throw refused("api.coupon_unavailable");

      const pre = buildAnswer(priced, cartParams(row, delivery, coupon, null), conf, lang, true);
      // Quoted afresh from the tariff (an impossible mode is refused with its reason), never the stored JSON.
      const freight: Freight | null = pickup ? null : await cart.freightFor(tx, row, delivery, pre.totals);
      const { totals, cart_list } = buildAnswer(priced, cartParams(row, delivery, coupon, freight), conf, lang, true);

      const minimum = decOrZero(conf.minBuyPrice as string | number | null | undefined);
      if (decOrZero(totals.cartTotalAmount).lt(minimum)) {
        throw refused("api.order_below_minimum", { amount: formatPrice(minimum.toFixed(2), lang, "HT") });
      }
      // A coupon counts as used only when it took something off (below its minimum it does not apply).
      const couponUsed = coupon && decOrZero(totals.discountAmount).sign() !== 0 ? coupon.id : null; // kept on the order: its expiry gives the use back (decision 077)
      // Invoice address (decision 086): the one chosen; a delivered order without one is invoiced to its
      // delivery address; a pickup order without one to the account (company, client number, SIRET), never to
      // a delivery address left on the cart from an earlier choice, which is not part of a pickup order.
      const billed = invoice ?? (pickup ? null : delivery);
      const invoiceSnapshot = billed ? JSON.stringify(billed) : null;
      const note = input.note || row.note || null; // the request's, else the one saved at checkout
      const money = orderMoney(totals);
      // A quotation whose price was used is used up (decision 080).
      const usedQuotes = [...new Set(cart_list.filter((l) => l.quoted).map((l) => l.quotation_id!))];

      const placed: PlacedOrder = {
        id: 0, // the order's, given by the insert below
        number: NUMBER_TOKEN, // taken by the final statement
        status: "unpaid",
        total_ht: money.totalHt,
        total_tva: money.totalTva,
        total_ttc: money.totalTtc,
        freight_ht: money.freightHt,
        freight_tva: money.freightTva,
        discount_amount: money.discount,
        pickup_method: row.pickup_method,
        lines: priced.length,
        created_at: new Date(read.now!).toISOString(), // now(): the transaction's time, the order's created_at
        credit_used: "0.00",
        amount_due: money.totalTtc,
        payment_method: null,
      };
      const lineTotals = new Map(totals.lines.map((t) => [t.model_id, t]));
      const orderLines = sql.join(
        priced.map((p, i) => {
          const t = lineTotals.get(p.model.id)!;
          const price = cart_list[i].price; // the quoted unit price for a quoted line
          return sql`(${p.model.id}::int, ${p.model.reference}, ${designation(p.model)}, ${p.model.unit}, ${price}::numeric, ${p.num}::int, ${p.model.tva}::numeric, ${t.remise}::numeric, ${t.lineAmount}::numeric, ${cart_list[i].gifted_units}::int)`;
        }),
        sql`, `,
      );
      // Guarded counters (DESIGN §4b): one UPDATE per line, in model id order (`priced` is sorted), each after
      // the one before it has its row (it reads it), so two orders sharing models queue instead of deadlocking.
      // Each row is locked once: a locking read of the same rows in the statement deadlocked under load.
      const stockParts = priced.map(
        (p, i) => sql`${sql.raw(`s${i}`)} as (update models set stock = stock - ${p.num}::int
          where id = ${p.model.id}::int and stock >= ${p.num}::int ${i > 0 ? sql.raw(`and exists (select 1 from s${i - 1})`) : sql``} returning id),`,
      );
      const stocked = sql.raw(priced.map((_, i) => `select id from s${i}`).join(" union all "));
      // The stored answer and the e-mail, with the order's id and number (`o`). The credit balance (decision
      // 079) needs the order row first: with it they are written by a second statement, built then (the answer
      // changes with the credit used).
      const finish = () => sql`,
        done as (update idempotency_keys set status = 'done',
                 response = jsonb_set(jsonb_set(${JSON.stringify(placed)}::jsonb, '{id}', to_jsonb(o.id)), '{number}', to_jsonb(o.number))
                 from o where customer_id = ${customer.id} and scope = ${ORDER_SCOPE} and key = ${input.idempotency_key}),
        mail as (${mailInsertFromSql(confirmationMail(customer.email, lang, placed, priced, totals), NUMBER_TOKEN, sql`o.number`, sql`o`)})`;
      // The only statement that locks rows other buyers wait for (decision 093), sent with the commit (decision
      // 106; with credit notes to spend, the commit waits for them): the stock rows in id order, then the coupon,
      // then the sequence row, each part after the one it reads. A failed guard takes no number, every write hangs
      // on the order row (`o`), and without it the statement raises (comptoir_order_refused, migration 0027): the
      // transaction is rolled back, stock taken by earlier parts included, and `place` says why. The coupon and
      // quotation parts are left out when unused: their statement triggers fire even for no row, and the coupons'
      // notice makes every process drop every cart answer (decision 097).
      const [written] = await (input.use_credit ? preparedQuery : finalStatement)<{ id: number; number: string }>(
        tx,
        sql`
        with ${sql.join(stockParts, sql` `)}
        stock as (${stocked}),
        ${
          couponUsed === null
            ? sql``
            : sql`coupon as (
          update coupons set uses = uses + 1
          where id = ${couponUsed} and uses < max_uses and (select count(*) from stock) = ${priced.length} returning id),`
        }
        seq as (${nextNumberSql("order", sql`(select count(*) from stock) = ${priced.length} ${couponUsed === null ? sql`` : sql`and exists (select 1 from coupon)`}`)}),
        o as (
          insert into orders (number, customer_id, status, pickup_method, delivery_mode, shop_id, delivery_address, invoice_address,
                              total_ht, total_tva, total_ttc, freight_ht, freight_tva, discount_amount, coupon_id, note)
          select seq.number, ${customer.id}::int, 'unpaid', ${row.pickup_method}::int, ${mode}::text, ${pickup ? row.shop_id : null}::int,
                 ${delivery && !pickup ? JSON.stringify(delivery) : null}::jsonb, ${invoiceSnapshot}::jsonb,
                 ${money.totalHt}::numeric, ${money.totalTva}::numeric, ${money.totalTtc}::numeric, ${money.freightHt}::numeric,
                 ${money.freightTva}::numeric, ${money.discount}::numeric, ${couponUsed}::int, ${note}::text
          from seq
          returning id, number),
        lines as (
          insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, remise, line_ht, gifted_units)
          select o.id, v.* from o, (values ${orderLines}) v),
        ${
          usedQuotes.length === 0
            ? sql``
            : sql`quotes as (
          update quotations set status = 'ordered', order_id = o.id from o
          where quotations.id = any(${`{${usedQuotes.join(",")}}`}::int[]) and customer_id = ${customer.id} and status in ('open', 'accepted')),`
        }
        emptied as (delete from cart_lines where cart_id = ${row.id} and exists (select 1 from o)),
        reset as (update carts set coupon_id = null, note = null, updated_at = now() where id = ${row.id} and exists (select 1 from o))
        ${input.use_credit ? sql`` : finish()}
        select (select id from o), (select number from o),
          exists (select 1 from o) or comptoir_order_refused(array(select id from stock),
            ${couponUsed === null ? sql`true` : sql`exists (select 1 from coupon)`}) as placed`,
      ).catch((e: unknown) => {
        const stocked = refusedStock(e);
        throw stocked ? new OrderRefused(priced.map((p) => p.model).find((m) => !stocked.includes(m.id))) : e;
      });
      placed.id = written.id;
      placed.number = written.number;

      if (input.use_credit) {
        // The credit balance, in this transaction: one guarded statement per credit note (decision 079).
        const creditUsed = await consumeCreditNotes(tx, customer.id, placed.id, money.totalTtc);
        const due = amountDue(money.totalTtc, creditUsed);
        const paidByCredit = decOrZero(creditUsed).sign() > 0 && decOrZero(due).sign() === 0;
        if (paidByCredit) await payWithCreditNotes(tx, placed.id);
        placed.status = paidByCredit ? "processing" : "unpaid";
        placed.credit_used = creditUsed;
        placed.amount_due = due;
        placed.payment_method = paidByCredit ? "credit_note" : null;
        await query(tx, sql`with o as (select ${placed.id}::int as id, ${placed.number}::text as number) ${finish()} select 1`);
      }
      return placed;
    }).catch(async (e: unknown) => {
      if (!(e instanceof OrderRefused)) throw e;
      // A buyer who read the last units before another took them: refused by the guard, with the stock left.
      if (e.short) throw conflict("api.insufficient_stock", { ref: e.short.reference, num: await stockLeft(q, e.short.id) });
      throw refused("api.coupon_unavailable");
    });
  }

  return { place };
}

/** A model's stock as last committed (a new snapshot: the refused order's own statement saw an older one). */
async function stockLeft(q: Db, modelId: number): Promise<number> {
  const [m] = await query<{ stock: number }>(q, sql`select stock from models where id = ${modelId}`);
  return Math.max(0, m?.stock ?? 0);
}

/** The final statement refused the order: the first model whose stock it could not take, else the coupon's use. */
class OrderRefused extends Error {
  constructor(readonly short: CartModel | undefined) {
    super("order refused by its final statement");
  }
}

/** The models whose stock was taken, when `e` is the refusal raised by comptoir_order_refused (migration 0027). */
function refusedStock(e: unknown): number[] | null {
  const err = (e as { cause?: unknown })?.cause ?? e; // drizzle wraps the driver's error
  const { code, message, detail } = (err ?? {}) as { code?: string; message?: string; detail?: string };
  if (code !== "P0001" || message !== "comptoir_order_refused" || !detail) return null;
  return (JSON.parse(detail) as { stocked: number[] | null }).stocked ?? [];
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

function confirmationMail(to: string, lang: Lang, o: PlacedOrder, lines: PricedLine[], t: CartTotals) {
  const eur = (v: string) => formatPrice(v, lang);
  const rows = lines.map((p) => {
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
