// Cart entities of SPEC §3. Numeric fields accept numbers or decimal texts (the API and NUMERIC
// columns give texts); computed monetary outputs are always decimal texts.
import type { VatRow } from "../vat.ts";

export type Numeric = number | string;

/** Per-item promotion (SPEC §3 "Promotion info"). */
export interface PromotionInfo {
  /** 1 model promotion, 2 discount coupon. */
  type: number;
  /** Fraction off, e.g. 0.1 for 10 %. */
  value: Numeric;
  /** Minimum quantity for the promotion to apply. */
  num: number;
  /** Units offered per whole multiple of `num` bought, on top of the percentage (core/cart/promotion.ts); null: none. */
  gifted_units?: number | null;
}

/** Cart item (SPEC §3). */
export interface CartLine {
  model_id: number;
  /** Quantity. */
  num: number;
  /** Unit price excl. tax (up to 4 decimals). */
  price: Numeric;
  site_price?: Numeric | null;
  /** Weight per unit, kg. */
  poids?: Numeric | null;
  /** Volume per unit, m³. */
  volume?: Numeric | null;
  /** VAT rate as a fraction (0.2). */
  tva?: Numeric | null;
  unit?: string | null;
  /** 1 = not shippable by the GLS carrier. */
  non_gls_status?: number | null;
  remise_info?: PromotionInfo | null;
  /** Maximum purchasable quantity; null/undefined = no limit. */
  purchasable_qty?: number | null;
  /** Server cart line id (0 or absent for a line not yet saved). */
  id?: number | null;
}

/** Coupon of the cart parameters (decision 013). */
export interface DiscountInfo {
  type?: number;
  /** Fraction off the goods (0.05). */
  value?: Numeric | null;
  /** Or a fixed amount off, excl. tax. */
  amount?: Numeric | null;
  /** Minimum goods amount excl. tax for the coupon to apply. */
  min_amount?: Numeric | null;
  code?: string;
}

/** Freight answer of GET /site/Sale/getDeliveryExpense (SPEC §3). */
export interface Freight {
  freight_ht?: Numeric | null;
  freight_tva?: Numeric | null;
  highway_toll_ht?: Numeric | null;
  highway_toll_tva?: Numeric | null;
  /** A threshold, or a list of thresholds indexed by pallet count (entry 0 = 1 pallet). */
  freeDeliveryAmount?: Numeric | Numeric[] | null;
  zip_code?: string | null;
  rdv_amount?: Numeric | null;
  general_tva?: Numeric | null;
  discount_rate?: Numeric | null;
  poids?: Numeric | null;
  volume?: Numeric | null;
}

export interface DeliveryAddress {
  zip_code?: string | null;
  [key: string]: unknown;
}

export interface ExtraOptions {
  /** Delivery by appointment requested (adds freight.rdv_amount, decision 014). */
  rdv?: boolean | number | null;
  [key: string]: unknown;
}

/** Cart parameters (SPEC §3). */
export interface CartParams {
  id?: number | null;
  delivery_addr_id?: number | null;
  invoice_addr_id?: number | null;
  /** 2 = store pickup. */
  pickup_method?: number | null;
  delivery_addr_obj?: DeliveryAddress | null;
  extra_options?: ExtraOptions | null;
  discount_info?: DiscountInfo | null;
  freight?: Freight | null;
}

export interface ColisParams {
  /** The parcel unit (e.g. "carton"). */
  unit: string;
  /** Minimum unit volume for an item to be its own parcel. */
  volume: Numeric;
  /** Volume of one grouped parcel. */
  rate: Numeric;
  /** Above this unit volume an item is also a large parcel. */
  colis_volume: Numeric;
}

/** The part of the site config the cart rules read (SPEC §3 "Site config"). */
export interface CartConfig {
  onePaletteVolume?: Numeric | null;
  parisProvinceZipcode?: string[] | string | null;
  paletteBlockZipcode?: string[] | string | null;
  optionRdvBlockZipcode?: string[] | string | null;
  colis_params?: ColisParams | null;
  cartGoodsLimit?: number | null;
  minBuyPrice?: Numeric | null;
}

export interface CartLineTotals {
  model_id: number;
  /** Whether the per-item promotion applies (quantity reached its minimum). */
  promoApplied: boolean;
  /** Line amount excl. tax after the per-item promotion, 2 decimals. */
  lineAmount: string;
  /** Amount taken off by the per-item promotion, 2 decimals (≥ 0). */
  remise: string;
  /** Line tax = line amount × tva, 2 decimals (before any coupon). */
  lineTax: string;
}

/** Cart totals (SPEC §3 field names, decision 012). Money: 2 decimals; volume 6; weight 3. */
export interface CartTotals {
  /** Goods excl. tax after per-item promotions. */
  totalAmount: string;
  /** Goods excl. tax after the coupon: totalAmount + discountAmount. */
  cartTotalAmount: string;
  totalQuantity: number;
  /** Goods amount counted towards free delivery. */
  amount_for_freeDelivery: string;
  /** VAT on goods after the coupon. */
  totalTva: string;
  /** Sum taken off by per-item promotions (≥ 0). */
  remiseAmount: string;
  /** Coupon reduction (≤ 0). */
  discountAmount: string;
  /** Freight discount excl. tax (≤ 0): Σ min(0, price − site_price) × num × freight.discount_rate. */
  freightDiscount_ht: string;
  /** kg, 3 decimals. */
  totalPoids: string;
  /** m³, 6 decimals. */
  totalVolume: string;
  /** ≥ 1. */
  palette_num: number;
  colis_qte: number;
  colis_vol_num: number;
  /** True when a line has non_gls_status 1 (decision 015). */
  has_gls_model: boolean;
  /** Threshold picked from freeDeliveryAmount for palette_num ("0.00" when none). */
  freeDeliveryThreshold: string;
  isFreeDelivery: boolean;
  /** Delivery amounts actually charged (0 when free). */
  freightHt: string;
  freightTva: string;
  tollHt: string;
  tollTva: string;
  rdvHt: string;
  rdvTva: string;
  /** Freight discount actually deducted: freightDiscount_ht limited to the freight charged (≤ 0). */
  appliedFreightDiscountHt: string;
  /** VAT on appliedFreightDiscountHt (≤ 0). */
  freightDiscountTva: string;
  /** The rate freight, toll, appointment and freight discount are charged at (freight.general_tva, 4 decimals). */
  freightVatRate: string;
  /** VAT by rate of goods and charges (core/vat.ts); the rows' VAT adds up to grandTotalTva. */
  vat: VatRow[];
  /** Everything excl. tax: cartTotalAmount + freight + toll + rdv + applied freight discount. */
  grandTotalHt: string;
  /** All VAT: goods, freight, toll, rdv, freight discount. */
  grandTotalTva: string;
  /** Amount to pay incl. tax: grandTotalHt + grandTotalTva. */
  grandTotal: string;
  lines: CartLineTotals[];
}

export interface TotalsOptions {
  loggedIn: boolean;
}
