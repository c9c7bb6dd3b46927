// Delivery-cost lookup rules (SPEC §5, §7 GET /site/Sale/getDeliveryExpense; decision 019).
import type { CartParams, CartTotals } from "./cart/types.ts";

interface LookupInput {
  token: string | null | undefined;
  params: Pick<CartParams, "pickup_method" | "delivery_addr_id" | "delivery_addr_obj"> | null | undefined;
}

/**
 * The delivery cost is looked up only with a token, not for store pickup (pickup_method 2), with a
 * chosen delivery address (delivery_addr_id > 0 and an address object) that has a zip_code.
 */
export function shouldLookupDeliveryCost({ token, params }: LookupInput): boolean {
  if (!token) return false;
  if (!params) return false;
  if (params.pickup_method === 2) return false;
  if (!params.delivery_addr_id || params.delivery_addr_id <= 0) return false;
  const zip = params.delivery_addr_obj?.zip_code;
  return typeof zip === "string" && zip.trim() !== "";
}

/** getAll = 1 if saving was requested or the zip changed from the stored freight zip, else 0. */
export function getAllFlag(input: { save: boolean; zip: string | null | undefined; storedFreightZip: string | null | undefined }): 0 | 1 {
  if (input.save) return 1;
  return (input.zip ?? "").trim() !== (input.storedFreightZip ?? "").trim() ? 1 : 0;
}

/** Query of GET /site/Sale/getDeliveryExpense (SPEC §7). */
export interface DeliveryExpenseQuery {
  getAll: 0 | 1;
  zip_code: string;
  volume: string;
  poids: string;
  gls_model_status: 0 | 1;
  delivery_addr_id: number;
  invoice_addr_id: number;
  pickup_method: number;
  colis_qte: number;
  colis_vol_num: number;
}

/** Builds the query from the cart parameters and totals; null when no lookup should happen. */
export function deliveryExpenseQuery(
  token: string | null | undefined,
  params: CartParams | null | undefined,
  totals: Pick<CartTotals, "totalVolume" | "totalPoids" | "has_gls_model" | "colis_qte" | "colis_vol_num">,
  save = false,
): DeliveryExpenseQuery | null {
  if (!params || !shouldLookupDeliveryCost({ token, params })) return null;
  const zip = (params.delivery_addr_obj?.zip_code ?? "").trim();
  return {
    getAll: getAllFlag({ save, zip, storedFreightZip: params.freight?.zip_code }),
    zip_code: zip,
    volume: totals.totalVolume,
    poids: totals.totalPoids,
    gls_model_status: totals.has_gls_model ? 1 : 0,
    delivery_addr_id: params.delivery_addr_id ?? 0,
    invoice_addr_id: params.invoice_addr_id ?? 0,
    pickup_method: params.pickup_method ?? 1,
    colis_qte: totals.colis_qte,
    colis_vol_num: totals.colis_vol_num,
  };
}
