// What the checkout reads of the caller's server cart: its saved parameters and the measures of its lines
// (weight, volume, pallets, parcels, GLS restriction), recomputed here so a client's figures are never trusted.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { refused } from "#core/domain-errors.ts";
import { computeCartTotals } from "#core/cart/totals.ts";
import { palletCount } from "#core/cart/parcels.ts";
import { dec } from "#core/money.ts";
import type { CartConfig, CartLine } from "#core/cart/types.ts";
import type { DeliveryMode, FreightMeasures } from "#core/freight-tariff.ts";
import type { SiteConfig } from "#core/site.ts";

export type CheckoutCartRow = {
  id: number;
  delivery_addr_id: number | null;
  invoice_addr_id: number | null;
  pickup_method: number;
  delivery_mode: DeliveryMode | null;
  shop_id: number | null;
  coupon_id: number | null;
  extra_options: Record<string, unknown>;
  freight: Record<string, unknown> | null;
  note: string | null;
};

export type OwnAddress = { id: number; kind: string; zip_code: string; [key: string]: unknown };

const CART_COLUMNS = sql`id, delivery_addr_id, invoice_addr_id, pickup_method, delivery_mode, shop_id, coupon_id, extra_options, freight, note`;

/** The caller's cart row, or null when the caller never had one; `lock` holds it until the transaction ends. */
export async function loadCart(q: Db, customerId: number, lock = false): Promise<CheckoutCartRow | null> {
  const [row] = await query<CheckoutCartRow>(
    q,
    sql`select ${CART_COLUMNS} from carts where customer_id = ${customerId} ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

/** The caller's cart row, created when missing, locked. */
export async function lockCart(q: Db, customerId: number): Promise<CheckoutCartRow> {
  await query(q, sql`insert into carts (customer_id) values (${customerId}) on conflict (customer_id) do nothing`);
  return (await loadCart(q, customerId, true))!;
}

/** The part of the site config the measures need. */
export const measureConfig = (c: SiteConfig): CartConfig => ({
  onePaletteVolume: c.onePaletteVolume as CartConfig["onePaletteVolume"],
  colis_params: c.colis_params as CartConfig["colis_params"],
  parisProvinceZipcode: c.parisProvinceZipcode as CartConfig["parisProvinceZipcode"],
});

/** Measures of the cart's lines, from the catalogue's own weights and volumes; null when the cart has no line. */
export async function cartMeasures(q: Db, cartId: number, config: CartConfig): Promise<FreightMeasures | null> {
  const rows = await query<{
    model_id: number;
    num: number;
    price: string;
    tva: string;
    poids: string;
    volume: string;
    unit: string;
    non_gls: boolean;
  }>(
    q,
    sql`
    select m.id as model_id, l.num, m.price, m.tva, m.poids, m.volume, m.unit, m.non_gls
    from cart_lines l join models m on m.id = l.model_id where l.cart_id = ${cartId} order by l.id`,
  );
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
  const [a] = await query<OwnAddress>(
    q,
    sql`
    select id, kind, title, first_name, last_name, company, line1, line2, zip_code, city, country, phone
    from addresses where id = ${id} and customer_id = ${customerId} and deleted_at is null`,
  );
  if (!a) throw refused("checkout.address_invalid");
  if (a.kind !== kind) throw refused("checkout.address_kind_mismatch");
  return a;
}
