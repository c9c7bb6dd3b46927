import { describe, expect, it } from "vitest";
import { deliveryAddressProblems, isMetropolitanZip, type DeliveryAddressCheck } from "./delivery-address.ts";
import type { Tariff } from "./freight-tariff.ts";

const zone = (code: string) => ({
  code,
  tollPerPalletHt: "0",
  extraPalletHt: "0",
  carrierPer100KgHt: "10",
  carrierMinHt: "30",
  parcelSurchargeHt: "0",
});
const tariff: Tariff = {
  zones: [zone("paris"), zone("z2"), zone("corse")],
  departments: { "69": "z2", "20": "corse", "97": "z2" },
  palletRates: [],
  parcelRates: [],
  settings: { generalTva: "0.2", rdvHt: "18", largeParcelHt: "0", discountRate: "0", volumetricKgPerM3: 250 },
  config: { paletteBlockZipcode: ["20"], optionRdvBlockZipcode: "20,69", parisProvinceZipcode: ["75"] },
};
const ok: DeliveryAddressCheck = { zip_code: "69003", country: "FR", mode: "carrier", rdv: false, hasReceivingSlot: true };
const keys = (over: Partial<DeliveryAddressCheck>) => deliveryAddressProblems(tariff, { ...ok, ...over }).map((p) => `${p.field}:${p.key}`);

describe("deliveryAddressProblems", () => {
  it("accepts a deliverable address, and pickup whatever the address", () => {
    expect(keys({})).toEqual([]);
    expect(keys({ mode: "pickup", zip_code: "", hasReceivingSlot: false })).toEqual([]);
  });

  it("checks the zip in order: present, French, metropolitan, in a tariff zone", () => {
    expect(keys({ zip_code: "  " })).toEqual(["zip_code:validation.zip_required"]);
    expect(keys({ zip_code: "6900" })).toEqual(["zip_code:validation.zip_invalid"]);
    expect(keys({ zip_code: "00100" })).toEqual(["zip_code:validation.zip_invalid"]);
    // 97 is in the departments table here, and still outside the delivery area
    expect(keys({ zip_code: "97400" })).toEqual(["zip_code:checkout.zone_unknown"]);
    expect(keys({ zip_code: "13001" })).toEqual(["zip_code:checkout.zone_unknown"]);
    expect(keys({ zip_code: "75011" })).toEqual([]);
  });

  it("refuses another country, and stops at the address problems", () => {
    expect(keys({ country: "BE", hasReceivingSlot: false })).toEqual(["country:validation.country_invalid"]);
  });

  it("refuses a pallet to paletteBlockZipcode, other modes stay possible", () => {
    expect(keys({ zip_code: "20090", mode: "pallet" })).toEqual(["delivery_mode:checkout.pallet_blocked"]);
    expect(keys({ zip_code: "20090", mode: "carrier" })).toEqual([]);
    expect(keys({ zip_code: "20090", mode: null })).toEqual([]);
  });

  it("refuses the appointment where optionRdvBlockZipcode or the mode says so", () => {
    expect(keys({ rdv: true })).toEqual(["rdv:checkout.rdv_blocked"]);
    expect(keys({ rdv: true, mode: null })).toEqual(["rdv:checkout.rdv_blocked"]);
    expect(keys({ rdv: true, zip_code: "75011", mode: "parcel" })).toEqual(["rdv:checkout.rdv_unavailable"]);
    expect(keys({ rdv: true, zip_code: "75011", mode: "pallet" })).toEqual([]);
    expect(keys({ rdv: true, zip_code: "75011", mode: null })).toEqual([]);
  });

  it("asks for receiving times, with every other problem of the same address", () => {
    expect(keys({ hasReceivingSlot: false })).toEqual(["receiving_days:validation.receiving_days_required"]);
    expect(keys({ zip_code: "20090", mode: "pallet", rdv: true, hasReceivingSlot: false })).toEqual([
      "delivery_mode:checkout.pallet_blocked",
      "rdv:checkout.rdv_blocked",
      "receiving_days:validation.receiving_days_required",
    ]);
  });

  it("knows metropolitan zips", () => {
    expect(["75011", "20090", "01000", "95000"].map(isMetropolitanZip)).toEqual([true, true, true, true]);
    expect(["97400", "98800", "96000", "7501"].map(isMetropolitanZip)).toEqual([false, false, false, false]);
  });
});
