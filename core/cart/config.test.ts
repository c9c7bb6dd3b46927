import { describe, expect, it } from "vitest";
import { cartConfig } from "./config.ts";

describe("cartConfig", () => {
  it("keeps the cart's settings of the right shape, read by their schemas, and nothing else", () => {
    const site = {
      minBuyPrice: "50",
      cartGoodsLimit: 100,
      paletteBlockZipcode: ["20", "97"],
      colis_params: { unit: "carton", volume: "0.05", rate: 0.1, colis_volume: "0.2" },
      onePaletteVolume: null,
      siteName: "Comptoir",
    };
    expect(cartConfig(site)).toEqual({
      minBuyPrice: 50,
      cartGoodsLimit: 100,
      paletteBlockZipcode: ["20", "97"],
      colis_params: { unit: "carton", volume: 0.05, rate: 0.1, colis_volume: 0.2 },
    });
  });

  it("leaves out a setting of another shape, so that its rule uses its default", () => {
    expect(cartConfig({ cartGoodsLimit: "many", minBuyPrice: { a: 1 }, colis_params: { unit: 3 }, parisProvinceZipcode: [75] })).toEqual(
      {},
    );
  });
});
