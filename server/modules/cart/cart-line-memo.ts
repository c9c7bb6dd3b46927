// Priced cart lines with their JSON, kept by line id and language. A line of a cart answer is a pure function of its
// read-model entry, its quantity, its model's live stock and sale flags and the language (its amount too: core
// lineAmounts reads the line alone), so an entry is reused only when all of these are the same; the totals are still
// computed by core over every line of the cart on each answer. An add or an edit changes one line of a 50-line cart:
// the other 49 are neither priced nor serialised again. Quoted lines (decision 080) are always priced afresh.
import type { Lang } from "#core/lang.ts";
import type { CartListLine, StaticModel } from "./cart-models.ts";
import type { LiveLine } from "./cart-view.ts";
import type { GroupPriceList } from "#core/pricing/group-prices.ts";

/** Lines kept at most (oldest first out): 100 carts of 50 lines, ≈ 1 KB each with their JSON. */
const LINE_MEMO_MAX = 5_000;

type Entry = {
  s: StaticModel;
  /** The price list of the buyer's group it was priced with (null: none). */
  g: GroupPriceList | null;
  num: number;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  line: CartListLine;
  json?: string;
};

export function createLineMemo(max = LINE_MEMO_MAX) {
  /** Per language, by line id (numbers: no key text to build per line). */
  const byLang = new Map<Lang, Map<number, Entry>>();
  let size = 0;
  /** The lines priced by this memo, to their entry (their JSON is taken once their amount is set). */
  const owners = new WeakMap<CartListLine, Entry>();

  /** The kept line for `r` priced from `s`, or `price(r, s)`'s line, kept. */
  function line(
    r: LiveLine,
    s: StaticModel,
    lang: Lang,
    price: (r: LiveLine, s: StaticModel) => CartListLine,
    g: GroupPriceList | null = null,
  ): CartListLine {
    if (r.quotation_id !== null) return price(r, s);
    let entries = byLang.get(lang);
    if (!entries) byLang.set(lang, (entries = new Map()));
    const e = entries.get(r.id);
    if (
      e &&
      e.s === s &&
      e.g === g &&
      e.num === r.num &&
      e.stock === r.stock &&
      e.purchasable_qty === r.purchasable_qty &&
      e.not_for_sale === r.not_for_sale
    )
      return e.line;
    const fresh: Entry = {
      s,
      g,
      num: r.num,
      stock: r.stock,
      purchasable_qty: r.purchasable_qty,
      not_for_sale: r.not_for_sale,
      line: price(r, s),
    };
    if (e) entries.delete(r.id);
    else size++;
    entries.set(r.id, fresh);
    if (size > max) {
      // oldest first out, in the largest language's map
      const biggest = [...byLang.values()].reduce((a, b) => (b.size > a.size ? b : a));
      biggest.delete(biggest.keys().next().value!);
      size--;
    }
    owners.set(fresh.line, fresh);
    return fresh.line;
  }

  /** JSON.stringify(l), kept with a memo line (call it once the line's amount and gifted units are set). */
  function json(l: CartListLine): string {
    const e = owners.get(l);
    if (!e) return JSON.stringify(l);
    return (e.json ??= JSON.stringify(l));
  }

  return { line, json, size: () => size };
}

export type LineMemo = ReturnType<typeof createLineMemo>;
