// What a write of a customer's server cart does (SPEC §4, §5; decisions 070, 113), decided from the cart's lines and
// the live counters of the models concerned, as the server read them under the cart's lock. Each rule is one
// function of its own (prepareAdd, checkCartLimit, updatedQuantity in operations.ts; isSold, quantityProblem,
// mergeQuantity in availability.ts); these put them in the order decision 070 gives. Pure: the server reads,
// calls one of these, and writes what it answers.
import { isSold, mergeQuantity, quantityProblem, type Availability, type AvailabilityKey, type MergeOutcome } from "./availability.ts";
import { checkCartLimit, updatedQuantity, type UpdateType } from "./operations.ts";

/** A cart line's model and quantity. */
export type Quantity = { model_id: number; num: number };

/** The live counters of the models concerned, by model id; a model absent is unknown (not sold). */
type ModelsAvailability = ReadonlyMap<number, Availability>;

export type AddRefusal = { key: AvailabilityKey; model_id: number } | { key: "api.carts_out_of_limit"; num: number };

type AddDecision = { ok: true; lines: Quantity[] } | ({ ok: false } & AddRefusal);

/**
 * An add of `items` (prepareAdd's: positive quantities, one item per model) to a cart holding `cart`. Refused, in this
 * order: an item whose model is not sold (the first in the items' order); more distinct lines than cartGoodsLimit;
 * a resulting line (what the cart held plus the item) that quantityProblem refuses, the first by model id. Else
 * `lines`: the quantity of each item's line after the add, in the items' order.
 */
export function decideAdd(
  cart: readonly Quantity[],
  items: readonly Quantity[],
  models: ModelsAvailability,
  cartGoodsLimit: number | null | undefined,
): AddDecision {
  const unsold = items.find((i) => !isSold(models.get(i.model_id)));
  if (unsold) return { ok: false, key: "api.cart_items_unavailable", model_id: unsold.model_id };
  const limit = checkCartLimit(cart, items, cartGoodsLimit);
  if (!limit.ok) return { ok: false, key: "api.carts_out_of_limit", num: limit.params.num };
  const held = new Map(cart.map((l) => [l.model_id, l.num]));
  const lines = items.map((i) => ({ model_id: i.model_id, num: (held.get(i.model_id) ?? 0) + i.num }));
  for (const l of [...lines].sort((a, b) => a.model_id - b.model_id)) {
    const key = quantityProblem(models.get(l.model_id), l.num);
    if (key) return { ok: false, key, model_id: l.model_id };
  }
  return { ok: true, lines };
}

type EditDecision = { action: "remove" } | { action: "set"; num: number } | { action: "refuse"; key: AvailabilityKey };

/**
 * An edit of a line holding `held` units (updatedQuantity: type 1 sets, another type adds a delta): at 0 or less the
 * line is removed; a raise must pass quantityProblem; keeping or lowering a quantity is never refused, so that a
 * customer can bring down a line the stock fell below.
 */
export function decideEdit(held: number, num: number, type: UpdateType, model: Availability | undefined): EditDecision {
  const wanted = updatedQuantity(held, num, type);
  if (wanted <= 0) return { action: "remove" };
  const key = wanted > held ? quantityProblem(model, wanted) : null;
  return key ? { action: "refuse", key } : { action: "set", num: wanted };
}

/** What the login merge tells of a line it changed or left out; `num` is the quantity kept or the line limit. */
export type MergeMessage = {
  model_id: number;
  key: Exclude<MergeOutcome, { action: "keep" }>["key"] | "api.cart_merge_dropped_limit";
  num?: number;
};

type MergeDecision = { lines: Quantity[]; messages: MergeMessage[] };

/**
 * The login merge of the anonymous `items` (prepareAdd's) into a cart holding `cart`; never refused as a whole. Each
 * item in turn: mergeQuantity adds it to what the cart holds and keeps it within what may be bought, or drops it; a
 * model the cart lacks is dropped when one more line would break cartGoodsLimit. `lines`: the lines whose quantity
 * changes, with their new quantity, in the items' order; `messages`: one per item reduced or dropped.
 */
export function decideMerge(
  cart: readonly Quantity[],
  items: readonly Quantity[],
  models: ModelsAvailability,
  cartGoodsLimit: number | null | undefined,
): MergeDecision {
  const after = new Map(cart.map((l) => [l.model_id, l.num]));
  const lines: Quantity[] = [];
  const messages: MergeMessage[] = [];
  for (const i of items) {
    const held = after.get(i.model_id);
    const outcome = mergeQuantity(models.get(i.model_id), held ?? 0, i.num);
    if (outcome.action === "drop") {
      messages.push({ model_id: i.model_id, key: outcome.key });
      continue;
    }
    if (held === undefined) {
      const limit = checkCartLimit(
        [...after].map(([model_id, num]) => ({ model_id, num })),
        [i],
        cartGoodsLimit,
      );
      if (!limit.ok) {
        messages.push({ model_id: i.model_id, key: "api.cart_merge_dropped_limit", num: limit.params.num });
        continue;
      }
    }
    if (outcome.action === "reduce") messages.push({ model_id: i.model_id, key: outcome.key, num: outcome.num });
    if (outcome.num !== held) lines.push({ model_id: i.model_id, num: outcome.num });
    after.set(i.model_id, outcome.num);
  }
  return { lines, messages };
}
