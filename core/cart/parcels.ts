// Pallet and parcel counts (SPEC §9, decision 016).
import { DecimalSum, decOrZero, type Decimal } from "../money.ts";
import type { CartLine, ColisParams, Numeric } from "./types.ts";

/** Pallet count = ceil(totalVolume / onePaletteVolume), at least 1 (also when the volume is unknown). */
export function palletCount(totalVolume: Numeric | Decimal, onePaletteVolume: Numeric | null | undefined): number {
  const per = decOrZero(onePaletteVolume);
  if (per.sign() <= 0) return 1;
  const n = decOrZero(totalVolume).ceilDiv(per);
  return n < 1n ? 1 : Number(n);
}

/** The volume of one unit of a line and of the whole line (the totals pass the ones they keep with the line). */
export type LineVolumes = { unit: Decimal; line: Decimal };
const lineVolumes = (line: CartLine): LineVolumes => {
  const unit = decOrZero(line.volume);
  return { unit, line: unit.times(line.num) };
};

interface ParcelCounts {
  /** Number of parcels. */
  colis_qte: number;
  /** Number of large parcels (unit volume above colis_volume), included in colis_qte. */
  colis_vol_num: number;
}

/**
 * Parcels: items whose unit equals the colis unit and whose unit volume is at least
 * colis_params.volume count one parcel each; those whose unit volume is above colis_volume also
 * count as large parcels. All other items are grouped: ceil(their total volume / rate).
 * Without colis_params both counts are 0. A rate ≤ 0 puts every grouped volume in one parcel.
 */
export function parcelCounts(
  lines: readonly CartLine[],
  colis: ColisParams | null | undefined,
  volumes: (line: CartLine) => LineVolumes = lineVolumes,
): ParcelCounts {
  if (!colis) return { colis_qte: 0, colis_vol_num: 0 };
  const minVolume = decOrZero(colis.volume);
  const largeVolume = decOrZero(colis.colis_volume);
  const rate = decOrZero(colis.rate);
  let individual = 0;
  let large = 0;
  const sum = new DecimalSum();
  for (const line of lines) {
    if (line.num <= 0) continue;
    const { unit: v, line: lineVolume } = volumes(line);
    if (line.unit === colis.unit && v.gte(minVolume)) {
      individual += line.num;
      if (v.gt(largeVolume)) large += line.num;
    } else {
      sum.add(lineVolume);
    }
  }
  const grouped = sum.value();
  let groupedParcels = 0;
  if (grouped.sign() > 0) groupedParcels = rate.sign() > 0 ? Number(grouped.ceilDiv(rate)) : 1;
  return { colis_qte: individual + groupedParcels, colis_vol_num: large };
}
