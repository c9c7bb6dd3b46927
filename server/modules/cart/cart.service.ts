// The customer's server cart and the anonymous cart's pricing (SPEC §4, §5, §7; decision 070). Every
// function takes the handle to use (decision 060); writes run in one transaction that locks the cart row,
// so concurrent writes to one cart queue and the cartGoodsLimit check sees the lines it counts.
import { sql } from "drizzle-orm";
import { preparedQuery, query, type Db } from "#server/db/client.ts";
import { isTransaction, withTransaction } from "#server/db/tx.ts";
import { MODEL_TTL_MS } from "#server/modules/catalogue/list-model.ts";
import { conflict, refused, type Vars } from "#core/domain-errors.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { checkCartLimit, prepareAdd } from "#core/cart/operations.ts";
import { mergeQuantity, quantityProblem, type AvailabilityKey } from "#core/cart/availability.ts";
import type { CartConfig, Freight } from "#core/cart/types.ts";
import type { FreightMeasures } from "#core/freight-tariff.ts";
import { isDomainError } from "#core/domain-errors.ts";
import type { CartEntry, EditCartInput } from "#core/validation/cart.ts";
import type { ConfigService } from "#server/modules/content/config.service.ts";
import { cartQuotes, lineQuote } from "#server/modules/quotations/quoted-lines.ts";
import { createCartAnswers } from "./cart-answers.ts";
import { createCartNotices } from "./cart-notices.ts";
import { createCartWrites } from "./cart-writes.ts";
import { appliedLines, createKnownCarts, type KnownCart, type QuantityTuple } from "./cart-known.ts";
import { createLineMemo, type LineMemo } from "./cart-line-memo.ts";
import { liveModels, type CartListLine, type CartModel, type CartModels, type StaticModel } from "./cart-models.ts";
import {
  answerOf,
  buildAnswer,
  cartConfig,
  cartParams,
  cartState,
  loadCart,
  parsed,
  pricedCartLine,
  type CartAnswer,
  type CartHead,
  type CartRow,
  type CartState,
  type LineTuple,
  type LiveLine,
  type PricedLine,
} from "./cart-view.ts";

/** A change the login merge made to an anonymous line (a message key with its variables). */
export type CartMessage = { model_id: number; key: string; vars: Vars };

/** Freight for the cart answer: a quote when the freight service can give one, else what the cart holds. */
export type FreightFor = (q: Db, cart: CartRow, delivery: { zip_code: string } | null, totals: FreightMeasures) => Promise<Freight | null>;

/** Without a tariff: what the cart holds (tests of the cart alone). */
const storedFreight: FreightFor = async (_q, cart) => cart.freight;

function problem(key: AvailabilityKey, m: CartModel | undefined, limit?: number): never {
  const vars: Vars = { ref: m?.reference ?? "", num: limit ?? 0 };
  if (key === "api.insufficient_stock") throw conflict(key, { ...vars, num: m?.stock ?? 0 });
  if (key === "api.above_purchase_ceiling") throw refused(key, { ...vars, num: m?.purchasable_qty ?? 0 });
  throw refused(key, vars);
}

export function createCartService(config: ConfigService, models: CartModels, freightFor: FreightFor = storedFreight) {
  const settings = async (): Promise<CartConfig> => cartConfig(await config.siteConfig());
  /** Cart list answers as JSON per customer and language (decision 091); `answers.forget` drops them. */
  const answers = createCartAnswers();
  /** Priced lines with their JSON, reused while nothing they show changes (decision 096). */
  const lineMemo = createLineMemo();
  /** The add and edit calls' cart notices, sent after their commit (decision 105). */
  const notices = createCartNotices();
  /** The autocommitted add and edit calls of a moment, one statement (decision 108). */
  const writes = createCartWrites();
  /** The lines of the carts written lately, at their version: their writes answer the lines changed (decision 109). */
  const known = createKnownCarts();

  /**
   * The cart's lines after an autocommitted write answered `res`: every line, or those of `models` put in place in
   * the lines `base` held (the cart was at base's version). Kept for the next write.
   */
  function linesAfter(customerId: number, res: WriteLines, base: KnownCart | undefined, models: Iterable<number>): QuantityTuple[] {
    let lines: QuantityTuple[];
    if (res.lines !== undefined) lines = parsed(res.lines) ?? [];
    else if (base && res.changed !== undefined) lines = appliedLines(base.lines, models, parsed(res.changed) ?? []);
    else throw new Error("a cart write answered changed lines to a caller that knew none");
    known.put(customerId, { cart: res.cart, version: res.version, lines });
    return lines;
  }

  /** The customer's cart row, created when missing; `lock` holds it until the transaction ends. */
  async function cartRow(q: Db, customerId: number, lock: boolean): Promise<CartRow> {
    const select = () =>
      query<CartRow>(
        q,
        sql`
      select id, customer_id, delivery_addr_id, invoice_addr_id, pickup_method, shop_id, coupon_id, extra_options, freight, delivery_mode, note
      from carts where customer_id = ${customerId} ${lock ? sql`for update` : sql``}`,
      );
    const [row] = await select();
    if (row) return row;
    await query(q, sql`insert into carts (customer_id) values (${customerId}) on conflict (customer_id) do nothing`);
    return (await select())[0];
  }

  async function lines(q: Db, cartId: number): Promise<{ id: number; model_id: number; num: number; quotation_id: number | null }[]> {
    // Newest first: an added model goes to the top (SPEC §4).
    return query(
      q,
      sql`select id, model_id, num, quotation_id from cart_lines where cart_id = ${cartId} order by created_at desc, id desc`,
    );
  }

  /**
   * The answer for a cart as loaded (loadCart): prices, names and promotions from the read model, stock as read,
   * quotations and freight read with `q` only when the cart has them. With `memo`, lines come from it when
   * nothing they show changed (answerJson). With `changed`, only those models' lines are shown: the others count
   * in the totals only, and their live counters are not known (`state` from an add or an edit, decision 108).
   */
  async function answer(
    q: Db,
    customerId: number,
    state: CartState,
    statics: Map<number, StaticModel>,
    lang: Lang,
    memo?: LineMemo,
    changed?: ReadonlySet<number>,
  ): Promise<CartAnswer> {
    const conf = await settings();
    const { row, delivery, coupon } = state;
    const quotes = await cartQuotes(
      q,
      customerId,
      state.lines.map((r) => r.quotation_id),
    );
    const price = (r: LiveLine, s: StaticModel) => {
      const model: CartModel = { ...s, stock: r.stock, purchasable_qty: r.purchasable_qty, not_for_sale: r.not_for_sale };
      return pricedCartLine({ model, num: r.num, id: r.id, quote: lineQuote(quotes, r.quotation_id, r.model_id) }, lang);
    };
    const list: CartListLine[] = [];
    for (const r of state.lines) {
      const s = statics.get(r.model_id);
      if (!s) continue;
      list.push(memo ? memo.line(r, s, lang, price, changed !== undefined && !changed.has(r.model_id)) : price(r, s));
    }
    // Totals first without freight (volume, parcels, pallets), then with the freight they give.
    const pre = answerOf(list, cartParams(row, delivery, coupon, null), conf, true);
    // An impossible mode (a pallet to a blocked zip…) shows no freight here; the checkout says why, the order refuses.
    const freight =
      row.pickup_method === 2
        ? null
        : await freightFor(q, row, delivery, pre.totals).catch((e: unknown) => {
            if (isDomainError(e)) return null;
            throw e;
          });
    return strip(freight ? answerOf(list, cartParams(row, delivery, coupon, freight), conf, true) : pre);
  }

  /**
   * The answer as JSON text, the same bytes as JSON.stringify(answer): lines priced and serialised only when
   * something they show changed (cart-line-memo.ts); the totals computed by core over every line as always.
   * With `changed` (an add or an edit, decision 108): `cart_list` holds only the lines of those models, and
   * `cart_models` every line in cart order as [model_id, num], from which the client keeps its other lines.
   */
  async function answerJson(
    q: Db,
    customerId: number,
    state: CartState,
    statics: Map<number, StaticModel>,
    lang: Lang,
    changed?: ReadonlySet<number>,
  ): Promise<string> {
    const { cart_info, cart_list } = await answer(q, customerId, state, statics, lang, lineMemo, changed);
    const info = JSON.stringify(cart_info);
    if (!changed) return `{"cart_info":${info},"cart_list":[${cart_list.map(lineMemo.json).join(",")}]}`;
    const shown = cart_list.filter((l) => changed.has(l.model_id)).map(lineMemo.json);
    const order = cart_list.map((l) => `[${l.model_id},${l.num}]`);
    return `{"cart_info":${info},"cart_list":[${shown.join(",")}],"cart_models":[${order.join(",")}]}`;
  }

  /** The customer's cart as SPEC §7 answers it: one statement for the cart, its address, coupon and lines. */
  async function view(q: Db, customerId: number, lang: Lang): Promise<CartAnswer> {
    const state = await loadCart(q, customerId, { lock: false, lines: true });
    if (!state) return strip(buildAnswer([], cartParams(null, null, null, null), await settings(), lang, true));
    return answer(q, customerId, state, await models.catalogue(lang), lang);
  }

  /**
   * The customer's cart answer as JSON text: kept while nothing it shows changes (cart-answers.ts), else built
   * as `view` does. The read-model values it was priced from (`deps`) must still be current to serve it.
   */
  async function viewJson(q: Db, customerId: number, lang: Lang): Promise<string> {
    const statics = await models.catalogue(lang);
    const conf = await settings();
    const deps = [statics, conf];
    const hit = answers.get(customerId, lang, deps);
    if (hit !== undefined) return hit;
    const ticket = answers.ticket(customerId);
    const state = await loadCart(q, customerId, { lock: false, lines: true });
    const json = state
      ? await answerJson(q, customerId, state, statics, lang)
      : JSON.stringify(strip(buildAnswer([], cartParams(null, null, null, null), conf, lang, true)));
    answers.put(ticket, lang, deps, json, keptUntil(state, Date.now()));
    return json;
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
   * Adds quantities (SPEC §5): num ≤ 0 left out, none left = refused; each resulting line within stock and ceiling.
   * One call of comptoir_cart_add (migration 0024, decision 096; with the other autocommitted writes of the moment
   * in one statement, decision 108): the cart row locked (concurrent writes to
   * one cart queue, so the cartGoodsLimit count is exact), core's rules checked on what it read under the lock,
   * the items upserted only when they hold. The refusal is explained here by core from the same data, in the
   * order of decision 070; the answer is built from the cart it returns (no re-read): the totals and the lines
   * of the models added, with the cart's order (decision 108).
   */
  async function add(q: Db, customerId: number, entries: readonly CartEntry[], lang: Lang): Promise<string> {
    const { ok, items } = prepareAdd(entries);
    if (!ok) throw refused("api.cart_add_empty");
    const conf = await settings();
    const statics = await models.catalogue(lang);
    // A model the read model does not know is refused before anything is written.
    if (items.some((i) => !statics.has(i.model_id))) problem("api.cart_items_unavailable", undefined);
    const limit = conf.cartGoodsLimit && conf.cartGoodsLimit > 0 ? conf.cartGoodsLimit : 0;
    const pairs = items.map((i): [number, number] => [i.model_id, i.num]);
    let res: AddResult;
    let lines: QuantityTuple[];
    if (isTransaction(q)) {
      // in a transaction that may yet roll back: every line, nothing kept
      const [{ r }] = await preparedQuery<{ r: AddResult | string }>(
        q,
        sql`select comptoir_cart_add(${customerId}, ${JSON.stringify(pairs)}::json, ${limit}) as r`,
      );
      res = parsed(r)!;
      lines = parsed(res.lines) ?? [];
    } else {
      // autocommitted: with the other writes of the moment, and the notice is ours to send (decisions 105, 108)
      const base = known.get(customerId);
      const r = await writes.write(q, { kind: "add", customerId, items: pairs, limit, known: base ? [base.cart, base.version] : null });
      await notices.changed(q, customerId);
      res = parsed(r as AddResult | string)!;
      lines = linesAfter(
        customerId,
        res,
        base,
        pairs.map((p) => p[0]),
      );
    }
    const refusal = addRefusal(res, lines, items, statics, conf.cartGoodsLimit);
    if (refusal) {
      if (res.written) throw new Error("comptoir_cart_add wrote an add core refuses");
      refusal();
    }
    if (!res.written) throw new Error("comptoir_cart_add refused an add core accepts");
    const live = new Map(res.sold.map(([id, stock, purchasable_qty]) => [id, { stock, purchasable_qty, not_for_sale: false }]));
    return answerJson(q, customerId, changedState(res.head, lines, live), statics, lang, new Set(live.keys()));
  }

  /** Sets (type 1) or changes by a delta the quantity of one of the caller's lines; a delta reaching 0 or less removes it. */
  async function edit(q: Db, customerId: number, input: EditCartInput, lang: Lang): Promise<string> {
    const statics = await models.catalogue(lang);
    // One call of comptoir_cart_edit (migration 0024; batched as the add): the cart row locked, the line read, then changed
    // only when core's rule below holds on what it read (raising needs stock and ceiling; lowering never refused).
    const line = input.id ?? null;
    const model = input.model_id ?? null;
    let res: EditResult;
    let base: KnownCart | undefined;
    if (isTransaction(q)) {
      const [{ r }] = await preparedQuery<{ r: EditResult | string }>(
        q,
        sql`select comptoir_cart_edit(${customerId}, ${line}::int, ${model}::int, ${input.type === 1}, ${input.num}) as r`,
      );
      res = parsed(r)!;
    } else {
      base = known.get(customerId);
      const op = { kind: "edit", customerId, line, model, set: input.type === 1, num: input.num } as const;
      const r = await writes.write(q, { ...op, known: base ? [base.cart, base.version] : null });
      await notices.changed(q, customerId);
      res = parsed(r as EditResult | string)!;
    }
    if (!res.found) throw refused("api.cart_line_missing");
    const [, modelId, old, num, stock, purchasable_qty, not_for_sale] = res.line;
    const lines = isTransaction(q) ? (parsed(res.lines) ?? []) : linesAfter(customerId, res, base, [modelId]);
    const p = num > 0 && num > old ? quantityProblem({ stock, purchasable_qty, not_for_sale }, num) : null;
    if (p) {
      if (res.written) throw new Error("comptoir_cart_edit wrote a quantity core refuses");
      const s = statics.get(modelId);
      problem(p, s && { ...s, stock, purchasable_qty, not_for_sale });
    }
    if (!res.written) throw new Error("comptoir_cart_edit refused a quantity core accepts");
    const live = new Map([[modelId, { stock, purchasable_qty, not_for_sale }]]);
    return answerJson(q, customerId, changedState(res.head, lines, live), statics, lang, new Set([modelId]));
  }

  /** Removes the caller's lines by line id or model id; ids of another customer's lines match nothing. */
  async function remove(q: Db, customerId: number, ids: readonly number[], modelIds: readonly number[], lang: Lang): Promise<CartAnswer> {
    const list = (xs: readonly number[]) =>
      xs.length
        ? sql.join(
            xs.map((x) => sql`${x}`),
            sql`, `,
          )
        : sql`null`;
    // The cart row locked first, as every write of its lines does: the lines' trigger then moves the cart's version
    // on (migration 0029) without waiting for the cart while holding lines a concurrent add waits for.
    await query(
      q,
      sql`
      delete from cart_lines where cart_id = (select id from carts where customer_id = ${customerId} for update)
      and (id in (${list(ids)}) or model_id in (${list(modelIds)}))`,
    );
    return view(q, customerId, lang);
  }

  /**
   * Login merge: the anonymous lines are added to the customer's cart, each limited to what may be bought
   * (stock, ceiling); models no longer sold or out of stock are dropped, and lines past cartGoodsLimit too.
   * The messages say what was changed.
   */
  async function merge(
    q: Db,
    customerId: number,
    entries: readonly CartEntry[],
    lang: Lang,
  ): Promise<CartAnswer & { messages: CartMessage[] }> {
    const { items } = prepareAdd(entries);
    const conf = await settings();
    const messages: CartMessage[] = [];
    const statics = await models.catalogue(lang);
    if (items.length > 0) {
      await withTransaction(q, async (tx) => {
        const cart = await cartRow(tx, customerId, true);
        const current = await lines(tx, cart.id);
        const byModel = new Map(current.map((l) => [l.model_id, l]));
        const found = models.join(
          statics,
          await liveModels(
            tx,
            items.map((i) => i.model_id),
          ),
        );
        const limit = conf.cartGoodsLimit && conf.cartGoodsLimit > 0 ? conf.cartGoodsLimit : Infinity;
        let count = current.length;
        for (const i of items) {
          const m = found.get(i.model_id);
          const existing = byModel.get(i.model_id);
          const ref = m?.reference ?? String(i.model_id);
          const outcome = mergeQuantity(m, existing?.num ?? 0, i.num);
          if (outcome.action === "drop") {
            messages.push({ model_id: i.model_id, key: outcome.key, vars: { ref } });
            continue;
          }
          if (!existing && count >= limit) {
            messages.push({ model_id: i.model_id, key: "api.cart_merge_dropped_limit", vars: { ref, num: limit } });
            continue;
          }
          if (outcome.action === "reduce") messages.push({ model_id: i.model_id, key: outcome.key, vars: { ref, num: outcome.num } });
          if (existing) {
            if (outcome.num !== existing.num)
              await query(tx, sql`update cart_lines set num = ${outcome.num}, quotation_id = null where id = ${existing.id}`);
          } else {
            await query(tx, sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${i.model_id}, ${outcome.num})`);
            count++;
          }
        }
        await touch(tx, cart.id);
      });
    }
    return { ...(await view(q, customerId, lang)), messages };
  }

  async function touch(tx: Db, cartId: number) {
    await query(tx, sql`update carts set updated_at = now() where id = ${cartId}`);
  }

  return {
    view,
    viewJson,
    forgetAnswers: answers.forget,
    /** The lines this process holds for the customer's cart, at their version (decision 109; tests). */
    knownCart: known.get,
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

/** The live part of a line's model (stock counters and sale flags as read in the transaction). */
const live = (l: LiveLine | undefined) =>
  l
    ? { stock: l.stock, purchasable_qty: l.purchasable_qty, not_for_sale: l.not_for_sale }
    : { stock: 0, purchasable_qty: 0, not_for_sale: true };

/**
 * The cart's lines as a write answers them (migration 0029): the cart and its lines version after the write, and
 * every line (`lines`), or, when the caller knew the lines at the version the write found, the lines of the models
 * written (`changed`).
 */
type WriteLines = { cart: number; version: number; lines?: QuantityTuple[] | string; changed?: QuantityTuple[] | string };
type AddResult = WriteLines & {
  written: boolean;
  /** What the guard read for each item whose model is sold: [model_id, stock, purchasable_qty, resulting num]. */
  sold: [number, number, number, number][];
  head: CartHead;
};
type EditResult =
  | { found: false }
  | (WriteLines & {
      found: true;
      written: boolean;
      line: [number, number, number, number, number, number, boolean];
      head: CartHead;
    });
type Counters = Pick<LiveLine, "stock" | "purchasable_qty" | "not_for_sale">;

/**
 * The cart as an add or an edit answers it: every line's quantity, and the live counters of the lines in `live`
 * only (the others count in the totals, not shown: their counters are NaN, never compared equal in the memo).
 */
function changedState(head: CartHead | string, lines: readonly QuantityTuple[], live: Map<number, Counters>): CartState {
  const unknown: Counters = { stock: NaN, purchasable_qty: NaN, not_for_sale: false };
  const full: LineTuple[] = lines.map(([id, model_id, num, quotation_id]) => {
    const c = live.get(model_id) ?? unknown;
    return [id, model_id, num, quotation_id, c.stock, c.purchasable_qty, c.not_for_sale];
  });
  return cartState(head, full);
}

/**
 * Why core refuses an add, given what comptoir_cart_add read under the cart lock (null: core accepts), in the
 * order of decision 070: an item unknown, not for sale or withdrawn; more distinct lines than cartGoodsLimit;
 * then each resulting line, by model id, against stock then ceiling. The function's guard is these rules.
 */
function addRefusal(
  res: AddResult,
  lines: readonly QuantityTuple[],
  items: readonly { model_id: number; num: number }[],
  statics: Map<number, StaticModel>,
  cartGoodsLimit: number | null | undefined,
): (() => never) | null {
  const sold = new Map(res.sold.map(([model_id, stock, purchasable_qty, num]) => [model_id, { stock, purchasable_qty, num }]));
  const model = (id: number) => {
    const s = statics.get(id);
    const l = sold.get(id);
    return s && { ...s, ...(l ? { stock: l.stock, purchasable_qty: l.purchasable_qty, not_for_sale: false } : live(undefined)) };
  };
  for (const i of items) if (!sold.has(i.model_id)) return () => problem("api.cart_items_unavailable", model(i.model_id));
  // the distinct models of the cart after the add, as the guard counts them: its lines and the items
  const after = new Set([...lines.map((l) => l[1]), ...items.map((i) => i.model_id)]);
  const limit = checkCartLimit(
    [...after].map((model_id) => ({ model_id, num: 1 })),
    [],
    cartGoodsLimit,
  );
  if (!limit.ok)
    return () => {
      throw refused("api.carts_out_of_limit", limit.params);
    };
  for (const [id, l] of [...sold].sort((x, y) => x[0] - y[0])) {
    const m = model(id)!;
    const p = quantityProblem(m, l.num);
    if (p) return () => problem(p, m);
  }
  return null;
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
