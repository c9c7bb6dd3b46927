import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { couponFormSchema, clientNumbersOf, endSchema, promotionFormSchema, promotionListSchema } from "./promotions.ts";

const coupon = { code: "noel-10", kind: "percent", value: "10", min_amount: "150", from: "2026-12-01", to: "2026-12-31", max_uses: "100" };
/** Each field's first message, as the pages show it (admin/form.ts fieldMessages). */
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe("the coupon form", () => {
  it("reads a percentage as the stored fraction, the code in capitals, every customer by default", () => {
    expect(couponFormSchema.parse(coupon)).toEqual({
      id: undefined,
      code: "NOEL-10",
      value: "0.1000",
      amount: null,
      min_amount: "150.00",
      from: "2026-12-01",
      to: "2026-12-31",
      max_uses: 100,
      per_customer: null,
      customers: [],
    });
  });

  it("reads an amount off (a comma too), no minimum and no end", () => {
    const r = couponFormSchema.parse({ ...coupon, id: "7", kind: "amount", value: "12,5", min_amount: "", to: "", per_customer: "1" });
    expect(r).toMatchObject({ id: 7, value: null, amount: "12.50", min_amount: "0.00", to: null, per_customer: 1 });
  });

  it("reads the chosen customers' numbers split on spaces, commas, semicolons and lines, in capitals, each once", () => {
    const r = couponFormSchema.parse({ ...coupon, customers: " c100001, c100002;C100001\r\n\tC100003 " });
    expect(r.customers).toEqual(["C100001", "C100002", "C100003"]);
    expect(clientNumbersOf("")).toEqual([]);
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{3,20}$/), { maxLength: 30 }),
        fc.constantFrom(" ", ",", ";", "\n", " , "),
        (ns, sep) => {
          const read = clientNumbersOf(ns.join(sep));
          expect(read).toEqual([...new Set(ns.map((n) => n.toUpperCase()))]);
        },
      ),
    );
  });

  it("accepts 100 % and a one-day period", () => {
    expect(couponFormSchema.parse({ ...coupon, value: "100", to: "2026-12-01" }).value).toBe("1.0000");
  });

  it.each([
    [{ code: "ab" }, "code", "promotions.code_invalid"],
    [{ code: "NOËL" }, "code", "promotions.code_invalid"],
    [{ code: "A".repeat(41) }, "code", "promotions.code_invalid"],
    [{ code: "a b c" }, "code", "promotions.code_invalid"],
    [{ kind: "gift" }, "kind", "promotions.kind_invalid"],
    [{ value: "0" }, "value", "promotions.percent_invalid"],
    [{ value: "100.01" }, "value", "promotions.percent_invalid"],
    [{ value: "" }, "value", "promotions.percent_invalid"],
    [{ kind: "amount", value: "0" }, "value", "promotions.amount_invalid"],
    [{ value: "-5" }, "value", "promotions.value_invalid"],
    [{ value: "1.234" }, "value", "promotions.value_invalid"],
    [{ min_amount: "-1" }, "min_amount", "promotions.min_amount_invalid"],
    [{ from: "2026-02-30" }, "from", "promotions.from_invalid"],
    [{ to: "31/12/2026" }, "to", "promotions.to_invalid"],
    [{ to: "2026-11-30" }, "to", "promotions.period_invalid"],
    [{ max_uses: "0" }, "max_uses", "promotions.uses_invalid"],
    [{ max_uses: "1.5" }, "max_uses", "promotions.uses_invalid"],
    [{ max_uses: "2000000" }, "max_uses", "promotions.uses_invalid"],
    [{ customers: "C100001 a@b" }, "customers", "promotions.customers_invalid"],
    [{ customers: "AB" }, "customers", "promotions.customers_invalid"],
    [{ customers: Array.from({ length: 501 }, (_, i) => `C${100000 + i}`).join(" ") }, "customers", "promotions.customers_too_many"],
    [{ customers: "x".repeat(12_001) }, "customers", "promotions.customers_too_many"],
    [{ customers: "C100001\u0000" }, "customers", "validation.control_characters"],
    [{ per_customer: "0" }, "per_customer", "promotions.per_customer_invalid"],
    [{ per_customer: "101" }, "per_customer", "promotions.per_customer_above_total"],
    [{ code: "AB\u0000C" }, "code", "validation.control_characters"],
  ])("refuses %j", (change, field, message) => {
    expect(issues(couponFormSchema.safeParse({ ...coupon, ...change }))[field]).toBe(message);
  });

  it("needs an id to end one", () => {
    expect(endSchema.parse({ id: "3" })).toEqual({ id: 3 });
    expect(endSchema.safeParse({ id: "x" }).success).toBe(false);
  });
});

const promotion = { reference: "VER-BOC-250", min_qty: "10", percent: "8", gifted_units: "", series: "", from: "2026-12-01", to: "" };

describe("the promotion form", () => {
  it("reads a percentage, no gift, no series, no end", () => {
    expect(promotionFormSchema.parse(promotion)).toEqual({
      id: undefined,
      reference: "VER-BOC-250",
      min_qty: 10,
      value: "0.0800",
      gifted_units: null,
      series: null,
      from: "2026-12-01",
      to: null,
    });
  });

  it("reads gifted units alone (no percentage) and a mixed series in capitals", () => {
    expect(promotionFormSchema.parse({ ...promotion, percent: "", gifted_units: "1", series: "mix-ver" })).toMatchObject({
      value: "0.0000",
      gifted_units: 1,
      series: "MIX-VER",
    });
  });

  it.each([
    [{ reference: "" }, "reference", "promotions.reference_invalid"],
    [{ min_qty: "0" }, "min_qty", "promotions.min_qty_invalid"],
    [{ percent: "101" }, "percent", "promotions.percent_invalid"],
    [{ percent: "abc" }, "percent", "promotions.percent_invalid"],
    [{ percent: "0", gifted_units: "" }, "percent", "promotions.promotion_empty"],
    [{ gifted_units: "0" }, "gifted_units", "promotions.gift_invalid"],
    [{ gifted_units: "1001" }, "gifted_units", "promotions.gift_invalid"],
    [{ series: "a b" }, "series", "promotions.series_invalid"],
    [{ to: "2026-11-01" }, "to", "promotions.period_invalid"],
  ])("refuses %j", (change, field, message) => {
    expect(issues(promotionFormSchema.safeParse({ ...promotion, ...change }))[field]).toBe(message);
  });
});

describe("the lists' filter", () => {
  it("reads active, expired or all, and anything else as active", () => {
    expect(promotionListSchema.parse({ status: "expired" }).status).toBe("expired");
    expect(promotionListSchema.parse({}).status).toBe("active");
    expect(promotionListSchema.parse({ status: "x" }).status).toBe("active");
  });
});
