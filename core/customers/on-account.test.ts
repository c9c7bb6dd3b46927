import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { availableCents, daysOverdue, dueDate, onAccountDecision, shopDay } from "./on-account.ts";

const terms = (limitCents: number, allowed = true) => ({ allowed, days: 30, limitCents });

describe("payment on account", () => {
  it("allows an order up to the limit, equal included, and says what is left", () => {
    expect(onAccountDecision(terms(100_000), 0, 100_000)).toEqual({ ok: true, availableAfterCents: 0 });
    expect(onAccountDecision(terms(100_000), 40_000, 40_000)).toEqual({ ok: true, availableAfterCents: 20_000 });
    expect(onAccountDecision(terms(100_000), 80_000, 40_000)).toEqual({
      ok: false,
      key: "api.on_account_limit_exceeded",
      availableCents: 20_000,
    });
  });

  it("refuses a customer without terms, whatever the amounts", () => {
    expect(onAccountDecision(terms(100_000, false), 0, 1)).toEqual({ ok: false, key: "api.on_account_not_allowed" });
  });

  it("never offers a negative amount when the outstanding is above a lowered limit", () => {
    expect(availableCents(50_000, 80_000)).toBe(0);
    expect(onAccountDecision(terms(50_000), 80_000, 1)).toMatchObject({ availableCents: 0 });
  });

  it("never lets the outstanding pass the limit, however orders follow one another", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 30 }),
        (limit, orders) => {
          let outstanding = 0;
          for (const o of orders) {
            const d = onAccountDecision(terms(limit), outstanding, o);
            if (d.ok) {
              outstanding += o;
              expect(d.availableAfterCents).toBe(limit - outstanding);
            } else if (d.key === "api.on_account_limit_exceeded") {
              expect(o).toBeGreaterThan(d.availableCents);
              expect(d.availableCents).toBe(availableCents(limit, outstanding));
            }
            expect(outstanding).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it("accepts exactly when the order fits in what is available", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.integer({ min: 1, max: 10_000_000 }), (limit, outstanding, order) => {
        expect(onAccountDecision(terms(limit), outstanding, order).ok).toBe(outstanding + order <= limit);
      }),
    );
  });

  it("dates the invoice's due date N calendar days after its issue, across months and years", () => {
    expect(dueDate("2026-11-28", 30)).toBe("2026-12-28");
    expect(dueDate("2026-12-15", 30)).toBe("2027-01-14");
    expect(dueDate("2028-02-01", 28)).toBe("2028-02-29");
  });

  it("takes the shop's day in Paris time", () => {
    expect(shopDay(new Date("2026-11-28T23:30:00Z"))).toBe("2026-11-29");
    expect(shopDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
  });

  it("counts the days overdue from the day after the due date", () => {
    expect(daysOverdue("2026-11-28", "2026-11-28")).toBe(0);
    expect(daysOverdue("2026-11-28", "2026-11-29")).toBe(1);
    expect(daysOverdue("2026-12-30", "2026-11-29")).toBe(0);
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }), fc.nat(400), (d, n) => {
        const day = d.toISOString().slice(0, 10);
        expect(daysOverdue(day, dueDate(day, n))).toBe(n);
        expect(daysOverdue(dueDate(day, n), day)).toBe(0);
      }),
    );
  });
});
