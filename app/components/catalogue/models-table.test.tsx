// @vitest-environment jsdom
// The product page's models for a logged-in buyer of a customer group (decision 157): the group's price from one
// unit and its tiers under the catalogue price, in fr and zh; with a promotion, the lower of the two is charged,
// which the line says. The prices come from the product's detail asked again with the buyer's session.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LangProvider } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import type { ProductModel } from "#core/catalogue/types.ts";
import { ModelsTable } from "./models-table.tsx";
import { useGroupPrices, type GroupPrices } from "./use-group-prices.ts";

const api = vi.hoisted(() => vi.fn());
vi.mock("#app/lib/api.ts", () => ({ api }));

afterEach(() => {
  cleanup();
  api.mockReset();
  useSession.setState({ user: null });
});

const model = (id: number, promotion: ProductModel["promotion"] = null): ProductModel => ({
  id,
  reference: `REF-${id}`,
  label: `Modèle ${id}`,
  length_mm: null,
  width_mm: null,
  height_mm: null,
  capacity: null,
  unit: "piece",
  unit_qty: 1,
  price: "12.5000",
  tva: "0.2",
  stock: 100,
  purchasable_qty: 100,
  not_for_sale: false,
  promotion,
});

const promotion = { value: "0.1", min_qty: 10, threshold_pct: null, gifted_units: 0, mixed_series: null, special_price: null };

function show(lang: "fr" | "zh", groupPrices?: GroupPrices) {
  render(
    <LangProvider lang={lang}>
      <MemoryRouter>
        <ModelsTable
          models={[model(1), model(2, promotion as unknown as ProductModel["promotion"]), model(3)]}
          name="Carton"
          groupPrices={groupPrices}
        />
      </MemoryRouter>
    </LangProvider>,
  );
  return (row: string) => (screen.getByRole("row", { name: new RegExp(row) }).textContent ?? "").replace(/[\u00a0\u202f]/g, " ");
}

const group: GroupPrices = new Map([
  [1, { price: "11.0000", tiers: [{ min: 50, price: "10.2500" }] }],
  [2, { price: "11.5000", tiers: [] }],
]);

describe("ModelsTable with a customer group's prices", () => {
  it("shows the group's price and tiers under the catalogue price, in French", () => {
    const row = show("fr", group);
    expect(row("REF-1")).toContain("12,50 € HT");
    expect(row("REF-1")).toContain("Votre prix : 11,00 € HT");
    expect(row("REF-1")).toContain("dès 50 : 10,25 € HT");
    expect(row("REF-2")).toContain("Votre prix : 11,50 € HT, ou la promotion si elle est plus avantageuse");
    expect(row("REF-3")).not.toContain("Votre prix");
  });

  it("says it in Chinese", () => {
    const row = show("zh", group);
    expect(row("REF-1")).toContain("您的价格");
    expect(row("REF-1")).toContain("50 件起");
  });

  it("shows nothing more without a group", () => {
    show("fr");
    expect(screen.queryAllByTestId("group-price")).toHaveLength(0);
  });
});

describe("useGroupPrices", () => {
  it("asks a logged-in buyer's prices once hydrated, and keeps the models the group prices", async () => {
    useSession.setState({ user: { id: 1 } as never });
    api.mockResolvedValue({
      code: 200,
      data: { models: [{ id: 1, group_price: "11.0000", group_tiers: [{ min: 50, price: "10.2500" }] }, { id: 3 }] },
    });
    const { result } = renderHook(() => useGroupPrices(42));
    await waitFor(() => expect(result.current.size).toBe(1));
    expect(api).toHaveBeenCalledWith("GET", "/site/Product/detail", { query: { id: 42 }, showLoading: false });
    expect(result.current.get(1)).toEqual({ price: "11.0000", tiers: [{ min: 50, price: "10.2500" }] });
  });

  it("asks nothing for a visitor", () => {
    const { result } = renderHook(() => useGroupPrices(42));
    expect(api).not.toHaveBeenCalled();
    expect(result.current.size).toBe(0);
  });
});
