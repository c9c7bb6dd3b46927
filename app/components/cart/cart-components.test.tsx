// @vitest-environment jsdom
// The stepper's bounds and labels, and the totals block's free-delivery text and price display (SPEC §9).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QuantityStepper, clampQty } from "./quantity-stepper.tsx";
import { CartTotalsView, leftForFreeDelivery } from "./cart-totals.tsx";
import type { CartInfo } from "#app/lib/cart-store.ts";
import { GiftedUnits } from "./gifted-units.tsx";
import { LangProvider } from "#app/lib/i18n.tsx";

afterEach(cleanup);

describe("QuantityStepper", () => {
  it("clamps to whole units between 1 and the ceiling", () => {
    expect(clampQty(0)).toBe(1);
    expect(clampQty(2.7)).toBe(2);
    expect(clampQty(Number.NaN)).toBe(1);
    expect(clampQty(12, 10)).toBe(10);
    expect(clampQty(12, 0)).toBe(12);
  });

  it("has labelled buttons and field, disabled at the bounds", () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuantityStepper value={1} onChange={onChange} max={3} label="Quantité pour Carton" />);
    expect(screen.getByRole("spinbutton", { name: "Quantité pour Carton" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Diminuer la quantité" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Augmenter la quantité" }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.change(screen.getByRole("spinbutton"), { target: { value: "50" } });
    expect(onChange).toHaveBeenLastCalledWith(3);
    rerender(<QuantityStepper value={3} onChange={onChange} max={3} label="Quantité pour Carton" />);
    expect((screen.getByRole("button", { name: "Augmenter la quantité" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

const info = (over: Partial<CartInfo>): CartInfo => ({
  totalAmount: "412.50",
  cartTotalAmount: "412.50",
  totalQuantity: 30,
  amount_for_freeDelivery: "412.50",
  totalTva: "82.50",
  remiseAmount: "0.00",
  discountAmount: "0.00",
  freightDiscount_ht: "0.00",
  totalPoids: "120.000",
  totalVolume: "1.200000",
  palette_num: 1,
  colis_qte: 4,
  colis_vol_num: 1,
  has_gls_model: false,
  freeDeliveryThreshold: "500.00",
  isFreeDelivery: false,
  freightHt: "45.00",
  freightTva: "9.00",
  tollHt: "0.00",
  tollTva: "0.00",
  rdvHt: "0.00",
  rdvTva: "0.00",
  appliedFreightDiscountHt: "0.00",
  freightDiscountTva: "0.00",
  grandTotalHt: "457.50",
  grandTotalTva: "91.50",
  grandTotal: "549.00",
  ...over,
});

describe("CartTotalsView", () => {
  it("shows what is left for free delivery, freight, VAT and TTC in the French price format", () => {
    render(<CartTotalsView info={info({})} />);
    // exact text, no-break spaces included (the default matcher would fold them)
    const text = document.body.textContent;
    expect(text).toContain("Encore 87,50\u00a0€\u00a0HT pour la livraison offerte");
    expect(text).toContain("Livraison HT45,00\u00a0€\u00a0HT");
    expect(text).toContain("Total TTC549,00\u00a0€\u00a0TTC");
    expect(screen.getByText("1 palette · 4 colis dont 1 volumineux · 120 kg")).toBeTruthy();
  });

  it("says the promotions deducted, excluding tax like the goods they come off", () => {
    render(<CartTotalsView info={info({ remiseAmount: "21.54" })} />);
    expect(document.body.textContent).toContain("Dont promotions déduites21,54\u00a0€\u00a0HT");
  });

  it("counts pallets in words and weighs with the language's decimal sign", () => {
    render(<CartTotalsView info={info({ palette_num: 3, totalPoids: "73.254" })} />);
    expect(screen.getByText("3 palettes · 4 colis dont 1 volumineux · 73,25 kg")).toBeTruthy();
  });

  it("says delivery is free (a visitor always counts as free, SPEC §6)", () => {
    render(<CartTotalsView info={info({ isFreeDelivery: true, freightHt: "0.00" })} />);
    expect(screen.getByText("La livraison est offerte.")).toBeTruthy();
    expect(screen.getByText("Offerte")).toBeTruthy();
    expect(screen.queryByText(/Encore/)).toBeNull();
  });

  it("computes the amount left only with a threshold and below it", () => {
    expect(leftForFreeDelivery({ isFreeDelivery: false, freeDeliveryThreshold: "0.00", amount_for_freeDelivery: "10" })).toBe(0);
    expect(leftForFreeDelivery({ isFreeDelivery: false, freeDeliveryThreshold: "500.00", amount_for_freeDelivery: "499.99" })).toBe(0.01);
    expect(leftForFreeDelivery({ isFreeDelivery: true, freeDeliveryThreshold: "500.00", amount_for_freeDelivery: "1" })).toBe(0);
  });
});

describe("GiftedUnits", () => {
  const promo = { type: 1, value: "0.05", num: 10, gifted_units: 2 };
  const show = (line: Parameters<typeof GiftedUnits>[0]["line"], lang: "fr" | "zh" = "fr") =>
    render(
      <LangProvider lang={lang}>
        <GiftedUnits line={line} />
      </LangProvider>,
    ).container.textContent;

  it("says how many units are offered once the minimum is reached, in fr and zh", () => {
    expect(show({ gifted_units: 2, remise_info: promo })).toBe("+2 offert(s)");
    cleanup();
    expect(show({ gifted_units: 2, remise_info: promo }, "zh")).toBe("另赠 2 件");
  });

  it("says from which quantity below the minimum, and nothing without a gift", () => {
    expect(show({ gifted_units: 0, remise_info: promo })).toBe("2 offert(s) à partir de 10 unités");
    cleanup();
    expect(show({ gifted_units: 0, remise_info: { ...promo, gifted_units: undefined } })).toBe("");
    cleanup();
    expect(show({ remise_info: null })).toBe("");
  });
});
