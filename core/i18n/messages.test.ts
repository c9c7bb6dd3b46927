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

describe("counted texts", () => {
  it("no French text hedges a plural with (s): each counted text has its forms", () => {
    const texts = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === "object" && v ? texts(v) : [String(v)]));
    expect(texts(resources.fr).filter((v) => /\(s\)/.test(v))).toEqual([]);
  });

  it("agree with their count in French, and exist in Chinese", () => {
    const fr = (key: string, vars: Record<string, string | number>) => translate("fr", key, vars);
    expect(fr("account.too_many_attempts", { count: 1 })).toBe("Trop de tentatives de connexion. Veuillez réessayer dans 1 minute.");
    expect(fr("account.too_many_requests", { count: 15 })).toContain("dans 15 minutes.");
    expect(fr("aftersales.return_over_quantity", { ref: "A", max: 1, count: 1 })).toContain("au plus 1 unité :");
    expect(fr("aftersales.return_over_quantity", { ref: "A", max: 6, count: 6 })).toContain("au plus 6 unités :");
    expect(fr("cart.stock_short", { count: 0 })).toBe("Stock insuffisant : 0 disponible.");
    expect(fr("cart.stock_short", { count: 4 })).toBe("Stock insuffisant : 4 disponibles.");
    expect(fr("area.reduction_uses", { count: 1, max: 5 })).toBe("1 utilisation sur 5");
    expect(fr("area.reduction_uses", { count: 3, max: 5 })).toBe("3 utilisations sur 5");
    expect(fr("area.qo_merged", { lines: "8", count: 1 })).toBe("Doublon fusionné : ligne 8 ajoutée à celle-ci.");
    expect(fr("area.qo_merged", { lines: "8, 9", count: 2 })).toBe("Doublons fusionnés : lignes 8, 9 ajoutées à celle-ci.");
    const summary = (lang: "fr" | "zh", valid: number, refused: number) =>
      translate(lang, "area.qo_summary", {
        valid: translate(lang, "area.qo_valid", { count: valid }),
        refused: translate(lang, "area.qo_refused", { count: refused }),
      });
    expect(summary("fr", 1, 0)).toBe("1 ligne valide, 0 refusée.");
    expect(summary("fr", 2, 3)).toBe("2 lignes valides, 3 refusées.");
    expect(summary("zh", 2, 3)).toBe("有效 2 行，拒绝 3 行。");
    // the API's %name% placeholders: the form by `count`, the number from `num`
    expect(translate("fr", "api.insufficient_stock", { ref: "CB-1", num: 1, count: 1 })).toBe(
      "Stock insuffisant pour la référence CB-1 (1 disponible).",
    );
    expect(translate("fr", "api.insufficient_stock", { ref: "CB-1", num: 2, count: 2 })).toBe(
      "Stock insuffisant pour la référence CB-1 (2 disponibles).",
    );
    expect(translate("zh", "api.insufficient_stock", { ref: "CB-1", num: 2, count: 2 })).toBe("商品 CB-1 库存不足（可用 2 件）。");
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
