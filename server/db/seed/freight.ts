// Demo freight tariff for metropolitan France (decision 071, docs/freight-tariff.md), from the Aubervilliers
// warehouse: prices excl. tax in euros, 2026 market levels for pallet groupage, messagerie and GLS parcels.
import type * as s from "#server/db/schema/index.ts";

type Zone = typeof s.freightZones.$inferInsert;

export const FREIGHT_ZONES: Zone[] = [
  {
    code: "paris",
    nameFr: "Paris et petite/grande couronne",
    nameZh: "巴黎及大区",
    tollPerPalletHt: "0",
    extraPalletHt: "39.00",
    carrierPer100KgHt: "14.50",
    carrierMinHt: "32.00",
    position: 1,
  },
  {
    code: "z1",
    nameFr: "Nord, Normandie et Centre",
    nameZh: "北部、诺曼底及中部",
    tollPerPalletHt: "9.00",
    extraPalletHt: "56.00",
    carrierPer100KgHt: "19.80",
    carrierMinHt: "42.00",
    position: 2,
  },
  {
    code: "z2",
    nameFr: "Ouest, Est et Massif central",
    nameZh: "西部、东部及中央高原",
    tollPerPalletHt: "14.00",
    extraPalletHt: "71.00",
    carrierPer100KgHt: "23.40",
    carrierMinHt: "49.00",
    position: 3,
  },
  {
    code: "z3",
    nameFr: "Sud-Ouest, Sud-Est et Alpes",
    nameZh: "西南、东南及阿尔卑斯",
    tollPerPalletHt: "19.00",
    extraPalletHt: "86.00",
    carrierPer100KgHt: "27.90",
    carrierMinHt: "56.00",
    position: 4,
  },
  {
    code: "corse",
    nameFr: "Corse",
    nameZh: "科西嘉",
    tollPerPalletHt: "0",
    extraPalletHt: "0",
    carrierPer100KgHt: "46.00",
    carrierMinHt: "95.00",
    parcelSurchargeHt: "9.50",
    position: 5,
  },
];

// Zip prefixes 01–95 (20 = Corsica). The Paris-province prefixes also follow config parisProvinceZipcode.
const BY_ZONE: Record<string, string> = {
  paris: "75 77 78 91 92 93 94 95",
  z1: "02 08 10 14 18 21 27 28 36 37 41 45 50 51 52 53 55 58 59 60 61 62 72 76 80 89",
  z2: "01 03 15 16 17 19 22 23 25 29 35 39 42 43 44 49 54 56 57 63 67 68 69 70 71 79 85 86 87 88 90",
  z3: "04 05 06 07 09 11 12 13 24 26 30 31 32 33 34 38 40 46 47 48 64 65 66 73 74 81 82 83 84",
  corse: "20",
};

export const FREIGHT_DEPARTMENTS: (typeof s.freightZoneDepartments.$inferInsert)[] = Object.entries(BY_ZONE)
  .flatMap(([zoneCode, list]) => list.split(" ").map((department) => ({ department, zoneCode })))
  .sort((a, b) => a.department.localeCompare(b.department));

// Price of one shipment of 1..6 pallets (80×120 cm, ≤ 1.6 m³); past 6, extraPalletHt per pallet. No pallets to Corsica.
const PALLETS: Record<string, number[]> = {
  paris: [69, 118, 162, 199, 232, 262],
  z1: [98, 172, 238, 296, 348, 396],
  z2: [124, 219, 304, 379, 446, 507],
  z3: [149, 266, 371, 464, 548, 625],
};

export const FREIGHT_PALLET_RATES: (typeof s.freightPalletRates.$inferInsert)[] = Object.entries(PALLETS).flatMap(([zoneCode, prices]) =>
  prices.map((p, i) => ({ zoneCode, pallets: i + 1, priceHt: p.toFixed(2) })),
);

// GLS Business Parcel, national, per parcel by weight band (≤ 30 kg a parcel).
export const FREIGHT_PARCEL_RATES: (typeof s.freightParcelRates.$inferInsert)[] = [
  { maxKg: "1", priceHt: "7.90" },
  { maxKg: "3", priceHt: "9.40" },
  { maxKg: "5", priceHt: "11.20" },
  { maxKg: "10", priceHt: "14.60" },
  { maxKg: "20", priceHt: "19.90" },
  { maxKg: "30", priceHt: "25.40" },
];

export const FREIGHT_SETTINGS: (typeof s.freightSettings.$inferInsert)[] = [
  { id: 1, generalTva: "0.2000", rdvHt: "18.00", largeParcelHt: "6.50", discountRate: "0.5000", volumetricKgPerM3: 250 },
];
