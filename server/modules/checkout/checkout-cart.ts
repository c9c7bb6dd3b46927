// What the checkout reads of the caller's server cart: its saved parameters and the measures of its lines
// (weight, volume, pallets, parcels, GLS restriction), recomputed here so a client's figures are never trusted.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "#server/db/client.ts";
import { addresses, cartLines, carts, models } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import { computeCartTotals } from "#core/cart/totals.ts";
import { palletCount } from "#core/cart/parcels.ts";
import { dec } from "#core/money.ts";
import type { CartConfig, CartLine } from "#core/cart/types.ts";
import type { DeliveryMode, FreightMeasures } from "#core/freight-tariff.ts";
import type { SiteConfig } from "#core/site.ts";
import { cartConfig } from "#core/cart/config.ts";
import type { AddressKind } from "#core/account.ts";

const CART_COLUMNS = {
  id: carts.id,
  delivery_addr_id: carts.deliveryAddrId,
  invoice_addr_id: carts.invoiceAddrId,
  pickup_method: carts.pickupMethod,
  delivery_mode: sql<DeliveryMode | null>`${carts.deliveryMode}`,
  shop_id: carts.shopId,
  coupon_id: carts.couponId,
  extra_options: carts.extraOptions,
  freight: carts.freight,
  note: carts.note,
};
export type CheckoutCartRow = SelectResultFields<typeof CART_COLUMNS>;

const ADDRESS_COLUMNS = {
  id: addresses.id,
  kind: sql<AddressKind>`${addresses.kind}`, // one of ADDRESS_KINDS (addresses_kind_ck)
  title: addresses.title,
  first_name: addresses.firstName,
  last_name: addresses.lastName,
  company: addresses.company,
  line1: addresses.line1,
  line2: addresses.line2,
  zip_code: addresses.zipCode,
  city: addresses.city,
  country: addresses.country,
  phone: addresses.phone,
};
type OwnAddress = SelectResultFields<typeof ADDRESS_COLUMNS>;

/** The caller's cart row, or null when the caller never had one; `lock` holds it until the transaction ends. */
export async function loadCart(q: Db, customerId: number, lock = false): Promise<CheckoutCartRow | null> {
  const found = q.select(CART_COLUMNS).from(carts).where(eq(carts.customerId, customerId));
  const [row] = lock ? await found.for("update") : await found;
  return row ?? null;
}

/** The caller's cart row, created when missing, locked. */
export async function lockCart(q: Db, customerId: number): Promise<CheckoutCartRow> {
  await q.insert(carts).values({ customerId }).onConflictDoNothing({ target: carts.customerId });
  return (await loadCart(q, customerId, true))!;
}

/** The part of the site config the measures need. */
export const measureConfig = (c: SiteConfig): CartConfig => {
  const { onePaletteVolume, colis_params, parisProvinceZipcode } = cartConfig(c);
  return { onePaletteVolume, colis_params, parisProvinceZipcode };
};

/** Measures of the cart's lines, from the catalogue's own weights and volumes; null when the cart has no line. */
export async function cartMeasures(q: Db, cartId: number, config: CartConfig): Promise<FreightMeasures | null> {
  const rows = await q
    .select({
      model_id: models.id,
      num: cartLines.num,
      price: models.price,
      tva: models.tva,
      poids: models.poids,
      volume: models.volume,
      unit: models.unit,
      non_gls: models.nonGls,
    })
    .from(cartLines)
    .innerJoin(models, eq(models.id, cartLines.modelId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(cartLines.id);
  if (!rows.length) return null;
  const lines: CartLine[] = rows.map((r) => ({
    model_id: r.model_id,
    num: Number(r.num),
    price: r.price,
    tva: r.tva,
    poids: r.poids,
    volume: r.volume,
    unit: r.unit,
    non_gls_status: r.non_gls ? 1 : 0,
  }));
  const t = computeCartTotals(lines, { pickup_method: 1 }, config, { loggedIn: true });
  return {
    totalPoids: t.totalPoids,
    totalVolume: t.totalVolume,
    palette_num: t.palette_num,
    colis_qte: t.colis_qte,
    colis_vol_num: t.colis_vol_num,
    has_gls_model: t.has_gls_model,
  };
}

/** Measures sent by a client without a server cart: used to quote, never stored. */
export function sentMeasures(
  sent: { poids: number; volume: number; colis_qte: number; colis_vol_num: number; gls_model_status: boolean },
  config: CartConfig,
): FreightMeasures {
  const totalVolume = dec(sent.volume).toFixed(6);
  return {
    totalPoids: dec(sent.poids).toFixed(3),
    totalVolume,
    palette_num: palletCount(totalVolume, config.onePaletteVolume),
    colis_qte: sent.colis_qte,
    colis_vol_num: Math.min(sent.colis_vol_num, sent.colis_qte),
    has_gls_model: sent.gls_model_status,
  };
}

/**
 * One of the caller's live addresses of the kind the use asks for; another customer's or a deleted one is
 * refused like an unknown one, an invoice address chosen for delivery (or the reverse) by its own message.
 */
export async function ownAddress(q: Db, customerId: number, id: number, kind: "delivery" | "invoice"): Promise<OwnAddress> {
  const [a] = await q
    .select(ADDRESS_COLUMNS)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId), isNull(addresses.deletedAt)));
  if (!a) throw refused("checkout.address_invalid");
  if (a.kind !== kind) throw refused("checkout.address_kind_mismatch");
  return a;
}
