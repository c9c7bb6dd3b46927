// The two cash-and-carry shops (SPEC §9: Monday–Saturday 8h30–18h30 and 9h00–19h00, closed on Sunday).
import type * as s from "#server/db/schema/index.ts";
import { SELLER } from "#core/documents/seller.ts";

type Hours = ({ open: string; close: string } | null)[];

/** 7 entries, index 0 = Monday … index 6 = Sunday (null = closed). */
const week = (open: string, close: string): Hours => [...Array.from({ length: 6 }, () => ({ open, close })), null];

export const SHOPS: (typeof s.shops.$inferInsert & { id: number })[] = [
  {
    id: 1,
    code: "AUB",
    phone: SELLER.phone, // the head office (core/documents/seller.ts)
    email: "aubervilliers@comptoir-emballage.fr",
    lat: "48.9064",
    lng: "2.3796",
    hours: week("08:30", "18:30"),
    position: 1,
  },
  {
    id: 2,
    code: "VIT",
    phone: "01 46 82 37 90",
    email: "vitry@comptoir-emballage.fr",
    lat: "48.7892",
    lng: "2.3925",
    hours: week("09:00", "19:00"),
    position: 2,
  },
];

export const SHOP_TRANSLATIONS: (typeof s.shopTranslations.$inferInsert)[] = [
  { shopId: 1, lang: "fr", name: "Comptoir de l'Emballage – Aubervilliers", address: "12 rue de la Haie-Coq, 93300 Aubervilliers" },
  {
    shopId: 1,
    lang: "zh",
    name: "Comptoir de l'Emballage 包装批发 – 欧贝维利耶店",
    address: "12 rue de la Haie-Coq, 93300 Aubervilliers（法国）",
  },
  { shopId: 2, lang: "fr", name: "Comptoir de l'Emballage – Vitry-sur-Seine", address: "27 rue Léon-Geffroy, 94400 Vitry-sur-Seine" },
  {
    shopId: 2,
    lang: "zh",
    name: "Comptoir de l'Emballage 包装批发 – 塞纳河畔维特里店",
    address: "27 rue Léon-Geffroy, 94400 Vitry-sur-Seine（法国）",
  },
];
