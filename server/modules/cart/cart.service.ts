// The customer's server cart and the anonymous cart's pricing (SPEC §4, §5, §7; decisions 070, 113). Every function
// takes the handle to use (decision 060); a customer's use case takes its context (db, customer, lang; decision 132).
// Each write (add, edit, removal, login merge) is one transaction of named steps (cart-rows.ts): lock the cart row,
// read what core needs, decide with core (core/cart/writes.ts), write what it decided, read the cart for the answer;
// the adds and edits of different customers share one (cart-write-groups.ts, decision 123). Concurrent writes to one
// cart queue on its row lock, so each decides on the lines the one before it left.
import { desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { cartLines, carts } from "#server/db/schema/index.ts";
import { isTransaction, withTransaction } from "#server/db/tx.ts";
import { MODEL_TTL_MS } from "#server/modules/catalogue/list-model.ts";
import { conflict, refused, type Vars } from "#core/domain-errors.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { checkCartLimit, prepareAdd } from "#core/cart/operations.ts";
import type { AvailabilityKey } from "#core/cart/availability.ts";
import { decideAdd, decideEdit, decideMerge, type AddRefusal, type MergeMessage } from "#core/cart/writes.ts";
import type { CartConfig, Freight } from "#core/cart/types.ts";
import { cartConfig } from "#core/cart/config.ts";
import { cartGoods } from "#core/cart/totals.ts";
import type { FreightMeasures } from "#core/freight-tariff.ts";
import { isDomainError } from "#core/domain-errors.ts";
import type { CartEntry, EditCartInput } from "#core/validation/cart.ts";
import type { ConfigService } from "#server/modules/content/config.service.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import type { CartChangeAnswer } from "#core/contracts/cart.ts";
import type { JsonText } from "#core/contracts/contract.ts";
import { cartChanged, createCartAnswers } from "./cart-answers.ts";
import { createCartNotices } from "./cart-notices.ts";
import { createLineMemo, type LineMemo } from "./cart-line-memo.ts";
import { createWriteGroups } from "./cart-write-groups.ts";
import { liveModels, type CartListLine, type CartModel, type CartModels, type StaticModel } from "./cart-models.ts";
import { deleteLinesSql, linesAndModels, lockCart, lockOrCreateCart, nothing, putLinesSql, writeThenRead } from "./cart-rows.ts";
import {
  answerOf,
  buildAnswer,
  cartParams,
  loadCart,
  pricedCartLine,
  type CartAnswer,
  type CartRow,
  type CartState,
  type LiveLine,
  type PricedLine,
} from "./cart-view.ts";

/** A change the login merge made to an anonymous line (a message key with its variables). */
export type CartMessage = { model_id: number; key: string; vars: Vars };

/** Freight for the cart answer: a quote when the freight service can give one, else what the cart holds. */
export type FreightFor = (q: Db, cart: CartRow, delivery: { zip_code: string } | null, totals: FreightMeasures) => Promise<Freight | null>;

/** A cart row as CartRow names its columns. */
const CART_COLUMNS = {
  id: carts.id,
  customer_id: carts.customerId,
  delivery_addr_id: carts.deliveryAddrId,
  invoice_addr_id: carts.invoiceAddrId,
  pickup_method: carts.pickupMethod,
  shop_id: carts.shopId,
  coupon_id: carts.couponId,
  extra_options: carts.extraOptions,
  freight: carts.freight,
  delivery_mode: carts.deliveryMode,
  note: carts.note,
};

/** Without a tariff: what the cart holds (tests of the cart alone). */
const storedFreight: FreightFor = async (_q, cart) => cart.freight;

/** The refusal of a quantity of model `m` (decision 070's keys and variables); stock is a conflict. */
function problem(key: AvailabilityKey, m: { reference: string; stock?: number; purchasable_qty?: number } | undefined): never {
  const vars: Vars = { ref: m?.reference ?? "", num: 0 };
  if (key === "api.insufficient_stock") throw conflict(key, { ...vars, num: m?.stock ?? 0, count: m?.stock ?? 0 });
  if (key === "api.above_purchase_ceiling") throw refused(key, { ...vars, num: m?.purchasable_qty ?? 0 });
  throw refused(key, vars);
}

export function createCartService(config: ConfigService, models: CartModels, freightFor: FreightFor = storedFreight) {
  const settings = async (): Promise<CartConfig> => cartConfig(await config.siteConfig());
  /** Cart list answers as JSON per customer and language (decision 091); `answers.forget` drops them. */
  const answers = createCartAnswers();
  /** Priced lines with their JSON, reused while nothing they show changes (cart-line-memo.ts). */
  const lineMemo = createLineMemo();
  /** The `cart:` notices of the writes that run in their own transaction, sent after their commit. */
  const notices = createCartNotices();
  /** Adds and edits of different customers written together (cart-write-groups.ts). */
  const groups = createWriteGroups({
    changed: async (pool, ids) => void (await Promise.all(ids.map((id) => notices.changed(pool, id)))),
  });

  /**
   * Runs a write use case's steps in one transaction (the caller's when `q` is one) and, once it has committed, drops
   * the customer's kept answers in this process and tells the other processes: in its own transaction the cart
   * triggers leave the `cart:` notice to this function (`deferNotice`, for lockCart), which sends it after the commit
   * and before the call answers; in a caller's transaction they send it with the caller's commit.
   */
  async function write<T>(q: Db, customerId: number, steps: (tx: Db, deferNotice: boolean) => Promise<T>): Promise<T> {
    const own = !isTransaction(q);
    const result = await withTransaction(q, async (tx) => {
      const r = await steps(tx, own);
      cartChanged([customerId]);
      return r;
    });
    if (own) await notices.changed(q, customerId);
    return result;
  }

  /** The customer's cart row, created when missing; `lock` holds it until the transaction ends (quotations). */
  async function cartRow(ctx: Context, lock: boolean): Promise<CartRow> {
    const { db: q } = ctx;
    const customerId = ctx.customer.id;
    const select = () => {
      const rows = q.select(CART_COLUMNS).from(carts).where(eq(carts.customerId, customerId));
      return lock ? rows.for("update") : rows;
    };
    const [row] = await select();
    if (row) return row;
    await q.insert(carts).values({ customerId }).onConflictDoNothing({ target: carts.customerId });
    return (await select())[0];
  }

  async function lines(q: Db, cartId: number) {
    // Newest first: an added model goes to the top (SPEC §4).
    return q
      .select({ id: cartLines.id, model_id: cartLines.modelId, num: cartLines.num, quotation_id: cartLines.quotationId })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(desc(cartLines.createdAt), desc(cartLines.id));
  }

  /**
   * The answer for a cart as loaded (loadCart): prices, names and promotions from the read model, stock as read,
   * quotations and freight read with `q` only when the cart has them. With `memo`, lines come from it when
   * nothing they show changed (answerJson).
   */
  async function answer(
    q: Db,
    customerId: number,
    state: CartState,
    statics: Map<number, StaticModel>,
    lang: Lang,
    memo?: LineMemo,
  ): Promise<CartAnswer> {
    const conf = await settings();
    const { row, delivery, coupon } = state;
    const quotes = await cartQuotes(
      q,
      customerId,
      state.lines.map((r) => r.quotation_id),
    );
    // The customer's group as read with the cart, its price list from the read model (decision 157).
    const group = await models.groups.list(row.price_group_id);
    const price = (r: LiveLine, s: StaticModel) => {
      const model: CartModel = { ...s, stock: r.stock, purchasable_qty: r.purchasable_qty, not_for_sale: r.not_for_sale };
      return pricedCartLine({ model, num: r.num, id: r.id, quote: lineQuote(quotes, r.quotation_id, r.model_id), group }, lang);
    };
    const list: CartListLine[] = [];
    for (const r of state.lines) {
      const s = statics.get(r.model_id);
      if (!s) continue;
      list.push(memo ? memo.line(r, s, lang, price, group) : price(r, s));
    }
    // Totals first without freight (volume, parcels, pallets), then with the freight they give: the goods summed once.
    const goods = cartGoods(list);
    const pre = answerOf(list, cartParams(row, delivery, coupon, null), conf, true, goods);
    // An impossible mode (a pallet to a blocked zip…) shows no freight here; the checkout says why, the order refuses.
    const freight =
      row.pickup_method === 2
        ? null
        : await freightFor(q, row, delivery, pre.totals).catch((e: unknown) => {
            if (isDomainError(e)) return null;
            throw e;
          });
    return strip(freight ? answerOf(list, cartParams(row, delivery, coupon, freight), conf, true, goods) : pre);
  }

  /**
   * The answer as JSON text, the same bytes as JSON.stringify(answer): lines priced and serialised only when
   * something they show changed (cart-line-memo.ts); the totals computed by core over every line as always.
   * With `changed` (an add or an edit): `cart_list` holds only the lines of those models, and `cart_models` every
   * line in cart order as [model_id, num], from which the browser keeps its other lines (core patchedLines).
   */
  async function answerJson(
    q: Db,
    customerId: number,
    state: CartState,
    statics: Map<number, StaticModel>,
    lang: Lang,
    changed?: ReadonlySet<number>,
  ): Promise<string> {
    const { cart_info, cart_list } = await answer(q, customerId, state, statics, lang, lineMemo);
    const info = JSON.stringify(cart_info);
    if (!changed) return `{"cart_info":${info},"cart_list":[${cart_list.map(lineMemo.json).join(",")}]}`;
    const shown = cart_list.filter((l) => changed.has(l.model_id)).map(lineMemo.json);
    const order = cart_list.map((l) => `[${l.model_id},${l.num}]`);
    return `{"cart_info":${info},"cart_list":[${shown.join(",")}],"cart_models":[${order.join(",")}]}`;
  }

  /** The customer's cart as SPEC §7 answers it: one statement for the cart, its address, coupon and lines. */
  async function view(ctx: Context): Promise<CartAnswer> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const state = await loadCart(q, customerId);
    if (!state) return strip(buildAnswer([], cartParams(null, null, null, null), await settings(), lang, true));
    return answer(q, customerId, state, await models.catalogue(lang), lang);
  }

  /**
   * The customer's cart answer as JSON text: kept while nothing it shows changes (cart-answers.ts), else built
   * as `view` does. The read-model values it was priced from (`deps`) must still be current to serve it.
   */
  async function viewJson(ctx: Context): Promise<JsonText<CartAnswer>> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const statics = await models.catalogue(lang);
    const conf = await settings();
    const deps = [statics, conf];
    const hit = answers.get(customerId, lang, deps);
    if (hit !== undefined) return hit as JsonText<CartAnswer>;
    const ticket = answers.ticket(customerId);
    const state = await loadCart(q, customerId);
    const json = state
      ? await answerJson(q, customerId, state, statics, lang)
      : JSON.stringify(strip(buildAnswer([], cartParams(null, null, null, null), conf, lang, true)));
    answers.put(ticket, lang, deps, json, keptUntil(state, Date.now()));
    return json as JsonText<CartAnswer>;
  }

  /** Prices an anonymous visitor's lines (writes nothing). Unknown and no-longer-sold models are left out, with a message. */
  async function priceAnonymous(q: Db, entries: readonly CartEntry[], lang: Lang): Promise<CartAnswer & { messages: CartMessage[] }> {
    const { items } = prepareAdd(entries);
    const conf = await settings();
    const limit = checkCartLimit([], items, conf.cartGoodsLimit);
    if (!limit.ok) throw refused("api.carts_out_of_limit", limit.params);
    const found = models.join(
      await models.catalogue(lang),
      await liveModels(
        q,
        items.map((i) => i.model_id),
      ),
    );
    const messages: CartMessage[] = [];
    const priced: PricedLine[] = [];
    for (const i of items) {
      const model = found.get(i.model_id);
      if (!model || model.not_for_sale)
        messages.push({
          model_id: i.model_id,
          key: "api.cart_merge_dropped_unavailable",
          vars: { ref: model?.reference ?? String(i.model_id) },
        });
      else priced.push({ model, num: i.num, id: 0 });
    }
    return { ...strip(buildAnswer(priced, cartParams(null, null, null, null), conf, lang, false)), messages };
  }

  /**
   * Adds quantities (SPEC §5): num ≤ 0 left out, none left refused; then core's decideAdd on the cart's lines and the
   * live counters of the models added (decision 070's order). Answers the totals, the lines of the models added and
   * the cart's order.
   */
  async function add(ctx: Context, entries: readonly CartEntry[]): Promise<JsonText<CartChangeAnswer>> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const { ok, items } = prepareAdd(entries);
    if (!ok) throw refused("api.cart_add_empty");
    const conf = await settings();
    const statics = await models.catalogue(lang);
    const modelIds = items.map((i) => i.model_id);
    const cart = await groups.write(q, {
      customerId,
      modelIds,
      decide: (read) => {
        // A model the read model does not know is not sold: its names and prices are not known.
        const found = models.join(statics, read.models);
        const decision = decideAdd(read.lines, items, found, conf.cartGoodsLimit);
        if (!decision.ok) refuseAdd(decision, (id) => found.get(id) ?? statics.get(id));
        return { put: decision.lines };
      },
    });
    return (await answerJson(q, customerId, cart, statics, lang, new Set(modelIds))) as JsonText<CartChangeAnswer>;
  }

  /**
   * Sets (type 1) or changes by a delta the quantity of one of the caller's lines (by line id, else model id); core's
   * decideEdit removes it at 0 or less, refuses a raise past what may be bought, never a lowering.
   */
  async function edit(ctx: Context, input: EditCartInput): Promise<JsonText<CartChangeAnswer>> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const statics = await models.catalogue(lang);
    let modelId = 0;
    const cart = await groups.write(q, {
      customerId,
      modelIds: [],
      decide: ({ lines }) => {
        const line = lines.find((l) => (input.id != null ? l.id === input.id : l.model_id === input.model_id));
        if (!line) throw refused("api.cart_line_missing");
        modelId = line.model_id;
        const decision = decideEdit(line.num, input.num, input.type, line);
        if (decision.action === "refuse") {
          const reference = statics.get(line.model_id)?.reference ?? "";
          problem(decision.key, { reference, stock: line.stock, purchasable_qty: line.purchasable_qty });
        }
        return decision.action === "remove" ? { remove: [line.id] } : { set: [{ id: line.id, num: decision.num }] };
      },
    });
    return (await answerJson(q, customerId, cart, statics, lang, new Set([modelId]))) as JsonText<CartChangeAnswer>;
  }

  /** Removes the caller's lines by line id or model id; ids of another customer's lines match nothing. */
  async function remove(ctx: Context, ids: readonly number[], modelIds: readonly number[]): Promise<CartAnswer> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const statics = await models.catalogue(lang);
    const cart = await write(q, customerId, async (tx, deferNotice) => {
      const locked = await lockCart(tx, customerId, deferNotice, nothing);
      if (!locked) return null;
      return writeThenRead(tx, customerId, deleteLinesSql(locked.cartId, ids, modelIds));
    });
    return cart ? answer(q, customerId, cart, statics, lang) : view(ctx);
  }

  /**
   * Login merge: the anonymous lines are added to the customer's cart as core's decideMerge says, each within what may
   * be bought; models no longer sold or out of stock are dropped, and new lines past cartGoodsLimit too. Never
   * refused; the messages say what was changed.
   */
  async function merge(ctx: Context, entries: readonly CartEntry[]): Promise<CartAnswer & { messages: CartMessage[] }> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const { items } = prepareAdd(entries);
    if (items.length === 0) return { ...(await view(ctx)), messages: [] };
    const conf = await settings();
    const statics = await models.catalogue(lang);
    const modelIds = items.map((i) => i.model_id);
    const { cart, decided } = await write(q, customerId, async (tx, deferNotice) => {
      const { cartId, read } = await lockOrCreateCart(tx, customerId, deferNotice, linesAndModels(customerId, modelIds));
      const decision = decideMerge(read.lines, items, models.join(statics, read.models), conf.cartGoodsLimit);
      const change = decision.lines.length ? putLinesSql(cartId, decision.lines) : null;
      return { cart: (await writeThenRead(tx, customerId, change))!, decided: decision.messages };
    });
    const messages = decided.map((m) => mergeMessage(m, statics.get(m.model_id)?.reference ?? String(m.model_id)));
    return { ...(await answer(q, customerId, cart, statics, lang)), messages };
  }

  return {
    view,
    viewJson,
    forgetAnswers: answers.forget,
    priceAnonymous,
    add,
    edit,
    remove,
    merge,
    cartRow,
    lines,
    settings,
    models,
    freightFor,
  };
}

/** An add's refusal as the domain error decision 070 names; `model` gives the reference and counters for its text. */
function refuseAdd(
  r: AddRefusal,
  model: (id: number) => { reference: string; stock?: number; purchasable_qty?: number } | undefined,
): never {
  if (r.key === "api.carts_out_of_limit") throw refused(r.key, { num: r.num });
  problem(r.key, model(r.model_id));
}

/** A merge message with its variables: the model's reference, and the quantity kept or the line limit. */
function mergeMessage(m: MergeMessage, ref: string): CartMessage {
  return { model_id: m.model_id, key: m.key, vars: m.num === undefined ? { ref } : { ref, num: m.num } };
}

/**
 * How long a cart answer may be served (decision 091): the catalogue read model's time bound (promotions by
 * date), the next start or end of the coupon's period, and, for quoted lines (valid by shop day, whose
 * midnight falls on a whole UTC hour), the next whole hour.
 */
export function keptUntil(state: Pick<CartState, "coupon" | "lines"> | null, now: number): number {
  let until = now + MODEL_TTL_MS;
  const couponChange = state?.coupon?.next_change;
  if (couponChange) until = Math.min(until, couponChange);
  if (state?.lines.some((l) => l.quotation_id !== null)) until = Math.min(until, (Math.floor(now / HOUR_MS) + 1) * HOUR_MS);
  return until;
}

const HOUR_MS = 3_600_000;

/** The answer without the internal totals object. */
function strip<T extends { totals: unknown }>(a: T): Omit<T, "totals"> {
  const { totals: _t, ...rest } = a;
  return rest;
}

export type CartService = ReturnType<typeof createCartService>;
