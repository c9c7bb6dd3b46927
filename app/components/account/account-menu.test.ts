import { describe, expect, it } from "vitest";
import { ACCOUNT_MENU, accountEntry } from "./account-menu.tsx";

describe("accountEntry", () => {
  it("finds the menu entry of every account page, its /center and /zh variants", () => {
    for (const [, path] of ACCOUNT_MENU) {
      expect(accountEntry(path)).toBe(path);
      expect(accountEntry(`/zh${path}`)).toBe(path);
    }
    expect(accountEntry("/center/reduction")).toBe("/reduction");
    expect(accountEntry("/zh/center/avoirs/")).toBe("/avoirs");
  });
  it("maps details and aliases to their entry", () => {
    expect(accountEntry("/order-detail")).toBe("/historique-commandes");
    expect(accountEntry("/center/order-detail")).toBe("/historique-commandes");
    expect(accountEntry("/orderdetail")).toBe("/historique-commandes");
    expect(accountEntry("/order-retrun")).toBe("/suivi-commande");
    expect(accountEntry("/accountpdfquotation")).toBe("/accountpdfquotations");
    expect(accountEntry("/center/collect")).toBe("/quick-order/purchased");
    expect(accountEntry("/zh/quick-order/other")).toBe("/quick-order/purchased");
    expect(accountEntry("/quick-order/wishlist")).toBe("/quick-order/wishlist");
  });
  it("leaves other pages alone", () => {
    for (const p of ["/", "/zh", "/panier", "/commande", "/product/3-metiers", "/connexion", "/center", "/quick-order"])
      expect(accountEntry(p)).toBeNull();
  });
  it("lists the 14 account pages once", () => {
    expect(ACCOUNT_MENU).toHaveLength(14);
    expect(new Set(ACCOUNT_MENU.map(([, p]) => p)).size).toBe(14);
  });
});
