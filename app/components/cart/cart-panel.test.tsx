// @vitest-environment jsdom
// The side cart panel: its lines (name, quantity, unit price, units offered) in fr and zh, and nothing said of
// delivery whatever the cart's totals hold — the cart page names the freight's mode and the threshold.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LangProvider } from "#app/lib/i18n.tsx";
import { useCart, type CartInfo } from "#app/lib/cart-store.ts";
import { CartPanel } from "./cart-panel.tsx";

afterEach(() => {
  cleanup();
  useCart.setState({ panelOpen: false, lines: [], info: null });
});

const promo = { type: 1, value: "0.1", num: 10, gifted_units: 1 };
// what the server's totals say of a visitor's cart: free for the free-delivery check (SPEC §6), not a fact
const info = { isFreeDelivery: true, freightHt: "0.00", freeDeliveryThreshold: "0.00", cartTotalAmount: "67.50" } as unknown as CartInfo;

function show(lang: "fr" | "zh") {
  useCart.setState({
    panelOpen: true,
    info,
    lines: [
      { model_id: 7, num: 30, name: "Sac kraft", price: "2.5000", remise_info: promo, gifted_units: 3 },
      { model_id: 8, num: 2, name: "Carton", price: "1.2000", remise_info: null, gifted_units: 0 },
    ],
  });
  render(
    <LangProvider lang={lang}>
      <MemoryRouter>
        <CartPanel />
      </MemoryRouter>
    </LangProvider>,
  );
  return screen.getByRole("dialog").textContent ?? "";
}

describe("CartPanel", () => {
  it("lists each line with its quantity, unit price HT and the units its promotion offers (fr)", () => {
    const text = show("fr").replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("Sac kraft");
    expect(text).toContain("Quantité : 30");
    expect(text).toContain("2,50 € HT");
    expect(text).toContain("+3 offerts");
    expect(screen.getAllByTestId("gifted-units")).toHaveLength(1); // nothing for the line without gift
    // never "free delivery" as a fact, nor a freight the cart page has not named
    expect(text).not.toMatch(/offerte|gratuit|livraison|frais de port/i);
  });

  it("in Chinese", () => {
    const text = show("zh");
    expect(text).toContain("另赠 3 件");
    expect(text).not.toMatch(/免运费|包邮|运费/);
  });
});
