// Cart totals (SPEC §3 "Cart totals", §6, §9; decisions 012–017).
import { Decimal, DecimalSum, decOrZero } from "../money.ts";
import { zipInPrefixList } from "../zip.ts";
import { freeDeliveryThreshold, halfValueForPromotions, isFreeDelivery } from "./free-delivery.ts";
import { lineAmounts, type LineAmounts } from "./line.ts";
import { palletCount, parcelCounts, type LineVolumes } from "./parcels.ts";
import { vatByRate } from "../vat.ts";
import type { CartConfig, CartLine, CartLineTotals, CartParams, CartTotals, DiscountInfo, TotalsOptions } from "./types.ts";

const HALF = Decimal.from("0.5");

/** What one line adds to the totals, from its own fields alone. */
type LineFigures = {
  a: LineAmounts;
  /** amount × tva, exact (the coupon's VAT share). */
  taxBase: Decimal;
  /** Half the amount (a promoted line's share towards free delivery in Paris-province zones). */
  halfAmount: Decimal;
  /** (price − site price) × num when the line is sold below its site price, else null (the freight discount's base). */
  belowSite: Decimal | null;
  volumes: LineVolumes;
  poids: Decimal;
  /** The line's entry of the totals' `lines` (frozen: shared by every call that totals the line). */
  entry: Readonly<CartLineTotals>;
  /** The line fields they come from (a line object may be changed in place between two calls; `remise_info` is
   * compared by reference: a new promotion is a new object, never one changed in place). */
  from: Pick<CartLine, "model_id" | "num" | "price" | "site_price" | "tva" | "remise_info" | "volume" | "poids">;
};

/**
 * The figures of a line, kept with the line object while the fields they come from are the same: a cart's kept
 * lines (the server's priced lines, decision 096) are totalled again at every write of the cart, one of them changed.
 */
const figuresKept = new WeakMap<CartLine, LineFigures>();

function lineFigures(line: CartLine): LineFigures {
  const kept = figuresKept.get(line);
  const k = kept?.from;
  if (
    kept &&
    k &&
    k.num === line.num &&
    k.model_id === line.model_id &&
    k.price === line.price &&
    k.site_price === line.site_price &&
    k.tva === line.tva &&
    k.remise_info === line.remise_info &&
    k.volume === line.volume &&
    k.poids === line.poids
  )
    return kept;
  const a = lineAmounts(line);
  const { model_id, num, price, site_price, tva, remise_info, volume, poids } = line;
  const unitVolume = decOrZero(volume);
  const diff = site_price === null || site_price === undefined ? null : a.price.minus(decOrZero(site_price));
  const figures: LineFigures = {
    a,
    taxBase: a.amount.times(a.tva),
    halfAmount: a.amount.times(HALF),
    belowSite: diff && diff.sign() < 0 ? diff.times(num) : null,
    volumes: { unit: unitVolume, line: unitVolume.times(num) },
    poids: decOrZero(poids).times(num),
    entry: Object.freeze({
      model_id,
      promoApplied: a.promoApplied,
      lineAmount: a.amount.toFixed(2),
      remise: a.remise.toFixed(2),
      lineTax: a.tax.toFixed(2),
    }),
    from: { model_id, num, price, site_price, tva, remise_info, volume, poids },
  };
  figuresKept.set(line, figures);
  return figures;
}

/** Coupon reduction (positive) on the goods amount: a fraction or a fixed amount, never above the goods. */
export function couponReduction(goods: Decimal, info: DiscountInfo | null | undefined): Decimal {
  if (!info || goods.sign() <= 0) return Decimal.ZERO;
  if (goods.lt(decOrZero(info.min_amount))) return Decimal.ZERO;
  const value = decOrZero(info.value);
  let off: Decimal;
  if (value.sign() > 0) off = goods.times(value.gt(1) ? Decimal.ONE : value).round(2);
  else off = decOrZero(info.amount).round(2);
  if (off.sign() <= 0) return Decimal.ZERO;
  return off.gt(goods) ? goods : off;
}

function isTruthyFlag(v: unknown): boolean {
  return v === true || v === 1 || v === "1";
}

/** What the lines add up to, whatever the delivery, coupon and freight: cartGoods, once per set of lines. */
export type CartGoods = {
  lines: readonly CartLine[];
  amount: Decimal;
  remise: Decimal;
  tax: Decimal;
  /** Σ amount × tva, exact, for the coupon's VAT share. */
  taxBase: Decimal;
  /** Σ amount, a model-promoted line counting half (its share towards free delivery in Paris-province zones). */
  forFreeHalf: Decimal;
  /** Σ (price − site price) × num of the lines sold below their site price (the freight discount's base). */
  belowSite: Decimal;
  volume: Decimal;
  poids: Decimal;
  totalQuantity: number;
  hasGlsModel: boolean;
  /** The lines counted (num > 0) and their entries of the totals' `lines`. */
  counted: CartLine[];
  lineTotals: CartLineTotals[];
};

/** The goods' sums over the lines; lines with num ≤ 0 are ignored. */
export function cartGoods(lines: readonly CartLine[]): CartGoods {
  const sums = {
    amount: new DecimalSum(),
    remise: new DecimalSum(),
    tax: new DecimalSum(),
    taxBase: new DecimalSum(),
    forFreeHalf: new DecimalSum(),
    belowSite: new DecimalSum(),
    volume: new DecimalSum(),
    poids: new DecimalSum(),
  };
  let totalQuantity = 0;
  let hasGlsModel = false;
  const lineTotals: CartLineTotals[] = [];
  const counted: CartLine[] = [];
  for (const line of lines) {
    if (!(line.num > 0)) continue;
    counted.push(line);
    const f = lineFigures(line);
    const a = f.a;
    sums.amount.add(a.amount);
    sums.remise.add(a.remise);
    sums.tax.add(a.tax);
    sums.taxBase.add(f.taxBase);
    const modelPromotion = a.promoApplied && Number(line.remise_info?.type) === 1;
    sums.forFreeHalf.add(modelPromotion ? f.halfAmount : a.amount);
    if (f.belowSite) sums.belowSite.add(f.belowSite);
    sums.volume.add(f.volumes.line);
    sums.poids.add(f.poids);
    totalQuantity += line.num;
    if (line.non_gls_status === 1) hasGlsModel = true;
    lineTotals.push(f.entry);
  }
  return {
    lines,
    amount: sums.amount.value(),
    remise: sums.remise.value(),
    tax: sums.tax.value(),
    taxBase: sums.taxBase.value(),
    forFreeHalf: sums.forFreeHalf.value(),
    belowSite: sums.belowSite.value(),
    volume: sums.volume.value(),
    poids: sums.poids.value(),
    totalQuantity,
    hasGlsModel,
    counted,
    lineTotals,
  };
}

/** Whether the cart asks for delivery by appointment where it is offered: a delivery, outside optionRdvBlockZipcode. */
export function wantsRdv(p: CartParams, c: CartConfig): boolean {
  const zip = p.delivery_addr_obj?.zip_code ?? null;
  return isTruthyFlag(p.extra_options?.rdv) && p.pickup_method !== 2 && !zipInPrefixList(zip, c.optionRdvBlockZipcode);
}

/**
 * Computes every total of the cart. Lines with num ≤ 0 are ignored. Money is exact and rounded
 * half away from zero: each line amount and line tax to 2 decimals, then summed. `goods`: cartGoods of these same
 * lines when the caller has it (the cart answer totals its lines twice: before and after the freight they give).
 */
export function computeCartTotals(
  lines: readonly CartLine[],
  params: CartParams | null | undefined,
  config: CartConfig | null | undefined,
  opts: TotalsOptions,
  goods: CartGoods = cartGoods(lines),
): CartTotals {
  if (goods.lines !== lines) throw new Error("computeCartTotals: goods of other lines");
  const p = params ?? {};
  const c = config ?? {};
  const freight = p.freight ?? {};
  const zip = p.delivery_addr_obj?.zip_code ?? null;
  const half = halfValueForPromotions(zip, c.parisProvinceZipcode);
  const discountRate = decOrZero(freight.discount_rate);
  const { counted, totalQuantity, hasGlsModel, lineTotals } = goods;

  const totalAmount = goods.amount;
  const remiseAmount = goods.remise;
  const goodsTax = goods.tax;
  const taxBase = goods.taxBase;
  const amountForFree = half ? goods.forFreeHalf : goods.amount;
  const volume = goods.volume;
  // Σ diff × num × rate, exactly: the rate is the same for every line
  const freightDiscount = goods.belowSite.times(discountRate);
  const poids = goods.poids;

  // Coupon: reduces goods and, proportionally, their VAT.
  const coupon = couponReduction(totalAmount, p.discount_info);
  const couponTax = coupon.isZero() ? Decimal.ZERO : taxBase.times(coupon).dividedBy(totalAmount, 2);
  const cartTotalAmount = totalAmount.minus(coupon);
  const totalTva = goodsTax.minus(couponTax);

  const totalVolume = volume.round(6);
  const palette_num = palletCount(totalVolume, c.onePaletteVolume);
  const { colis_qte, colis_vol_num } = parcelCounts(counted, c.colis_params, (line) => lineFigures(line).volumes);

  const threshold = freeDeliveryThreshold(freight.freeDeliveryAmount, palette_num);
  const amount_for_freeDelivery = amountForFree.round(2);
  const free = isFreeDelivery({
    loggedIn: opts.loggedIn,
    pickupMethod: p.pickup_method,
    threshold,
    amountForFreeDelivery: amount_for_freeDelivery,
  });

  const generalTva = decOrZero(freight.general_tva);
  const zero = Decimal.ZERO;
  const freightHt = free ? zero : decOrZero(freight.freight_ht).round(2);
  const freightTva = free ? zero : decOrZero(freight.freight_tva).round(2);
  const tollHt = free ? zero : decOrZero(freight.highway_toll_ht).round(2);
  const tollTva = free ? zero : decOrZero(freight.highway_toll_tva).round(2);

  const freightDiscountHt = freightDiscount.round(2);
  // Applied freight discount: never more than the freight charged (decision 014).
  const appliedDiscount = freightDiscountHt.negated().gt(freightHt) ? freightHt.negated() : freightDiscountHt;
  const freightDiscountTva = appliedDiscount.times(generalTva).round(2);

  const rdvWanted = wantsRdv(p, c);
  const rdvHt = rdvWanted && opts.loggedIn ? decOrZero(freight.rdv_amount).round(2) : zero;
  const rdvTva = rdvHt.times(generalTva).round(2);

  // VAT by rate, the rule of the order's documents (core/vat.ts): the rows add up to grandTotalTva
  const vat = vatByRate(
    counted.map((l) => ({ amount: lineFigures(l).a.amount, rate: lineFigures(l).a.tva })),
    {
      discount: coupon,
      charges: [
        { amount: freightHt, rate: generalTva, vat: freightTva },
        { amount: tollHt, rate: generalTva, vat: tollTva },
        { amount: rdvHt, rate: generalTva, vat: rdvTva },
        { amount: appliedDiscount, rate: generalTva, vat: freightDiscountTva },
      ],
    },
  ).rows;

  const grandTotalHt = cartTotalAmount.plus(freightHt).plus(tollHt).plus(rdvHt).plus(appliedDiscount);
  const grandTotalTva = totalTva.plus(freightTva).plus(tollTva).plus(rdvTva).plus(freightDiscountTva);

  return {
    totalAmount: totalAmount.toFixed(2),
    cartTotalAmount: cartTotalAmount.toFixed(2),
    totalQuantity,
    amount_for_freeDelivery: amount_for_freeDelivery.toFixed(2),
    totalTva: totalTva.toFixed(2),
    remiseAmount: remiseAmount.toFixed(2),
    discountAmount: coupon.negated().toFixed(2),
    freightDiscount_ht: freightDiscountHt.toFixed(2),
    totalPoids: poids.toFixed(3),
    totalVolume: totalVolume.toFixed(6),
    palette_num,
    colis_qte,
    colis_vol_num,
    has_gls_model: hasGlsModel,
    freeDeliveryThreshold: threshold.toFixed(2),
    isFreeDelivery: free,
    freightHt: freightHt.toFixed(2),
    freightTva: freightTva.toFixed(2),
    tollHt: tollHt.toFixed(2),
    tollTva: tollTva.toFixed(2),
    rdvHt: rdvHt.toFixed(2),
    rdvTva: rdvTva.toFixed(2),
    appliedFreightDiscountHt: appliedDiscount.toFixed(2),
    freightDiscountTva: freightDiscountTva.toFixed(2),
    freightVatRate: generalTva.toFixed(4),
    vat,
    grandTotalHt: grandTotalHt.toFixed(2),
    grandTotalTva: grandTotalTva.toFixed(2),
    grandTotal: grandTotalHt.plus(grandTotalTva).toFixed(2),
    lines: lineTotals,
  };
}
