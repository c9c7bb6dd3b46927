// @vitest-environment jsdom
// The stepper's bounds and labels, and the totals block's free-delivery text and price display (SPEC §9).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QuantityStepper, clampQty } from "./quantity-stepper.tsx";
import { MemoryRouter } from "react-router";
import { formatPrice } from "#core/price-format.ts";
import { CartTotalsView } from "./cart-totals.tsx";
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
  id: 7,
  delivery_addr_id: null,
  invoice_addr_id: null,
  pickup_method: 1,
  delivery_addr_obj: null,
  extra_options: {},
  discount_info: null,
  freight: null,
  shop_id: null,
  delivery_mode: null,
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
  freightVatRate: "0.2000",
  vat: [{ rate: "0.2000", base: "457.50", vat: "91.50" }],
  grandTotalHt: "457.50",
  grandTotalTva: "91.50",
  grandTotal: "549.00",
  ...over,
});

describe("CartTotalsView", () => {
  const pallet = { pickup_method: 1, delivery_mode: "pallet", freight: { freight_ht: "45.00" } } as Partial<CartInfo>;
  const show = (over: Partial<CartInfo>, loggedIn = true, lang: "fr" | "zh" = "fr") =>
    render(
      <MemoryRouter>
        <LangProvider lang={lang}>
          <CartTotalsView
            info={info({ ...pallet, ...over })}
            loggedIn={loggedIn}
            freeDeliveryAmount={[300, 600, 900]}
            minBuyPrice={50}
            shopName={(id) => (id === 2 ? "Comptoir de l'Emballage – Vitry-sur-Seine" : undefined)}
          />
        </LangProvider>
      </MemoryRouter>,
    );

  it("shows what is left for free delivery, freight, VAT and TTC in the French price format", () => {
    show({});
    // exact text, no-break spaces included (the default matcher would fold them)
    const text = document.body.textContent;
    expect(text).toContain("Encore 87,50\u00a0€\u00a0HT pour la livraison offerte");
    expect(text).toContain("Livraison HT45,00\u00a0€\u00a0HT");
    expect(text).toContain("Total TTC549,00\u00a0€\u00a0TTC");
    expect(screen.getByText("1 palette · 4 colis dont 1 volumineux · 120 kg")).toBeTruthy();
  });

  it("says the promotions deducted, excluding tax like the goods they come off", () => {
    show({ remiseAmount: "21.54" });
    expect(document.body.textContent).toContain("Dont promotions déduites21,54\u00a0€\u00a0HT");
  });

  it("shows the freight discount on its own labelled row, under the freight it comes off", () => {
    show({ appliedFreightDiscountHt: "-0.28", freightDiscountTva: "-0.06" });
    expect(document.body.textContent).toContain("Livraison HT45,00\u00a0€\u00a0HTRemise sur frais de port-0,28\u00a0€\u00a0HT");
  });

  it("counts pallets in words and weighs with the language's decimal sign", () => {
    show({ palette_num: 3, totalPoids: "73.254" });
    expect(screen.getByText("3 palettes · 4 colis dont 1 volumineux · 73,25 kg")).toBeTruthy();
  });

  it("a visitor's cart never says delivery is free: computed at the next step, the threshold shown (SPEC §6)", () => {
    for (const lang of ["fr", "zh"] as const) {
      show(
        {
          isFreeDelivery: true,
          freightHt: "0.00",
          pickup_method: 1,
          delivery_mode: null,
          freight: null,
          freeDeliveryThreshold: "0.00",
        } as Partial<CartInfo>,
        false,
        lang,
      );
      const text = document.body.textContent ?? "";
      expect(screen.getByTestId("cart-freight").textContent).toBe(lang === "fr" ? "calculée à l'étape suivante" : "下一步计算");
      expect(text).not.toContain(lang === "fr" ? "Offerte" : "免费");
      expect(text).not.toContain(lang === "fr" ? "La livraison est offerte." : "已享受免运费。");
      expect(text).toContain(
        lang === "fr" ? "Livraison offerte dès 300,00\u00a0€\u00a0HT d'articles" : `商品满 ${formatPrice("300", "zh", "HT")} 免运费`,
      );
      expect(screen.queryByTestId("cart-delivery-mode")).toBeNull();
      cleanup();
    }
  });

  it("a customer's cart names the saved store pickup and offers to change it at /commande", () => {
    show({
      pickup_method: 2,
      delivery_mode: "pickup",
      shop_id: 2,
      freight: null,
      isFreeDelivery: true,
      freightHt: "0.00",
    } as Partial<CartInfo>);
    expect(screen.getByTestId("cart-delivery-mode").textContent).toContain(
      "Mode de livraison : Retrait en magasin — Comptoir de l'Emballage – Vitry-sur-Seine",
    );
    expect(screen.getByRole("link", { name: "Modifier le mode de livraison" }).getAttribute("href")).toBe("/commande");
    expect(screen.getByTestId("cart-freight").textContent).toBe("Offerte");
    expect(screen.queryByTestId("free-delivery")).toBeNull();
  });

  it("a customer without a mode: to choose, the freight computed at the next step", () => {
    show({ delivery_mode: null, freight: null, freightHt: "0.00", freeDeliveryThreshold: "0.00" } as Partial<CartInfo>);
    expect(screen.getByTestId("cart-delivery-mode").textContent).toContain("Mode de livraison : à choisir à l'étape suivante");
    expect(screen.getByRole("link", { name: "Choisir le mode de livraison" })).toBeTruthy();
    expect(screen.getByTestId("cart-freight").textContent).toBe("calculée à l'étape suivante");
  });

  it("says that promotion lines count at half value where the progress is shown", () => {
    show({ amount_for_freeDelivery: "380.00" });
    expect(document.body.textContent).toContain(
      "Les articles en promotion comptent pour moitié dans ce seuil : 380,00\u00a0€\u00a0HT retenus.",
    );
    cleanup();
    show({});
    expect(document.body.textContent).not.toContain("comptent pour moitié");
  });

  it("states the minimum order, and what is missing below it", () => {
    show({});
    expect(screen.getByTestId("cart-minimum").textContent).toBe("Minimum de commande : 50,00\u00a0€\u00a0HT");
    cleanup();
    show({ cartTotalAmount: "32.40", totalAmount: "32.40", amount_for_freeDelivery: "32.40" });
    expect(screen.getByRole("alert").textContent).toBe(
      "Le minimum de commande est de 50,00\u00a0€\u00a0HT : ajoutez encore 17,60\u00a0€\u00a0HT d'articles pour commander.",
    );
  });
});

describe("GiftedUnits", () => {
  const promo = { type: 1, value: "0.05", num: 10, gifted_units: 2 };
  const show = (line: Parameters<typeof GiftedUnits>[0]["line"], lang: "fr" | "zh" = "fr", next = false) =>
    render(
      <LangProvider lang={lang}>
        <GiftedUnits line={line} next={next} />
      </LangProvider>,
    ).container.textContent;

  it("says how many units are offered once the minimum is reached, in fr and zh", () => {
    expect(show({ num: 10, gifted_units: 2, remise_info: promo })).toBe("+2 offerts");
    cleanup();
    expect(show({ num: 10, gifted_units: 1, remise_info: { ...promo, gifted_units: 1 } })).toBe("+1 offert");
    cleanup();
    expect(show({ num: 10, gifted_units: 2, remise_info: promo }, "zh")).toBe("另赠 2 件");
  });

  it("with `next`, says from which quantity more units are offered (the next multiple of the minimum)", () => {
    const one = { ...promo, gifted_units: 1 };
    expect(show({ num: 30, gifted_units: 3, remise_info: one }, "fr", true)).toBe("+3 offerts1 offert de plus à partir de 40 unités");
    cleanup();
    expect(show({ num: 19, gifted_units: 2, remise_info: promo }, "fr", true)).toBe("+2 offerts2 offerts de plus à partir de 20 unités");
    cleanup();
    expect(show({ num: 30, gifted_units: 3, remise_info: one }, "zh", true)).toBe("另赠 3 件满 40 件再赠 1 件");
  });

  it("gives the rule below the minimum, and nothing without a gift", () => {
    expect(show({ num: 4, gifted_units: 0, remise_info: promo })).toBe("2 offerts par 10 achetés");
    cleanup();
    expect(show({ num: 4, gifted_units: 0, remise_info: { ...promo, gifted_units: 1 } })).toBe("1 offert par 10 achetés");
    cleanup();
    expect(show({ num: 0, gifted_units: 0, remise_info: { ...promo, num: 1, gifted_units: 1 } })).toBe("1 offert par unité achetée");
    cleanup();
    expect(show({ num: 4, gifted_units: 0, remise_info: promo }, "zh")).toBe("每购买 10 件赠送 2 件");
    cleanup();
    expect(show({ gifted_units: 0, remise_info: { ...promo, gifted_units: undefined } })).toBe("");
    cleanup();
    expect(show({ remise_info: null })).toBe("");
  });
});
