// The shop's settings (SPEC §3 "Site config", the freight tariff's scalars and zone prices, the unpaid-order delay,
// maintenance): one schema per setting, the same for the value stored in site_config (a JSON number or list) and
// for the back office's form field (a text, French decimal comma accepted). Messages are "admin.*" keys.
import { z } from "zod";
import { decimalField, intField, text } from "./common.ts";

/** The site_config keys of the settings the back office changes (the public config shows all but the private ones). */
export const SETTING_KEYS = [
  "cartGoodsLimit",
  "minBuyPrice",
  "freeDeliverPrice",
  "freeDeliveryAmount",
  "onePaletteVolume",
  "paletteBlockZipcode",
  "parisProvinceZipcode",
  "optionRdvBlockZipcode",
  "colis_params",
  "ad_img",
  "map",
  "unpaidOrderExpiryMinutes",
  "maintenance",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Settings only the server reads: never in GET /site/Index/config. */
export const PRIVATE_SETTINGS: readonly string[] = ["unpaidOrderExpiryMinutes", "maintenance"];

export const MONEY_SETTING_MAX = 1_000_000;
export const TIERS_MAX = 10;
export const ZIP_PREFIXES_MAX = 100;
export const MAINTENANCE_MESSAGE_MAX = 500;
export const AD_IMG_MAX = 300;
export const UNPAID_EXPIRY_MIN = 10;
export const UNPAID_EXPIRY_MAX = 525_600;

const e = (key: string) => ({ error: `admin.settings_${key}_invalid` });
/** A form's decimal comma as a point; other values as they are. */
const comma = (v: unknown) => (typeof v === "string" ? v.trim().replace(",", ".") : v);
const decimals = (places: number) => (n: number) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;

/** An amount in euros excl. tax, cents at most, within [0, MONEY_SETTING_MAX] (stored as a JSON number). */
const money = (err: { error: string }, min = 0) =>
  z.preprocess(
    comma,
    decimalField(err, { min, max: MONEY_SETTING_MAX }).refine((n) => decimals(2)(n), err),
  );

/** A list typed as one text ("300 ; 600", amounts apart by spaces or semicolons since a comma may be a decimal
 * one; "75, 92") or stored as a JSON list. */
const listOf = <T extends z.ZodType>(item: T, err: { error: string }, max: number, separator = /[\s;]+/) =>
  z.preprocess((v) => (typeof v === "string" ? v.split(separator).filter((s) => s !== "") : v), z.array(item, err).max(max, err));

export const settingSchemas = {
  /** Distinct models a cart may hold. */
  cartGoodsLimit: intField(e("cart_goods_limit"), { min: 1, max: 9_999 }),
  /** The smallest order, excl. tax (0: none). */
  minBuyPrice: money(e("min_buy_price")),
  /** The free-delivery threshold shown to buyers, excl. tax. */
  freeDeliverPrice: money(e("free_deliver_price")),
  /** Free-delivery thresholds by pallet count (1 pallet, 2 pallets…): strictly ascending. */
  freeDeliveryAmount: listOf(money(e("free_delivery_amount"), 0.01), e("free_delivery_amount"), TIERS_MAX)
    .refine((l) => l.length >= 1, e("free_delivery_amount"))
    .refine((l) => l.every((v, i) => i === 0 || v > l[i - 1]), e("free_delivery_amount_order")),
  /** Volume of one pallet, m³ (3 decimals). */
  onePaletteVolume: z.preprocess(
    comma,
    decimalField(e("one_palette_volume"), { min: 0.1, max: 10 }).refine(decimals(3), e("one_palette_volume")),
  ),
  paletteBlockZipcode: zipList(),
  parisProvinceZipcode: zipList(),
  optionRdvBlockZipcode: zipList(),
  /** Parcels: goods of `unit` at least `volume` m³ go one per parcel (large past `colis_volume`), the rest grouped by `rate` m³. */
  colis_params: z
    .object(
      {
        unit: text(e("colis_unit")).trim().min(1, e("colis_unit")).max(20, e("colis_unit")),
        volume: volumeField("colis_volume_min"),
        rate: volumeField("colis_rate"),
        colis_volume: volumeField("colis_large"),
      },
      e("colis_unit"),
    )
    .refine((c) => c.colis_volume >= c.volume, { ...e("colis_large"), path: ["colis_volume"] }),
  /** The popup's image: a path of this site or an https address; "" for none. */
  ad_img: text(e("ad_img"))
    .trim()
    .max(AD_IMG_MAX, e("ad_img"))
    .regex(/^(?:$|\/(?!\/)\S*|https:\/\/[^\s/]+\/?\S*)$/, e("ad_img")),
  /** The maps key of the shops' map ({key}); "" for none. */
  map: z.object(
    {
      key: text(e("map_key"))
        .trim()
        .max(100, e("map_key"))
        .regex(/^[\w.-]*$/, e("map_key")),
    },
    e("map_key"),
  ),
  /** Minutes an order waits for its card payment before it is cancelled and its stock released. */
  unpaidOrderExpiryMinutes: intField(e("unpaid_expiry"), { min: UNPAID_EXPIRY_MIN, max: UNPAID_EXPIRY_MAX }),
  /** Customers get the maintenance page (staff still see the shop), with an optional message per language. */
  maintenance: z.object(
    {
      on: z.boolean(e("maintenance")),
      message_fr: maintenanceMessage(),
      message_zh: maintenanceMessage(),
    },
    e("maintenance"),
  ),
} satisfies Record<SettingKey, z.ZodType>;

function zipList() {
  const err = e("zip_prefixes");
  return listOf(text(err).regex(/^\d{2}$/, err), err, ZIP_PREFIXES_MAX, /[\s,;]+/).transform((l) => [...new Set(l)]);
}

function volumeField(key: string) {
  const err = e(key);
  return z.preprocess(comma, decimalField(err, { min: 0.001, max: 100 }).refine(decimals(3), err));
}

function maintenanceMessage() {
  const err = e("maintenance_message");
  return text(err, { multiline: true }).trim().max(MAINTENANCE_MESSAGE_MAX, err).optional().default("");
}

/** A stored single free-delivery threshold (SPEC §3: "a number or a list"): kept a number, as the buyer's API sends it. */
const oneFreeDeliveryAmount = money(e("free_delivery_amount"), 0.01);

export type SiteSettings = { [K in Exclude<SettingKey, "freeDeliveryAmount">]?: z.output<(typeof settingSchemas)[K]> } & {
  freeDeliveryAmount?: number | number[];
};
export type Maintenance = z.output<typeof settingSchemas.maintenance>;

/**
 * The settings of a stored configuration, each kept only when its schema accepts it: a value of another shape
 * (an old row, a hand-made change) is left out and the rule that reads it uses its default, never a value cast
 * to a type it does not have.
 */
export function readSettings(site: Readonly<Record<string, unknown>>): SiteSettings {
  let out = parsed.get(site);
  if (!out) {
    out = {};
    for (const key of SETTING_KEYS) {
      if (site[key] === undefined || site[key] === null) continue;
      const schema = key === "freeDeliveryAmount" && typeof site[key] === "number" ? oneFreeDeliveryAmount : settingSchemas[key];
      const r = schema.safeParse(site[key]);
      if (r.success) (out as Record<string, unknown>)[key] = r.data;
    }
    parsed.set(site, out);
  }
  return out;
}
const parsed = new WeakMap<object, SiteSettings>();

/** What the back office's forms send, group by group; each field goes through its setting's schema. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const tick = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const cartSettingsFormSchema = z.object({
  cartGoodsLimit: settingSchemas.cartGoodsLimit,
  minBuyPrice: settingSchemas.minBuyPrice,
  freeDeliverPrice: settingSchemas.freeDeliverPrice,
  freeDeliveryAmount: z.preprocess(blank, settingSchemas.freeDeliveryAmount),
});

export const deliverySettingsFormSchema = z
  .object({
    onePaletteVolume: settingSchemas.onePaletteVolume,
    paletteBlockZipcode: z.preprocess((v) => v ?? "", settingSchemas.paletteBlockZipcode),
    parisProvinceZipcode: z.preprocess((v) => v ?? "", settingSchemas.parisProvinceZipcode),
    optionRdvBlockZipcode: z.preprocess((v) => v ?? "", settingSchemas.optionRdvBlockZipcode),
    colis_unit: settingSchemas.colis_params.shape.unit,
    colis_volume_min: volumeField("colis_volume_min"),
    colis_rate: volumeField("colis_rate"),
    colis_large: volumeField("colis_large"),
  })
  .refine((v) => v.colis_large >= v.colis_volume_min, { ...e("colis_large"), path: ["colis_large"] });

export const paymentSettingsFormSchema = z.object({ unpaidOrderExpiryMinutes: settingSchemas.unpaidOrderExpiryMinutes });

export const displaySettingsFormSchema = z.object({
  ad_img: z.preprocess((v) => v ?? "", settingSchemas.ad_img),
  map_key: z.preprocess((v) => v ?? "", settingSchemas.map.shape.key),
});

export const maintenanceFormSchema = z.object({
  on: tick,
  message_fr: settingSchemas.maintenance.shape.message_fr,
  message_zh: settingSchemas.maintenance.shape.message_zh,
});

/** A rate shown as a percentage ("20" or "5,5" for 0.2000 and 0.0550), 2 decimals of percent at most. */
const percent = (key: string, max: number) => z.preprocess(comma, decimalField(e(key), { min: 0, max }).refine(decimals(2), e(key)));
/** A tariff amount, cents at most, below the numeric(10,2) column's bound. */
const tariffMoney = (key: string) => z.preprocess(comma, decimalField(e(key), { min: 0, max: 99_999_999 }).refine(decimals(2), e(key)));

/** The tariff's scalars (one row): VAT and discount rates as percentages. */
export const freightSettingsFormSchema = z.object({
  generalTva: percent("general_tva", 99.99),
  rdvHt: tariffMoney("rdv"),
  largeParcelHt: tariffMoney("large_parcel"),
  discountRate: percent("discount_rate", 100),
  volumetricKgPerM3: intField(e("volumetric"), { min: 1, max: 10_000 }),
});

/** One zone's prices. */
export const freightZoneFormSchema = z.object({
  zone: text(e("zone")).trim().min(1, e("zone")).max(12, e("zone")),
  tollPerPalletHt: tariffMoney("zone_amount"),
  extraPalletHt: tariffMoney("zone_amount"),
  carrierPer100KgHt: tariffMoney("zone_amount"),
  carrierMinHt: tariffMoney("zone_amount"),
  parcelSurchargeHt: tariffMoney("zone_amount"),
});

/** The groups of the settings page, each its own form (`intent`). */
export const SETTINGS_GROUPS = ["cart", "delivery", "freight", "zone", "payment", "display", "maintenance"] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];
