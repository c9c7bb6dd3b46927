import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SITE_CONFIG } from "#server/db/seed/config.ts";
import {
  cartSettingsFormSchema,
  deliverySettingsFormSchema,
  displaySettingsFormSchema,
  freightSettingsFormSchema,
  maintenanceFormSchema,
  paymentSettingsFormSchema,
  readSettings,
  settingSchemas,
} from "./settings.ts";

const first = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { path: String(r.error!.issues[0].path[0] ?? ""), message: r.error!.issues[0].message };

describe("settings' schemas", () => {
  it("accept every setting of the demo configuration as stored", () => {
    const s = readSettings(SITE_CONFIG);
    expect(s).toMatchObject({
      minBuyPrice: 50,
      freeDeliverPrice: 300,
      freeDeliveryAmount: [300, 600, 900],
      onePaletteVolume: 1.6,
      cartGoodsLimit: 999,
      parisProvinceZipcode: ["75", "77", "78", "91", "92", "93", "94", "95"],
      colis_params: { unit: "carton", volume: 0.05, rate: 0.08, colis_volume: 0.12 },
      ad_img: "/images/ads/promo-hiver.svg",
    });
  });

  it("leave out a stored value of another shape (its rule then uses its default)", () => {
    const s = readSettings({
      minBuyPrice: -5,
      freeDeliveryAmount: [600, 300],
      cartGoodsLimit: 1.5,
      paletteBlockZipcode: ["2A"],
      ad_img: "javascript:alert(1)",
      maintenance: { on: "yes" },
      unpaidOrderExpiryMinutes: 2,
      colis_params: { unit: "carton", volume: 0.2, rate: 0.1, colis_volume: 0.1 },
    });
    expect(s).toEqual({});
  });

  it("read a prefix list typed as text, without duplicates", () => {
    expect(settingSchemas.parisProvinceZipcode.parse("75, 92 ;93 75")).toEqual(["75", "92", "93"]);
    expect(settingSchemas.parisProvinceZipcode.parse("")).toEqual([]);
    expect(first(settingSchemas.paletteBlockZipcode.safeParse("20 975"))?.message).toBe("admin.settings_zip_prefixes_invalid");
  });

  it("take a French decimal comma and refuse more precision than the setting has", () => {
    expect(settingSchemas.minBuyPrice.parse("49,90")).toBe(49.9);
    expect(settingSchemas.onePaletteVolume.parse("1,6")).toBe(1.6);
    expect(settingSchemas.minBuyPrice.safeParse("49.999").success).toBe(false);
    expect(settingSchemas.minBuyPrice.safeParse("1e3").success).toBe(false);
    expect(settingSchemas.onePaletteVolume.safeParse("0").success).toBe(false);
  });

  it("want the free-delivery tiers strictly ascending", () => {
    expect(settingSchemas.freeDeliveryAmount.parse("300 ; 600 ; 900")).toEqual([300, 600, 900]);
    expect(first(settingSchemas.freeDeliveryAmount.safeParse("300 300"))?.message).toBe(
      "admin.settings_free_delivery_amount_order_invalid",
    );
    expect(first(settingSchemas.freeDeliveryAmount.safeParse([]))?.message).toBe("admin.settings_free_delivery_amount_invalid");
    expect(settingSchemas.freeDeliveryAmount.safeParse("0").success).toBe(false);
    // a stored single threshold (SPEC §3: a number or a list) stays a number; an invalid one is left out
    expect(readSettings({ freeDeliveryAmount: 450 }).freeDeliveryAmount).toBe(450);
    expect(readSettings({ freeDeliveryAmount: -1 }).freeDeliveryAmount).toBeUndefined();
  });

  it("property: any ascending list of amounts in cents is kept as typed, any other order is refused", () => {
    const cents = fc.integer({ min: 1, max: 100_000_000 });
    fc.assert(
      fc.property(fc.uniqueArray(cents, { minLength: 1, maxLength: 10 }), (list) => {
        const amounts = list.map((c) => c / 100);
        const sorted = [...amounts].sort((a, b) => a - b);
        const typed = amounts.map((a) => a.toFixed(2).replace(".", ",")).join(" ; ");
        const r = settingSchemas.freeDeliveryAmount.safeParse(typed);
        const ascending = amounts.every((a, i) => a === sorted[i]);
        expect(r.success).toBe(ascending);
        if (r.success) expect(r.data).toEqual(sorted);
      }),
    );
  });

  it("property: a stored value read back is the value written (the form's output is a stored value)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 9_999 }), (cents, limit) => {
        const form = cartSettingsFormSchema.parse({
          cartGoodsLimit: String(limit),
          minBuyPrice: (cents / 100).toFixed(2),
          freeDeliverPrice: "300",
          freeDeliveryAmount: "300 600",
        });
        expect(readSettings({ ...form })).toMatchObject(form);
      }),
    );
  });

  it("name the field of each refusal in the forms", () => {
    expect(
      first(
        cartSettingsFormSchema.safeParse({ cartGoodsLimit: "0", minBuyPrice: "50", freeDeliverPrice: "300", freeDeliveryAmount: "300" }),
      ),
    ).toEqual({
      path: "cartGoodsLimit",
      message: "admin.settings_cart_goods_limit_invalid",
    });
    const delivery = {
      onePaletteVolume: "1,6",
      paletteBlockZipcode: "20",
      parisProvinceZipcode: "75",
      optionRdvBlockZipcode: "",
      colis_unit: "carton",
      colis_volume_min: "0,05",
      colis_rate: "0,08",
      colis_large: "0,04",
    };
    expect(first(deliverySettingsFormSchema.safeParse(delivery))).toEqual({
      path: "colis_large",
      message: "admin.settings_colis_large_invalid",
    });
    expect(deliverySettingsFormSchema.parse({ ...delivery, colis_large: "0,12" }).optionRdvBlockZipcode).toEqual([]);
    expect(first(paymentSettingsFormSchema.safeParse({ unpaidOrderExpiryMinutes: "5" }))?.path).toBe("unpaidOrderExpiryMinutes");
    expect(first(displaySettingsFormSchema.safeParse({ ad_img: "//evil.example/x.png", map_key: "" }))?.path).toBe("ad_img");
    expect(displaySettingsFormSchema.parse({ ad_img: "https://cdn.example.com/a.png", map_key: "AIza-1_x" })).toEqual({
      ad_img: "https://cdn.example.com/a.png",
      map_key: "AIza-1_x",
    });
    expect(first(displaySettingsFormSchema.safeParse({ ad_img: "", map_key: "a b" }))?.path).toBe("map_key");
    expect(
      first(
        freightSettingsFormSchema.safeParse({
          generalTva: "100",
          rdvHt: "0",
          largeParcelHt: "0",
          discountRate: "0",
          volumetricKgPerM3: "250",
        }),
      )?.path,
    ).toBe("generalTva");
  });

  it("read the maintenance switch and refuse control characters in its messages", () => {
    expect(maintenanceFormSchema.parse({ on: "on", message_fr: " Retour à 14 h ", message_zh: "" })).toEqual({
      on: true,
      message_fr: "Retour à 14 h",
      message_zh: "",
    });
    expect(maintenanceFormSchema.parse({}).on).toBe(false);
    expect(maintenanceFormSchema.safeParse({ on: "on", message_fr: "a\u0000b" }).success).toBe(false);
    expect(maintenanceFormSchema.safeParse({ on: "on", message_fr: "x".repeat(501) }).success).toBe(false);
  });
});
