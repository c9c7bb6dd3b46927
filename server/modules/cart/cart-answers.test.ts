// The kept cart answers (decision 091): served only while built from the current read model and within their
// time bound, never kept when a drop happened while they were built, bounded in number.
import { describe, expect, it } from "vitest";
import { createCartAnswers } from "./cart-answers.ts";
import { keptUntil } from "./cart.service.ts";
import { MODEL_TTL_MS } from "#server/modules/catalogue/list-model.ts";

const line = (quotation_id: number | null) => ({
  id: 1,
  model_id: 1,
  num: 1,
  quotation_id,
  stock: 1,
  purchasable_qty: 1,
  not_for_sale: false,
});

describe("cart answers", () => {
  const deps = [new Map(), {}];

  it("serves an answer per customer and language built from the same read-model values", () => {
    const a = createCartAnswers();
    expect(a.put(a.ticket(1), "fr", deps, '{"fr":1}', Date.now() + 1000)).toBe(true);
    expect(a.get(1, "fr", deps)).toBe('{"fr":1}');
    expect(a.get(1, "zh", deps)).toBeUndefined();
    expect(a.get(2, "fr", deps)).toBeUndefined();
    // a reloaded catalogue or config (a new object) makes it stale
    expect(a.get(1, "fr", [new Map(), deps[1]])).toBeUndefined();
    expect(a.get(1, "fr", deps)).toBeUndefined(); // and it is gone
  });

  it("drops the answers of one customer, or of all", () => {
    const a = createCartAnswers();
    for (const c of [1, 2]) for (const lang of ["fr", "zh"] as const) a.put(a.ticket(c), lang, deps, `${c}${lang}`, Date.now() + 1000);
    a.forget([1]);
    expect([a.get(1, "fr", deps), a.get(1, "zh", deps), a.get(2, "zh", deps)]).toEqual([undefined, undefined, "2zh"]);
    a.forget(null);
    expect(a.size()).toBe(0);
  });

  it("does not keep an answer built while a drop of its customer or of all happened", () => {
    const a = createCartAnswers();
    const t1 = a.ticket(1);
    a.forget([1]);
    expect(a.put(t1, "fr", deps, "stale", Date.now() + 1000)).toBe(false);
    const t2 = a.ticket(2);
    a.forget([1]); // another customer's drop does not matter
    expect(a.put(t2, "fr", deps, "fresh", Date.now() + 1000)).toBe(true);
    const t3 = a.ticket(3);
    a.forget(null);
    expect(a.put(t3, "fr", deps, "stale", Date.now() + 1000)).toBe(false);
    expect(a.get(3, "fr", deps)).toBeUndefined();
    // a ticket taken after the drops is good
    expect(a.put(a.ticket(1), "fr", deps, "fresh", Date.now() + 1000)).toBe(true);
  });

  it("serves an answer until its time bound only", () => {
    let now = 1_000;
    const a = createCartAnswers(10, () => now);
    a.put(a.ticket(1), "fr", deps, "x", 2_000);
    now = 1_999;
    expect(a.get(1, "fr", deps)).toBe("x");
    now = 2_000;
    expect(a.get(1, "fr", deps)).toBeUndefined();
    expect(a.put(a.ticket(1), "fr", deps, "x", 2_000)).toBe(false); // already past
  });

  it("keeps at most `max` answers, the least recently used leaving first", () => {
    const a = createCartAnswers(2);
    const until = Date.now() + 1000;
    a.put(a.ticket(1), "fr", deps, "1", until);
    a.put(a.ticket(2), "fr", deps, "2", until);
    expect(a.get(1, "fr", deps)).toBe("1"); // 1 used last
    a.put(a.ticket(3), "fr", deps, "3", until);
    expect([a.get(1, "fr", deps), a.get(2, "fr", deps), a.get(3, "fr", deps)]).toEqual(["1", undefined, "3"]);
  });

  it("bounds an answer by the read model's reload, the coupon's next change and, for quoted lines, the next whole hour", () => {
    const now = Date.UTC(2026, 10, 23, 22, 59, 0);
    expect(keptUntil(null, now)).toBe(now + MODEL_TTL_MS);
    expect(keptUntil({ coupon: null, lines: [line(null)] }, now)).toBe(now + MODEL_TTL_MS);
    const coupon = { id: 1, code: "X", customer_id: null, value: null, amount: "5", min_amount: "0", max_uses: 9, uses: 0, valid: true };
    expect(keptUntil({ coupon: { ...coupon, next_change: now + 5_000 }, lines: [] }, now)).toBe(now + 5_000);
    expect(keptUntil({ coupon: { ...coupon, next_change: null }, lines: [] }, now)).toBe(now + MODEL_TTL_MS);
    // a quotation's validity changes at the shop's midnight, which falls on a whole UTC hour
    const late = Date.UTC(2026, 10, 23, 22, 59, 30);
    expect(keptUntil({ coupon: null, lines: [line(null), line(7)] }, late)).toBe(Date.UTC(2026, 10, 23, 23, 0, 0));
  });
});
