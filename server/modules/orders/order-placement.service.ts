// Placing the order (issue 10 item 6; DESIGN §4b; decision 070). One transaction: the idempotency key, the
// cart row, the models locked in id order, every price re-read from the catalogue, guarded stock and coupon
// counters, the minimum order amount, the gap-free number, the order and its snapshots, the cart emptied,
// the confirmation e-mail in the outbox. Any refusal rolls all of it back, the key included.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { Decimal, decOrZero, formatPrice } from "#core/money.ts";
import { quantityProblem } from "#core/cart/availability.ts";
import type { CartTotals, Freight } from "#core/cart/types.ts";
import type { CreateOrderInput } from "#core/validation/cart.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import type { CartModel } from "#server/modules/cart/cart-models.ts";
import { buildAnswer, cartCoupon, cartParams, ownAddress, pricedCartLine, type PricedLine } from "#server/modules/cart/cart-view.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { isDeliveryMode } from "#core/freight-tariff.ts";
import { amountDue } from "#core/documents/credit.ts";
import { consumeCreditNotes } from "#server/modules/documents/documents.service.ts";
import { payWithCreditNotes } from "#server/modules/documents/credit-payment.ts";

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

const requestHash = (input: PlaceInput) =>
  createHash("sha256")
    // use_credit joins the hash only when asked, so keys taken before it existed keep their hash
    .update(JSON.stringify(input.use_credit ? { note: input.note, use_credit: true } : { note: input.note }))
    .digest("hex");

export function createOrderPlacementService(cart: CartService) {
  /**
   * Takes the key for this request: true when this call goes on to place the order; otherwise the answer
   * stored by the call that placed it. A concurrent twin waits on the key's unique index until the first
   * commits (then gets its answer) or rolls back (then goes on itself).
   */
  async function takeKey(tx: Db, customerId: number, key: string, hash: string): Promise<true | PlacedOrder> {
    const inserted = await query<{ id: number }>(
      tx,
      sql`
      insert into idempotency_keys (customer_id, scope, key, request_hash) values (${customerId}, ${ORDER_SCOPE}, ${key}, ${hash})
      on conflict (customer_id, scope, key) do nothing returning id`,
    );
    if (inserted.length > 0) return true;
    const [row] = await query<{ request_hash: string; status: string; response: PlacedOrder | null; expired: boolean }>(
      tx,
      sql`
      select request_hash, status, response, expires_at <= now() as expired from idempotency_keys
      where customer_id = ${customerId} and scope = ${ORDER_SCOPE} and key = ${key} for update`,
    );
    if (row.expired) {
      // A key past its life starts over (decision 066: keys are kept 24 hours).
      await query(
        tx,
        sql`update idempotency_keys set request_hash = ${hash}, status = 'in_progress', response = null,
        created_at = now(), expires_at = now() + interval '24 hours' where customer_id = ${customerId} and scope = ${ORDER_SCOPE} and key = ${key}`,
      );
      return true;
    }
    if (row.request_hash !== hash) throw refused("api.idempotency_key_reused");
    if (row.status !== "done" || !row.response) throw conflict("api.order_in_progress");
    return typeof row.response === "string" ? (JSON.parse(row.response) as PlacedOrder) : row.response;
  }

  async function place(q: Db, customer: Customer, input: PlaceInput, lang: Lang): Promise<PlacedOrder> {
    const conf = await cart.settings();
    const statics = await cart.models.catalogue(lang); // names only: money is re-read under the locks below
    return withTransaction(q, async (tx) => {
      const hash = requestHash(input);
      const taken = await takeKey(tx, customer.id, input.idempotency_key, hash);
      if (taken !== true) return taken;

      const row = await cart.cartRow(tx, customer.id, true);
      const cartLines = await cart.lines(tx, row.id);
      if (cartLines.length === 0) throw refused("api.cart_empty");
      // Row locks in primary-key order: two orders sharing models queue instead of deadlocking.
      const models = await cart.models.locked(
        tx,
        cartLines.map((l) => l.model_id),
        statics,
      );
      // Quotations behind lines, locked: the quoted price is read from their rows, and used up below.
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

      const [delivery, invoice, coupon] = await Promise.all([
        ownAddress(tx, customer.id, row.delivery_addr_id),
        ownAddress(tx, customer.id, row.invoice_addr_id),
        cartCoupon(tx, row),
      ]);
      const pickup = row.pickup_method === 2;
      if (pickup && !row.shop_id) throw refused("validation.store_required");
      if (!pickup && !delivery) throw refused("validation.address_required");
      const mode = pickup ? "pickup" : row.delivery_mode;
      if (!pickup && (!isDeliveryMode(mode) || mode === "pickup")) throw refused("validation.delivery_method_required");
      if (row.coupon_id && !coupon?.valid) throw refused("api.coupon_unavailable");

      const pre = buildAnswer(priced, cartParams(row, delivery, coupon, null), conf, lang, true);
      // Quoted afresh from the tariff (an impossible mode is refused with its reason), never the stored JSON.
      const freight: Freight | null = pickup ? null : await cart.freightFor(tx, row, delivery, pre.totals);
      const { totals } = buildAnswer(priced, cartParams(row, delivery, coupon, freight), conf, lang, true);

      const minimum = decOrZero(conf.minBuyPrice as string | number | null | undefined);
      if (decOrZero(totals.cartTotalAmount).lt(minimum)) {
        throw refused("api.order_below_minimum", { amount: formatPrice(minimum.toFixed(2), lang, "HT") });
      }

      for (const p of priced) {
        const done = await query(
          tx,
          sql`update models set stock = stock - ${p.num} where id = ${p.model.id} and stock >= ${p.num} returning id`,
        );
        if (done.length === 0) throw conflict("api.insufficient_stock", { ref: p.model.reference, num: p.model.stock });
      }
      // A coupon counts as used only when it took something off (below its minimum it does not apply).
      let couponUsed: number | null = null;
      if (coupon && decOrZero(totals.discountAmount).sign() !== 0) {
        const used = await query(tx, sql`update coupons set uses = uses + 1 where id = ${coupon.id} and uses < max_uses returning id`);
        if (used.length === 0) throw refused("api.coupon_unavailable");
        couponUsed = coupon.id; // kept on the order: its expiry gives the use back (decision 077)
      }

      // Invoice address (decision 086): the one chosen; a delivered order without one is invoiced to its
      // delivery address; a pickup order without one to the account (company, client number, SIRET), never to
      // a delivery address left on the cart from an earlier choice, which is not part of a pickup order.
      const billed = invoice ?? (pickup ? null : delivery);
      const invoiceSnapshot = billed ? JSON.stringify(billed) : null;
      // Numbered last: concurrent orders queue on the sequence row only for the end of the transaction.
      const note = input.note || row.note || null; // the request's, else the one saved at checkout
      const number = await nextNumber(tx, "order");
      const money = orderMoney(totals);
      const [order] = await query<{ id: number; created_at: Date | string }>(
        tx,
        sql`
        insert into orders (number, customer_id, status, pickup_method, delivery_mode, shop_id, delivery_address, invoice_address,
                            total_ht, total_tva, total_ttc, freight_ht, freight_tva, discount_amount, coupon_id, note)
        values (${number}, ${customer.id}, 'unpaid', ${row.pickup_method}, ${mode}, ${pickup ? row.shop_id : null},
                ${delivery && !pickup ? JSON.stringify(delivery) : null}::jsonb, ${invoiceSnapshot}::jsonb,
                ${money.totalHt}, ${money.totalTva}, ${money.totalTtc}, ${money.freightHt}, ${money.freightTva}, ${money.discount}, ${couponUsed}, ${note})
        returning id, created_at`,
      );
      const lineTotals = new Map(totals.lines.map((t) => [t.model_id, t]));
      const values = sql.join(
        priced.map((p) => {
          const t = lineTotals.get(p.model.id)!;
          const price = pricedCartLine(p, lang).price; // the quoted unit price for a quoted line
          return sql`(${order.id}, ${p.model.id}, ${p.model.reference}, ${designation(p.model)}, ${p.model.unit}, ${price}, ${p.num}, ${p.model.tva}, ${t.remise}, ${t.lineAmount})`;
        }),
        sql`, `,
      );
      await query(
        tx,
        sql`insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, remise, line_ht) values ${values}`,
      );

      // A quotation whose price was used is used up (decision 080).
      const used = [...new Set(priced.filter((p) => pricedCartLine(p, lang).quoted).map((p) => p.quote!.id))];
      for (const id of used) {
        await query(
          tx,
          sql`update quotations set status = 'ordered', order_id = ${order.id} where id = ${id} and customer_id = ${customer.id} and status in ('open', 'accepted')`,
        );
      }
      // The credit balance, in this transaction: one guarded statement per credit note (decision 079).
      const creditUsed = input.use_credit ? await consumeCreditNotes(tx, customer.id, order.id, money.totalTtc) : "0.00";
      const due = amountDue(money.totalTtc, creditUsed);
      const paidByCredit = decOrZero(creditUsed).sign() > 0 && decOrZero(due).sign() === 0;
      if (paidByCredit) await payWithCreditNotes(tx, order.id);

      await query(tx, sql`delete from cart_lines where cart_id = ${row.id}`);
      await query(tx, sql`update carts set coupon_id = null, note = null, updated_at = now() where id = ${row.id}`);

      const placed: PlacedOrder = {
        id: order.id,
        number,
        status: paidByCredit ? "processing" : "unpaid",
        total_ht: money.totalHt,
        total_tva: money.totalTva,
        total_ttc: money.totalTtc,
        freight_ht: money.freightHt,
        freight_tva: money.freightTva,
        discount_amount: money.discount,
        pickup_method: row.pickup_method,
        lines: priced.length,
        created_at: new Date(order.created_at).toISOString(),
        credit_used: creditUsed,
        amount_due: due,
        payment_method: paidByCredit ? "credit_note" : null,
      };
      await enqueueMail(tx, confirmationMail(customer.email, lang, placed, priced, totals));
      await query(
        tx,
        sql`update idempotency_keys set status = 'done', response = ${JSON.stringify(placed)}::jsonb
        where customer_id = ${customer.id} and scope = ${ORDER_SCOPE} and key = ${input.idempotency_key}`,
      );
      return placed;
    });
  }

  return { place };
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
      unit: p.model.unit,
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
