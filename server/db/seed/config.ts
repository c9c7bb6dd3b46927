// site_config rows (key → JSON value), returned as is by GET /site/Index/config: nothing secret here.
// cartGoodsLimit counts distinct models (cart lines): the lines added plus the lines already in the cart
// (a model already in the cart is not counted twice), as core/cart/operations.ts checkCartLimit does.

import { SELLER } from "#core/documents/seller.ts";

export const SITE_CONFIG: Record<string, unknown> = {
  brand: "Comptoir de l'Emballage",
  minBuyPrice: 50,
  freeDeliverPrice: 300,
  freeDeliveryAmount: [300, 600, 900],
  onePaletteVolume: 1.6,
  cartGoodsLimit: 999,
  paletteBlockZipcode: ["20", "97", "98"],
  parisProvinceZipcode: ["75", "77", "78", "91", "92", "93", "94", "95"],
  optionRdvBlockZipcode: ["20"],
  colis_params: { unit: "carton", volume: 0.05, rate: 0.08, colis_volume: 0.12 },
  ad_img: "/images/ads/promo-hiver.svg",
  phone: SELLER.phone,
  email: SELLER.email,
  callBefore: "11:30",
  returnDays: 15,
  social: {
    facebook: "https://www.facebook.com/comptoiremballage",
    instagram: "https://www.instagram.com/comptoiremballage",
    linkedin: "https://www.linkedin.com/company/comptoir-emballage",
  },
  AUB_address: "12 rue de la Haie-Coq, 93300 Aubervilliers",
  VIT_address: "27 rue Léon-Geffroy, 94400 Vitry-sur-Seine",
  surface: "10 000 m²",
  references: 8000,
};
