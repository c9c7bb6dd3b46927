// One rule for text and one for integers, used by every schema of core/validation: no string or number
// schema is made anywhere but in common.ts (text, intField, decimalField), and every integer any schema
// accepts fits its int4 column. Texts and keys of the refusals come from the catalogues, never from zod.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { translate } from "../i18n/messages.ts";
import { INT4_MAX, INT4_MIN, intField, text } from "./common.ts";
import { addressBodySchema, addressIdSchema } from "./address.ts";
import { delCartSchema, editCartSchema, addCartSchema, createOrderSchema } from "./cart.ts";
import { promoCodeSchema, receiptArrangementSchema, cartParamsSchema, deliveryExpenseSchema } from "./checkout.ts";
import { quickOrderResolveSchema, wishlistSchema } from "./quick-order.ts";
import { questionSchema } from "./questions.ts";
import { quotationRefSchema } from "./quotations.ts";
import { orderDetailSchema, orderListSchema } from "./orders.ts";
import { sessionIdSchema } from "./account.ts";
import { idQuerySchema, listParamsSchema } from "./catalogue.ts";

const dir = fileURLToPath(new URL(".", import.meta.url));
const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.includes(".test") && f !== "common.ts");
const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("one rule for text and one for integers", () => {
  it("makes every string and number schema in common.ts", () => {
    const offending = sources.flatMap((f) =>
      readFileSync(`${dir}/${f}`, "utf8")
        .split("\n")
        .flatMap((line, i) => (/\bz\s*\.\s*(string|coerce|number|int|float|bigint)\b/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });

  describe("every integer of every exported schema fits an int4 column", () => {
    const schemas: [string, z.ZodType][] = [];
    beforeAll(async () => {
      for (const f of sources)
        for (const [name, v] of Object.entries(await import(/* @vite-ignore */ `./${f}`)))
          if (v instanceof z.ZodType) schemas.push([`${f} ${name}`, v]);
    });

    it("in the JSON Schema the API reference is made from", () => {
      expect(schemas.length).toBeGreaterThan(40);
      const unbounded: string[] = [];
      const walk = (where: string, node: unknown): void => {
        if (Array.isArray(node)) return node.forEach((n) => walk(where, n));
        if (!node || typeof node !== "object") return;
        const n = node as { type?: unknown; minimum?: number; maximum?: number; exclusiveMinimum?: number };
        if ((n.type === "integer" || n.type === "number") && !("const" in n)) {
          const min = n.minimum ?? n.exclusiveMinimum ?? -Infinity;
          const max = n.maximum ?? Infinity;
          if (min < INT4_MIN || max > INT4_MAX) unbounded.push(`${where}: ${JSON.stringify(n)}`);
        }
        for (const v of Object.values(node)) walk(where, v);
      };
      for (const [name, schema] of schemas) walk(name, z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
      expect(unbounded).toEqual([]);
    });
  });

  it("intField takes JSON integers and texts of digits within its bounds, and nothing else", () => {
    const id = intField("validation.address_required");
    expect(id.parse(1)).toBe(1);
    expect(id.parse(" 42 ")).toBe(42);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const v of [0, -1, 1.5, 2 ** 31, 2 ** 53, "2147483648", "1e3", "0x10", "NaN", "Infinity", "", true, [5], null, "١٢", "\u0000"])
      expect(id.safeParse(v).success, JSON.stringify(v)).toBe(false);
    expect(() => intField("x", { max: 2 ** 31 })).toThrow(RangeError);
  });

  it("refuses ids past the int4 column with the field's message", () => {
    expect(first(addressIdSchema, { id: 2147483648 })).toBe("validation.address_required");
    expect(first(addressIdSchema, { id: "2147483648" })).toBe("validation.address_required");
    expect(first(addressBodySchema.pick({ id: true }), { id: 2 ** 53 })).toBe("validation.address_required");
    expect(first(delCartSchema, { ids: 2147483648 })).toBe("api.cart_items_unavailable");
    expect(first(delCartSchema, { ids: "5,2147483648" })).toBe("api.cart_items_unavailable");
    expect(first(addCartSchema, { arr: [{ model_id: 2 ** 31, num: 1 }] })).toBe("api.cart_items_unavailable");
    expect(first(addCartSchema, { arr: [{ model_id: 1, num: -(2 ** 31) - 1 }] })).toBe("api.cart_quantity_invalid");
    expect(first(editCartSchema, { id: 1, num: 1, type: 2 ** 31 })).toBe("api.invalid_body");
    expect(first(sessionIdSchema, { id: true })).toBe("validation.required");
    expect(first(questionSchema, { type: "commande", order_id: 2 ** 31, content: "x" })).toBe("validation.order_required");
    expect(first(wishlistSchema, { model_id: 2 ** 31 })).toBe("area.wishlist_model_invalid");
    expect(first(quotationRefSchema, { id: "9999999999" })).toBe("quotations.id_invalid");
    expect(quotationRefSchema.parse({ id: " dv2026-000012 " })).toEqual({ id: "DV2026-000012" });
    expect(quotationRefSchema.parse({ id: 12 })).toEqual({ id: "12" });
    expect(first(orderDetailSchema, { id: "2147483648" })).toBe("orders.order_id_invalid");
    expect(orderDetailSchema.parse({ id: "ce2026-000123" })).toEqual({ number: "CE2026-000123" });
    expect(first(orderListSchema, { page: "1e3" })).toBe("validation.page_invalid");
    expect(first(idQuerySchema, { id: "2147483648" })).toBe("catalogue.api_id_required");
    expect(first(listParamsSchema, { type: 2 ** 31 })).toBe("catalogue.api_invalid_params");
    expect(first(cartParamsSchema, { infos: { delivery_addr_id: 2 ** 31 } })).toBe("invalid_body");
    expect(first(cartParamsSchema, { infos: { delivery_addr_id: "1" } })).toBe("invalid_body"); // a JSON body: a number
    expect(first(deliveryExpenseSchema, { delivery_addr_id: "2147483648" })).toBe("invalid_body");
    expect(first(deliveryExpenseSchema, { volume: "Infinity" })).toBe("invalid_body");
    expect(deliveryExpenseSchema.parse({ volume: "1.25", colis_qte: "3" })).toMatchObject({ volume: 1.25, colis_qte: 3 });
  });

  it("refuses NUL and other controls in the fields that let them through before, one-line and multi-line", () => {
    const control = "validation.control_characters";
    expect(first(promoCodeSchema, { code: "\u0000" })).toBe(control);
    expect(first(quickOrderResolveSchema, { text: "REF1 2\u0000" })).toBe(control);
    expect(quickOrderResolveSchema.safeParse({ text: "REF1\t2\r\nREF2;3\n" }).success).toBe(true);
    expect(first(receiptArrangementSchema, { days: [{ weekday: 1, morning: true, afternoon: false }], note: "a\u0000" })).toBe(control);
    expect(first(createOrderSchema, { idempotency_key: "k".repeat(20), note: "\u001b[31m" })).toBe(control);
    expect(createOrderSchema.safeParse({ idempotency_key: "k".repeat(20), note: "Livrer\nau quai 3", accept_cgv: true }).success).toBe(
      true,
    );
    expect(first(cartParamsSchema, { infos: { code: "A\u0007" } })).toBe(control);
    expect(first(wishlistSchema, { reference: "REF\u0000" })).toBe(control);
    expect(listParamsSchema.safeParse({ filters: { "a\u0000": "b" } }).success).toBe(false);
    expect(listParamsSchema.safeParse({ filters: { a: ["b\u0000"] } }).success).toBe(false);
    expect(first(text(), "a\ud800b")).toBe(control); // half a surrogate pair: no character, no UTF-8
    expect(text().safeParse("😀 é Ω").success).toBe(true);
  });

  it("says it with catalogue texts in French and Chinese", () => {
    for (const lang of ["fr", "zh"] as const) {
      expect(translate(lang, "validation.control_characters")).not.toBe("validation.control_characters");
      expect(translate(lang, "validation.invalid_value")).not.toBe("validation.invalid_value");
    }
  });
});
