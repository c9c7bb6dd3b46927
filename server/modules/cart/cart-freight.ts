// The freight of a cart (decision 070 over decision 071's tariff): quoted afresh from the cart's delivery mode,
// delivery zip, appointment option and the measures of its lines, never read back from stored JSON.
import type { Freight } from "#core/cart/types.ts";
import { isDeliveryMode } from "#core/freight-tariff.ts";
import type { FreightService } from "#server/modules/checkout/freight.service.ts";
import type { FreightFor } from "./cart.service.ts";

/** A FreightFor over the tariff: null for store pickup or while no mode or zip is chosen; an impossible mode throws its refusal. */
export function cartFreight(freight: FreightService): FreightFor {
  return async (q, cart, delivery, totals): Promise<Freight | null> => {
    const mode = cart.delivery_mode;
    if (cart.pickup_method === 2 || !isDeliveryMode(mode) || mode === "pickup") return null;
    const zip = delivery?.zip_code?.trim();
    if (!zip) return null;
    const rdv = cart.extra_options?.rdv === true || cart.extra_options?.rdv === 1;
    return freight.quote(q, { mode, zip_code: zip, rdv, totals });
  };
}
