// Staff edit an order's lines before its preparation (decision 140): change a quantity, remove a line, add one by
// model reference. One audited transaction per edit, in steps:
//   lockOrder    the order's row locked, then checked: still editable, still the revision the preview was made from
//   plan         the new lines priced (kept lines at the price they were ordered at, with the pricing kept at placement;
//                an added line at the catalogue's price now, as the cart would), every total by core's cart rules,
//                freight quoted afresh from the tariff, the minimum order checked: the placement's own steps
//   takeStock    the models' rows locked in id order, each change checked by core (stock, ceiling, not for sale), the
//                units taken or given back by guarded updates
//   writeLines   the lines and the order's totals; the coupon's use given back when it no longer applies
//   settle       unpaid: the credit spent is taken again on the new total (paid at once when it covers it); paid: a
//                balance due, or the difference refunded (a refund row for the payments worker, or a credit note)
//   record       the timeline row with its author, the audit row, the customer's notice and e-mail
// A payment notice for an unpaid order checks the amount due under the same lock (payments.service.ts): a payment of
// the old amount that arrives after an edit pays nothing and is refunded.
import { and, eq, inArray, sql } from "drizzle-orm";
import { idList, query, type Db } from "#server/db/client.ts";
import { isTransaction } from "#server/db/tx.ts";
import { coupons, customers, models, orderEvents, orderLines, orders } from "#server/db/schema/index.ts";
import { conflict, forbidden, isDomainError, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { isLang } from "#core/lang.ts";
import { dec, decOrZero } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { localePath } from "#core/slug.ts";
import { can } from "#core/staff/permissions.ts";
import { minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import { cartGoods, computeCartTotals } from "#core/cart/totals.ts";
import { giftedUnits } from "#core/cart/line.ts";
import type { CartLine } from "#core/cart/types.ts";
import { orderMoney } from "#core/order-money.ts";
import { amountDue } from "#core/documents/credit.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import type { OrderStatus } from "#core/orders/life.ts";
import {
  editRevision,
  editSettlement,
  isEditable,
  lineProblem,
  linePricing,
  orderCartLine,
  stockDeltas,
  type EditedLine,
  type EditPreview,
  type EditRefund,
  type LinePricing,
  type OrderTotals,
} from "#core/orders/edit.ts";
import type { OrderEditInput } from "#core/validation/order-edit.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { cartParams, type AddressSnapshot, type CartRow, type CouponRow } from "#server/modules/cart/cart-view.ts";
import { toCartLine, type CartModel } from "#server/modules/cart/cart-models.ts";
import { pricedCartLine } from "#server/modules/cart/cart-view.ts";
import { customerGroupList } from "#server/modules/pricing/group-prices.ts";
import { creditAboveTotal, creditUsedOn } from "#server/modules/credit-notes/credit-notes.service.ts";
import { payWithCreditNotes } from "#server/modules/credit-notes/credit-payment.ts";
import { issueOrderCreditNote } from "#server/modules/documents/credit-notes.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { cardRefundable, requestRefund } from "#server/modules/payments/refunds.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { activeModelPromotion } from "#server/modules/catalogue/active-promotion.ts";
import { keepRoundPlace } from "#server/modules/planning/rounds.ts";
import { orderLoad } from "#core/planning/capacity.ts";
import type { Tariff } from "#core/freight-tariff.ts";
import { orderModels, type OrderModelRow } from "./order-models.ts";
import { origin, orderUrl } from "./order-mail.ts";

type EditDeps = { cart: CartService; publicUrl: string; tariff: (q: Db) => Promise<Tariff> };

type OrderRow = {
  id: number;
  number: string;
  customer_id: number;
  status: OrderStatus;
  pickup_method: number;
  delivery_mode: string | null;
  shop_id: number | null;
  delivery_address: AddressSnapshot | null;
  rdv: boolean;
  coupon_id: number | null;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
  freight_ht: string;
  discount_amount: string;
  balance_due: string;
  pallets: number | null;
  parcels: number | null;
  cart_pallets: number | null;
  cart_parcels: number | null;
  planned_date: string | null;
};

type LineRow = {
  id: number;
  model_id: number | null;
  reference: string;
  designation: string;
  unit: string;
  price: string;
  num: number;
  tva: string;
  line_ht: string;
  remise: string;
  pricing: LinePricing | null;
};

/** The model columns the order reads (order-models.ts), by id. */
const modelsSql = (ids: readonly number[], lock: boolean) => sql`
  select m.id, m.reference, m.unit, m.price::text as price, m.site_price::text as site_price, m.tva::text as tva,
         m.poids::text as poids, m.volume::text as volume, m.stock, m.purchasable_qty,
         (m.not_for_sale or not p.active) as not_for_sale, m.non_gls, m.product_id, p.category_id,
         pr.type as promo_type, pr.value::text as promo_value, pr.min_qty as promo_min, pr.gifted_units as promo_gifted
  from models m join products p on p.id = m.product_id
  left join lateral (select pr.type, pr.value, pr.min_qty, pr.gifted_units from promotions pr where ${activeModelPromotion(sql`m.id`)}
                     order by pr.starts_at desc, pr.id limit 1) pr on true
  where m.id = any(${idList([...new Set(ids)])})
  order by m.id ${lock ? sql`for no key update of m` : sql``}`;

/** "Product name – model label", the snapshot placement keeps on a line. */
const designation = (m: CartModel) => (m.label && m.label !== m.reference ? `${m.name} – ${m.label}` : m.name);

/** A line's pricing: the one kept at placement, else (a line written before it was kept) the catalogue's now. */
function pricingOf(l: LineRow, m: CartModel | undefined, lang: Lang): LinePricing {
  if (l.pricing) return l.pricing;
  if (!m) return { site_price: null, remise_info: null, poids: null, volume: null, non_gls_status: null };
  const current = linePricing(toCartLine(m, l.num, 0, lang));
  // the promotion only where the line had one (its remise): the customer keeps what was agreed, no more
  return { ...current, remise_info: dec(l.remise).sign() > 0 ? current.remise_info : null };
}

export function createOrderEdit(deps: EditDeps) {
  const { cart } = deps;

  const orderColumns = {
    id: orders.id,
    number: orders.number,
    customer_id: orders.customerId,
    status: sql<OrderStatus>`${orders.status}`,
    pickup_method: orders.pickupMethod,
    delivery_mode: orders.deliveryMode,
    shop_id: orders.shopId,
    delivery_address: sql<AddressSnapshot | null>`${orders.deliveryAddress}`,
    rdv: orders.rdv,
    coupon_id: orders.couponId,
    total_ht: orders.totalHt,
    total_tva: orders.totalTva,
    total_ttc: orders.totalTtc,
    freight_ht: orders.freightHt,
    discount_amount: orders.discountAmount,
    balance_due: orders.balanceDue,
    pallets: orders.pallets,
    parcels: orders.parcels,
    cart_pallets: orders.cartPallets,
    cart_parcels: orders.cartParcels,
    planned_date: sql<string | null>`${orders.plannedDeliveryDate}::text`,
  };

  const linesOf = (q: Db, orderId: number) =>
    q
      .select({
        id: orderLines.id,
        model_id: orderLines.modelId,
        reference: orderLines.reference,
        designation: orderLines.designation,
        unit: orderLines.unit,
        price: sql<string>`${orderLines.price}::text`,
        num: orderLines.num,
        tva: sql<string>`${orderLines.tva}::text`,
        line_ht: orderLines.lineHt,
        remise: orderLines.remise,
        pricing: orderLines.pricing,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id);

  const goodsOf = (lines: readonly { line_ht: string }[]) => lines.reduce((s, l) => s.plus(decOrZero(l.line_ht)), dec(0)).toFixed(2);

  const totalsOf = (o: OrderRow, lines: readonly { line_ht: string }[]): OrderTotals => ({
    goods_ht: goodsOf(lines),
    discount_amount: o.discount_amount,
    freight_ht: o.freight_ht,
    total_ht: o.total_ht,
    total_tva: o.total_tva,
    total_ttc: o.total_ttc,
  });

  /** The customer's language (names of an added line, the e-mail), read before the transaction. */
  async function customerLang(q: Db, orderId: number): Promise<Lang> {
    const [r] = await q
      .select({ lang: customers.lang })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId));
    if (!r) throw notFound();
    return isLang(r.lang) ? r.lang : "fr";
  }

  /**
   * The edited order, decided: its lines priced, its totals and freight by the placement's rules, the stock each model
   * gives or takes back, checked. Writes nothing. `lock`: the models' rows are locked (in id order) as they are read.
   */
  async function plan(q: Db, o: OrderRow, current: LineRow[], input: OrderEditInput, lang: Lang, lock: boolean) {
    if (!isEditable(o.status)) throw refused(`orders.edit_refused_${o.status}`);
    const asked = new Map(input.lines.map((l) => [l.id, l.num]));
    for (const id of asked.keys()) if (!current.some((l) => l.id === id)) throw refused("orders.edit_lines_invalid");
    let added: { id: number } | undefined;
    if (input.add) {
      const [m] = await query<{ id: number }>(q, sql`select id from models where upper(reference) = upper(${input.add.reference}) limit 1`);
      if (!m) throw refused("orders.edit_reference_unknown", { ref: input.add.reference });
      if (current.some((l) => l.model_id === m.id)) throw refused("orders.edit_line_exists", { ref: input.add.reference });
      added = m;
    }
    const ids = [...current.flatMap((l) => (l.model_id === null ? [] : [l.model_id])), ...(added ? [added.id] : [])];
    const names = await cart.models.catalogue(lang);
    const found = orderModels(ids.length ? await query<OrderModelRow>(q, modelsSql(ids, lock)) : [], names);

    const changes: { model_id: number; before: number; after: number }[] = [];
    const kept: { row: LineRow; after: number; line: CartLine; pricing: LinePricing }[] = [];
    const edited: EditedLine[] = [];
    for (const l of current) {
      const after = asked.get(l.id) ?? l.num;
      if (l.model_id === null && after !== l.num) throw refused("orders.edit_model_gone", { ref: l.reference });
      const m = l.model_id === null ? undefined : found.get(l.model_id);
      if (l.model_id !== null) {
        const problem = lineProblem(m, l.num, after);
        if (problem) throw availability(problem, l.reference, m, l.num);
        changes.push({ model_id: l.model_id, before: l.num, after });
      }
      edited.push({ id: l.id, reference: l.reference, designation: l.designation, unit: l.unit, before: l.num, after, line_ht: "0.00" });
      if (after === 0) continue;
      const pricing = pricingOf(l, m, lang);
      kept.push({
        row: l,
        after,
        pricing,
        line: orderCartLine({ model_id: l.model_id ?? -l.id, num: after, price: l.price, tva: l.tva }, pricing),
      });
    }
    let add: { model: CartModel; line: CartLine } | null = null;
    if (input.add && added) {
      const m = found.get(added.id);
      const problem = lineProblem(m, 0, input.add.num);
      if (problem || !m) throw availability(problem ?? "api.cart_items_unavailable", input.add.reference, m, 0);
      changes.push({ model_id: m.id, before: 0, after: input.add.num });
      // the catalogue's price for the customer now, as the cart prices it (their group's when lower, decision 157)
      const group = await customerGroupList(q, o.customer_id);
      add = { model: m, line: pricedCartLine({ model: m, num: input.add.num, id: 0, group }, lang) };
      edited.push({
        id: null,
        reference: m.reference,
        designation: designation(m),
        unit: m.unit,
        before: 0,
        after: input.add.num,
        line_ht: "0.00",
      });
    }
    if (kept.length === 0 && !add) throw refused("orders.edit_no_line_left");
    if (edited.every((e) => e.before === e.after)) throw refused("orders.edit_nothing_changed");

    // The placement's own steps (order-placement.service.ts prepareOrder): totals without freight, freight quoted from
    // them, totals again with it, the minimum order.
    const conf = await cart.settings();
    const coupon = await couponOf(q, o.coupon_id);
    const row: CartRow = {
      id: 0,
      customer_id: o.customer_id,
      delivery_addr_id: null,
      invoice_addr_id: null,
      pickup_method: o.pickup_method,
      shop_id: o.shop_id,
      coupon_id: o.coupon_id,
      extra_options: { rdv: o.rdv },
      freight: null,
      delivery_mode: o.delivery_mode,
      note: null,
    };
    const pickup = o.pickup_method === 2;
    const delivery = pickup ? null : o.delivery_address;
    const priced = [...kept.map((k) => k.line), ...(add ? [add.line] : [])];
    const goods = cartGoods(priced);
    const withoutFreight = computeCartTotals(priced, cartParams(row, delivery, coupon, null), conf, { loggedIn: true }, goods);
    const freight = pickup ? null : await cart.freightFor(q, row, delivery, withoutFreight);
    const totals = computeCartTotals(priced, cartParams(row, delivery, coupon, freight), conf, { loggedIn: true }, goods);
    const minimum = minimumOrderShortfall(totals.cartTotalAmount, conf.minBuyPrice);
    if (minimum) throw refused("api.order_below_minimum", { amount: formatPrice(minimum.toFixed(2), lang, "HT") });
    const money = orderMoney(totals);
    const lineTotals = new Map(totals.lines.map((t) => [t.model_id, t]));
    for (const e of edited) {
      const k = e.id === null ? add?.line : kept.find((x) => x.row.id === e.id)?.line;
      if (k && e.after > 0) e.line_ht = lineTotals.get(k.model_id)!.lineAmount;
    }
    return {
      kept,
      add,
      edited,
      totals,
      money,
      deltas: stockDeltas(changes),
      // the coupon counts as used only while it takes something off (placement's rule)
      couponId: coupon && decOrZero(totals.discountAmount).sign() !== 0 ? coupon.id : null,
      planning: {
        cartPallets: pickup ? null : totals.palette_num,
        cartParcels: pickup ? null : totals.colis_qte,
        highwayTollHt: decOrZero(freight?.highway_toll_ht).round(2).toFixed(2),
      },
    };
  }

  type Plan = Awaited<ReturnType<typeof plan>>;

  /** The settlement of each way the edit allows (a lower paid total: both refunds the order allows). */
  async function settlements(q: Db, o: OrderRow, p: Plan, refund: EditRefund | null) {
    const card = o.status === "unpaid" ? null : await cardRefundable(q, o.id);
    const money = {
      status: o.status,
      total_before: o.total_ttc,
      total_after: p.money.totalTtc,
      balance_before: o.balance_due,
      card_refundable: card?.refundable ?? null,
    };
    return { card, of: (way: EditRefund | null) => editSettlement(money, way), asked: editSettlement(money, refund) };
  }

  /**
   * A planned order keeps its round only if its new load still fits there (rounds.ts); staff are told to plan it again
   * on another date or to raise the day's capacity.
   */
  async function keepPlace(tx: Db, o: OrderRow, p: Plan, lang: Lang) {
    const after = { ...o, cart_pallets: p.planning.cartPallets, cart_parcels: p.planning.cartParcels };
    try {
      await keepRoundPlace(
        tx,
        await deps.tariff(tx),
        { ...after, zip: o.delivery_address?.zip_code ?? null },
        o.planned_date!,
        orderLoad(o),
        lang,
      );
    } catch (e) {
      if (isDomainError(e) && e.key === "planning.over_capacity") throw conflict("orders.edit_over_capacity", e.vars);
      throw e;
    }
  }

  /** The order and its lines as a preview or an edit reads them; `lock`: the order's row locked first. */
  async function read(q: Db, orderId: number, lock: boolean) {
    const base = q.select(orderColumns).from(orders).where(eq(orders.id, orderId));
    const [o] = lock ? await base.for("update") : await base;
    if (!o) throw notFound();
    return { o: o as OrderRow, lines: (await linesOf(q, orderId)) as LineRow[] };
  }

  /** What the edit would do (the confirmation step): read without locks, nothing written. */
  async function preview(q: Db, orderId: number, input: OrderEditInput): Promise<EditPreview> {
    const lang = await customerLang(q, orderId);
    const { o, lines } = await read(q, orderId, false);
    if (editRevision({ ...o, lines }) !== input.revision) throw conflict("orders.edit_stale");
    const p = await plan(q, o, lines, input, lang, false);
    const s = await settlements(q, o, p, input.refund);
    const ways: (EditRefund | null)[] = s.of(null).ok ? [null] : ["provider", "credit_note"];
    const options = ways.flatMap((refund) => {
      const r = s.of(refund);
      return r.ok ? [{ refund, settlement: r }] : [];
    });
    if (options.length === 0) throw refused("orders.cancel_card_unavailable");
    const after = { ...p.money, goods_ht: p.totals.totalAmount };
    return {
      revision: input.revision,
      status: o.status,
      before: totalsOf(o, lines),
      after: {
        goods_ht: after.goods_ht,
        discount_amount: after.discount,
        freight_ht: after.freightHt,
        total_ht: after.totalHt,
        total_tva: after.totalTva,
        total_ttc: after.totalTtc,
      },
      lines: p.edited.filter((e) => e.before !== e.after),
      amount_due: amountDue(after.totalTtc, await creditUsedOn(q, o.id)),
      settlements: options,
    };
  }

  /**
   * Edits the order for the staff member of `ctx`, in one audited transaction (the steps at the top of this file). A
   * refund through the provider sends money out and needs `orders:refund` too, as for a cancellation.
   */
  async function edit(ctx: StaffContext, orderId: number, input: OrderEditInput, at = new Date()) {
    if (!can(ctx.staff.roles, "orders:edit")) throw forbidden("admin.permission_denied");
    if (input.refund === "provider" && !can(ctx.staff.roles, "orders:refund")) throw forbidden("admin.permission_denied");
    if (isTransaction(ctx.db)) throw new Error("an order edit runs its own transaction: pass the pool");
    const lang = await customerLang(ctx.db, orderId);
    await cart.models.catalogue(lang); // names loaded outside the transaction (the read model may use the pool)
    return staffWrite(ctx, async ({ db }, audit) => {
      const { o, lines } = await read(db, orderId, true);
      if (!isEditable(o.status)) throw refused(`orders.edit_refused_${o.status}`);
      if (editRevision({ ...o, lines }) !== input.revision) throw conflict("orders.edit_stale");
      const p = await plan(db, o, lines, input, lang, true);
      const s = await settlements(db, o, p, input.refund);
      if (!s.asked.ok) throw refused(s.asked.key);
      const settled = s.asked;

      // stock: the rows are locked (plan) and checked; the guard is the last word
      for (const d of p.deltas) {
        const done = await db
          .update(models)
          .set({ stock: sql`${models.stock} - ${d.delta}` })
          .where(and(eq(models.id, d.model_id), d.delta > 0 ? sql`${models.stock} >= ${d.delta}` : undefined))
          .returning({ id: models.id });
        if (done.length === 0) throw conflict("api.insufficient_stock", { ref: "", num: 0, count: 0 });
      }

      // lines
      const lineTotals = new Map(p.totals.lines.map((t) => [t.model_id, t]));
      const removed = lines.filter((l) => !p.kept.some((k) => k.row.id === l.id)).map((l) => l.id);
      if (removed.length) await db.delete(orderLines).where(and(eq(orderLines.orderId, o.id), inArray(orderLines.id, removed)));
      for (const k of p.kept) {
        const t = lineTotals.get(k.line.model_id)!;
        await db
          .update(orderLines)
          .set({ num: k.after, remise: t.remise, lineHt: t.lineAmount, giftedUnits: giftedUnits(k.line), pricing: k.pricing })
          .where(eq(orderLines.id, k.row.id));
      }
      if (p.add) {
        const t = lineTotals.get(p.add.model.id)!;
        await db.insert(orderLines).values({
          orderId: o.id,
          modelId: p.add.model.id,
          reference: p.add.model.reference,
          designation: designation(p.add.model),
          unit: p.add.model.unit,
          price: String(p.add.line.price),
          num: p.add.line.num,
          tva: String(p.add.line.tva),
          remise: t.remise,
          lineHt: t.lineAmount,
          giftedUnits: giftedUnits(p.add.line),
          pricing: linePricing(p.add.line),
        });
      }

      // the coupon's use given back when it no longer takes anything off
      if (o.coupon_id !== null && p.couponId === null)
        await db
          .update(coupons)
          .set({ uses: sql`${coupons.uses} - 1` })
          .where(and(eq(coupons.id, o.coupon_id), sql`${coupons.uses} > 0`));

      const m = p.money;
      await db
        .update(orders)
        .set({
          totalHt: m.totalHt,
          totalTva: m.totalTva,
          totalTtc: m.totalTtc,
          freightHt: m.freightHt,
          freightTva: m.freightTva,
          discountAmount: m.discount,
          freightDiscountHt: m.freightDiscount,
          freightVatRate: m.freightVatRate,
          couponId: p.couponId,
          balanceDue: settled.balance_due,
          ...p.planning,
        })
        .where(eq(orders.id, o.id));
      if (o.status === "planned" && o.planned_date) await keepPlace(db, o, p, ctx.lang);

      // money
      let creditUsed = await creditUsedOn(db, o.id);
      let paidByCredit = false;
      if (o.status === "unpaid" && dec(creditUsed).gt(dec(m.totalTtc))) {
        // the credit spent stays on the order, never above its total: the rest goes back to the customer's notes, and
        // an order the credit then covers whole is paid by it at once (placement's rule)
        const back = await creditAboveTotal(db, o.id, m.totalTtc);
        creditUsed = dec(creditUsed).minus(dec(back)).toFixed(2);
        if (dec(amountDue(m.totalTtc, creditUsed)).sign() === 0) {
          await payWithCreditNotes(db, o.id, { publicUrl: deps.publicUrl, lang });
          paidByCredit = true;
        }
      }
      const refundId =
        dec(settled.card_refund).sign() > 0
          ? await requestRefund(db, { paymentId: s.card!.paymentId, amount: settled.card_refund, staffId: ctx.staff.id })
          : null;
      const note =
        dec(settled.credit_note).sign() > 0 ? await issueOrderCreditNote(db, o.id, settled.credit_note, { ...deps, cause: "edit" }) : null;

      // record
      const changed = p.edited
        .filter((e) => e.before !== e.after)
        .map((e) => ({ reference: e.reference, before: e.before, after: e.after }));
      const amounts = {
        total_before: o.total_ttc,
        total_after: m.totalTtc,
        difference: settled.difference,
        balance_due: settled.balance_due,
        card_refund: settled.card_refund,
        credit_note: settled.credit_note,
      };
      await db.insert(orderEvents).values({
        orderId: o.id,
        at,
        staffId: ctx.staff.id,
        event: "edit",
        fromStatus: o.status,
        toStatus: o.status,
        details: { lines: changed, ...amounts, ...(input.refund ? { refund: input.refund } : {}) },
      });
      const qty = (ls: readonly { reference: string; num: number }[]) => Object.fromEntries(ls.map((l) => [`line ${l.reference}`, l.num]));
      await audit({
        entity: "order",
        id: o.id,
        action: "edit",
        before: { total_ttc: o.total_ttc, balance_due: o.balance_due, coupon_id: o.coupon_id, ...qty(lines) },
        after: {
          total_ttc: m.totalTtc,
          balance_due: settled.balance_due,
          coupon_id: p.couponId,
          ...qty(p.edited.filter((e) => e.after > 0).map((e) => ({ reference: e.reference, num: e.after }))),
          card_refund: settled.card_refund,
          credit_note: settled.credit_note,
          refund_id: refundId,
          credit_note_number: note?.number ?? null,
        },
      });
      const due = amountDue(m.totalTtc, creditUsed);
      await tell(db, o, { ...amounts, due: paidByCredit ? "0.00" : due, unpaid: o.status === "unpaid" && !paidByCredit });
      return { status: (paidByCredit ? "processing" : o.status) as OrderStatus, ...amounts, credit_note_number: note?.number ?? null };
    });
  }

  /** The customer's notice and e-mail: the order changed, its new total, and what happens to the money. */
  async function tell(
    db: Db,
    o: OrderRow,
    a: { total_after: string; balance_due: string; card_refund: string; credit_note: string; due: string; unpaid: boolean },
  ) {
    const [c] = await db.select({ email: customers.email, lang: customers.lang }).from(customers).where(eq(customers.id, o.customer_id));
    const lang: Lang = isLang(c.lang) ? c.lang : "fr";
    await addNotification(db, { customerId: o.customer_id, kind: "order_edited", orderId: o.id, ref: o.number, vars: {} });
    const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
    const money = (v: string) => formatPrice(v, lang, "TTC");
    const payUrl = `${origin(deps.publicUrl)}${localePath(lang, "/paymentcb")}?order_id=${encodeURIComponent(o.number)}`;
    const positive = (v: string) => dec(v).sign() > 0;
    const body = [
      t("aftersales.notif_order_edited", { ref: o.number }),
      t("mail.order_edited_total", { amount: money(a.total_after) }),
      ...(a.unpaid && positive(a.due) ? [t("mail.order_edited_unpaid", { amount: money(a.due) })] : []),
      ...(positive(a.balance_due) ? [t("mail.order_edited_balance", { amount: money(a.balance_due) })] : []),
      ...(positive(a.card_refund) ? [t("mail.order_cancelled_card", { amount: money(a.card_refund) })] : []),
      ...(positive(a.credit_note) ? [t("mail.order_cancelled_credit_note", { amount: money(a.credit_note) })] : []),
    ];
    const pay = (a.unpaid && positive(a.due)) || positive(a.balance_due);
    const mail = composeMail(
      lang,
      t("mail.order_edited_subject", { number: o.number }),
      { text: body, html: body.map((p) => markup`<p>${p}</p>`) },
      pay
        ? { label: t("mail.order_edited_pay"), url: payUrl }
        : { label: t("mail.order_status_action"), url: orderUrl(deps.publicUrl, lang, o.number) },
    );
    await enqueueMail(db, { to: c.email, ...mail });
  }

  return { preview, edit, revisionOf: (o: Parameters<typeof editRevision>[0]) => editRevision(o) };
}

/** The coupon the order counted, on the terms it has (it was valid when the customer ordered). */
async function couponOf(q: Db, id: number | null): Promise<CouponRow | null> {
  if (id === null) return null;
  const [c] = await q
    .select({
      id: coupons.id,
      code: coupons.code,
      customer_id: coupons.customerId,
      value: sql<string | null>`${coupons.value}::text`,
      amount: sql<string | null>`${coupons.amount}::text`,
      min_amount: sql<string>`${coupons.minAmount}::text`,
      max_uses: coupons.maxUses,
      uses: coupons.uses,
    })
    .from(coupons)
    .where(eq(coupons.id, id));
  return c ? { ...c, valid: true } : null;
}

/** The refusal of a quantity (the cart's keys and variables; stock is a conflict). */
function availability(key: string, ref: string, m: { stock: number; purchasable_qty: number } | undefined, held: number) {
  if (key === "api.insufficient_stock") {
    const left = Math.max(0, (m?.stock ?? 0) + held);
    return conflict(key, { ref, num: left, count: left });
  }
  if (key === "api.above_purchase_ceiling") return refused(key, { ref, num: m?.purchasable_qty ?? 0 });
  return refused(key, { ref });
}
