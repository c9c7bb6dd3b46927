import { describe, expect, it } from "vitest";
import { resources, translate, unitName } from "./messages.ts";
import { ORDER_STATES, orderStateLabel } from "#core/order-states.ts";

/** Every key path of a catalogue, nested objects joined with dots. */
function keys(o: object, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("message catalogues", () => {
  // catalogue.colours / catalogue.materials translate stored French values into Chinese: French shows the value itself.
  const valueMaps = /^(colours|materials)\./;
  it.each(Object.keys(resources.fr))("fr and zh have the same keys in %s", (ns) => {
    const fr = keys(resources.fr[ns as keyof typeof resources.fr]).sort();
    const zh = keys(resources.zh[ns as keyof typeof resources.zh])
      .filter((k) => ns !== "catalogue" || !valueMaps.test(k))
      .sort();
    expect(zh).toEqual(fr);
  });
  it("translates namespaced, nested and bare keys with variables", () => {
    expect(translate("fr", "common.header.cart")).toBe("Panier");
    expect(translate("zh", "maintenance")).toBe("我们很快回来");
    expect(translate("fr", "orders.state_planned_on", { date: "24/11/2026" })).toBe("Livraison planifiée le 24/11/2026");
    expect(translate("zh", "validation.password_mismatch")).not.toBe("validation.password_mismatch");
  });
  it("has a text for every order state label", () => {
    for (const status of [...ORDER_STATES, "zzz"]) {
      for (const lang of ["fr", "zh"] as const) {
        const { key } = orderStateLabel({ status, cancelled_at: "2026-11-02T10:00:00Z", planned_delivery_date: "2026-11-24" }, lang);
        expect(translate(lang, key)).not.toBe(key);
      }
    }
  });
});

describe("plural forms", () => {
  it("picks the key's form by `count`: French singular for 0 and 1, Chinese one form", () => {
    expect([0, 1, 2, 10].map((count) => translate("fr", "orders.line_gifted", { count }))).toEqual([
      "+0 offert",
      "+1 offert",
      "+2 offerts",
      "+10 offerts",
    ]);
    expect(translate("zh", "orders.line_gifted", { count: 3 })).toBe("另赠 3 件");
    expect(translate("fr", "orders.line_gifted")).toBe("orders.line_gifted"); // no count, no form
  });
});

describe("component keys", () => {
  it("read the common namespace unless a namespace is named", () => {
    expect(translate("zh", "header.cart", undefined, "common")).toBe("购物车");
    expect(translate("fr", "validation.email_invalid", undefined, "common")).toBe(resources.fr.validation.email_invalid);
    expect(translate("fr", "nope.missing", undefined, "common")).toBe("nope.missing");
  });
});

describe("unitName", () => {
  it("names a sales unit in the language, plural from 2 on, and leaves an unknown code as stored", () => {
    expect(unitName("fr", "pièce")).toBe("pièce");
    expect(unitName("fr", "pièce", 1)).toBe("pièce");
    expect(unitName("fr", "pièce", 200)).toBe("pièces");
    expect(unitName("fr", "rouleau", 2)).toBe("rouleaux");
    expect(unitName("zh", "pièce", 200)).toBe("件");
    expect(unitName("zh", "paquet")).toBe("包");
    expect(unitName("fr", "sachet", 3)).toBe("sachet");
  });
});
