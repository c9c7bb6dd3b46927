import { describe, expect, it } from "vitest";
import { translate } from "../i18n/messages.ts";
import { STAFF_ORDER_QUERY_KEYS, staffOrderParams, staffOrderQuerySchema } from "./staff-orders.ts";
import { fieldMessages } from "./test-helpers.test-support.ts";

const parse = (v: Record<string, unknown>) => staffOrderQuerySchema.parse(v);
const refused = (v: Record<string, unknown>) => fieldMessages(staffOrderQuerySchema, v);

describe("the order queue's query", () => {
  it("has defaults: newest first, page 1 of 20, no filter", () => {
    expect(parse({})).toEqual({ sort: "placed_desc", page: 1, page_size: 20 });
  });

  it("reads every blank field as no filter", () => {
    const blanks = {
      q: "  ",
      status: ["", " "],
      payment: "",
      placed_from: "",
      placed_to: "",
      mode: "",
      planned: "",
      zone: "",
      shop: "",
      customer: "",
      min_ttc: "",
      max_ttc: "",
      sort: "",
      page: "",
      page_size: "",
    };
    expect(parse(blanks)).toEqual({ sort: "placed_desc", page: 1, page_size: 20 });
    expect(parse({ status: "" })).toEqual(parse({}));
  });

  it("reads every filter from the search parameters", () => {
    const p = new URLSearchParams(
      "q=+Dupont+&status=planned&status=unpaid&status=planned&payment=paid&placed_from=2026-11-01&placed_to=2026-11-30" +
        "&mode=pallet&planned=2026-11-26&zone=paris&shop=2&customer=1&min_ttc=12,5&max_ttc=300&sort=total_asc&page=3&page_size=100",
    );
    expect(parse(staffOrderParams(p))).toEqual({
      q: "Dupont",
      status: ["planned", "unpaid"],
      payment: "paid",
      placed_from: "2026-11-01",
      placed_to: "2026-11-30",
      mode: "pallet",
      planned: "2026-11-26",
      zone: "paris",
      shop: 2,
      customer: 1,
      min_ttc: "12.50",
      max_ttc: "300.00",
      sort: "total_asc",
      page: 3,
      page_size: 100,
    });
    // one status as one text, "none" for orders not planned, a store pickup
    expect(parse({ status: "cancelled", planned: "none", mode: "pickup" })).toMatchObject({
      status: ["cancelled"],
      planned: "none",
      mode: "pickup",
    });
    expect(parse(staffOrderParams(new URLSearchParams("planned=&planned=none&mode=&mode=pickup")))).toMatchObject({
      planned: "none",
      mode: "pickup",
    });
    expect(parse(staffOrderParams(new URLSearchParams("planned=2026-11-26&planned=none"))).planned).toBe("2026-11-26");
    expect(parse({ q: "é".repeat(100) }).q).toHaveLength(100);
    expect(parse({ min_ttc: "0", max_ttc: "0.00" })).toMatchObject({ min_ttc: "0.00", max_ttc: "0.00" });
  });

  it("refuses each malformed filter with its key", () => {
    expect(
      refused({
        q: "x".repeat(101),
        status: ["planned", "lost"],
        payment: "maybe",
        placed_from: "2026-02-30",
        placed_to: "demain",
        mode: "drone",
        planned: "soon",
        zone: "pa ris",
        shop: "0",
        customer: "-3",
        min_ttc: "-1",
        max_ttc: "1e3",
        sort: "price",
        page: "0",
        page_size: "30",
      }),
    ).toEqual({
      q: ["admin.orders_search_too_long"],
      status: ["admin.orders_status_invalid"],
      payment: ["admin.orders_payment_invalid"],
      placed_from: ["admin.date_invalid"],
      placed_to: ["admin.date_invalid"],
      mode: ["admin.orders_mode_invalid"],
      planned: ["admin.orders_planned_invalid"],
      zone: ["admin.orders_zone_invalid"],
      shop: ["admin.orders_shop_invalid"],
      customer: ["admin.orders_customer_invalid"],
      min_ttc: ["admin.orders_amount_invalid"],
      max_ttc: ["admin.orders_amount_invalid"],
      sort: ["admin.orders_sort_invalid"],
      page: ["validation.page_invalid"],
      page_size: ["admin.orders_page_size_invalid"],
    });
    expect(refused({ min_ttc: "12.345" })).toEqual({ min_ttc: ["admin.orders_amount_invalid"] });
    expect(refused({ q: "a\u0000b" })).toEqual({ q: ["validation.control_characters"] });
  });

  it("refuses a range whose start is after its end", () => {
    expect(refused({ placed_from: "2026-11-30", placed_to: "2026-11-01" })).toEqual({ placed_to: ["admin.date_range_invalid"] });
    expect(refused({ min_ttc: "100", max_ttc: "99,99" })).toEqual({ max_ttc: ["admin.orders_amount_range_invalid"] });
    expect(parse({ placed_from: "2026-11-01", placed_to: "2026-11-01", min_ttc: "5", max_ttc: "5" })).toMatchObject({
      placed_from: "2026-11-01",
      max_ttc: "5.00",
    });
  });

  it("has every message in French and Chinese", () => {
    for (const lang of ["fr", "zh"] as const)
      for (const key of STAFF_ORDER_QUERY_KEYS) expect(translate(lang, `admin.${key}`), `${lang} ${key}`).not.toBe(`admin.${key}`);
  });
});
