// The checkout page's choices and the pure rules around them (decision 074): defaults from the saved cart
// parameters and the address book, which delivery modes can be picked, the cartParams `infos`, the freight
// lookup query (core/freight.ts skip rules and getAll flag).
import { deliveryExpenseQuery, type DeliveryExpenseQuery } from "#core/freight.ts";
import { CHECKOUT_MODES, pickupMethodOf, type CheckoutMode } from "#core/validation/checkout-form.ts";
import type { AddressView } from "#core/account.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";
import type { CartAnswer, CartParamsInfos, ModeAvailability, PreOrderInfo } from "./checkout-api.ts";

export type Choices = {
  delivery_addr_id: number | null;
  invoice_addr_id: number | null;
  mode: CheckoutMode | null;
  shop_id: number | null;
  rdv: boolean;
  coupon_code: string;
};

const pick = (list: AddressView[], saved: number | null | undefined) =>
  list.find((a) => a.id === saved)?.id ?? list.find((a) => a.is_default)?.id ?? list[0]?.id ?? null;

/** The modes with whether each can be chosen: the server's verdict, and parcel never with a non-GLS line. */
export function modeStates(info: Pick<PreOrderInfo, "delivery_modes"> | null, cart: CartAnswer | null): ModeAvailability[] {
  const nonGls = cart?.cart_list.some((l) => l.non_gls_status === 1) || cart?.cart_info.has_gls_model === true;
  return CHECKOUT_MODES.map((mode) => {
    const server = info?.delivery_modes?.find((m) => m.mode === mode);
    if (mode === "parcel" && nonGls) return { ...server, mode, available: false, reason: server?.reason || "checkout.parcel_non_gls" };
    if (mode === "pickup") return { ...server, mode, available: true, reason: null };
    return server ? { ...server, reason: server.available ? null : server.reason } : { mode, available: true };
  });
}

/** Saved choices first (still valid ones), then the default addresses, the first shop, the first possible mode. */
export function initialChoices(info: PreOrderInfo, cart: CartAnswer | null): Choices {
  const saved = info.cart_params ?? {};
  const fromCart = cart?.cart_info;
  const states = modeStates(info, cart);
  const savedMode = saved.delivery_mode ?? (saved.pickup_method === 2 || fromCart?.pickup_method === 2 ? "pickup" : null);
  const usable = (m: CheckoutMode | null | undefined) => (m && states.find((s) => s.mode === m)?.available ? m : null);
  const shopId = saved.shop_id ?? fromCart?.shop_id ?? null;
  return {
    delivery_addr_id: pick(info.addresses, saved.delivery_addr_id ?? fromCart?.delivery_addr_id),
    invoice_addr_id: pick(info.invoice_addresses, saved.invoice_addr_id ?? fromCart?.invoice_addr_id),
    mode: usable(savedMode) ?? null,
    shop_id: info.shops.find((s) => s.id === shopId)?.id ?? info.shops[0]?.id ?? null,
    rdv: Boolean(saved.extra_options?.rdv ?? fromCart?.extra_options?.rdv),
    coupon_code: saved.discount_info?.code ?? fromCart?.discount_info?.code ?? "",
  };
}

/**
 * The `infos` of POST /site/Sale/cartParams. The delivery address is kept for a pickup too: the server
 * judges the shipped modes on the saved address, so switching back from pickup finds them. Without a mode
 * chosen yet, only the addresses, coupon and note are sent (the server keeps the rest).
 */
export function paramsInfos(c: Choices, note: string): CartParamsInfos {
  const base = { delivery_addr_id: c.delivery_addr_id, invoice_addr_id: c.invoice_addr_id, code: c.coupon_code.trim(), note };
  if (!c.mode) return base;
  const pickup = c.mode === "pickup";
  return {
    ...base,
    pickup_method: pickupMethodOf(c.mode),
    delivery_mode: c.mode,
    shop_id: pickup ? c.shop_id : null,
    // The appointment exists for pallet and carrier only; the server refuses it for any other mode.
    extra_options: { rdv: (c.mode === "pallet" || c.mode === "carrier") && c.rdv },
  };
}

/**
 * GET /site/Sale/getDeliveryExpense's query for these choices, or null when SPEC §5 skips the lookup
 * (no session, pickup, no delivery address, no zip). `loggedIn` stands for the token: on this page the
 * session may live only in the HttpOnly cookie, and the page is served to logged-in customers only.
 */
export function freightQuery(
  loggedIn: boolean,
  c: Choices,
  cart: CartAnswer,
  addresses: AddressView[],
  save: boolean,
): (DeliveryExpenseQuery & { delivery_mode: CheckoutMode }) | null {
  const address = addresses.find((a) => a.id === c.delivery_addr_id) ?? null;
  const info = cart.cart_info;
  const params = {
    ...info,
    delivery_addr_id: c.delivery_addr_id,
    invoice_addr_id: c.invoice_addr_id,
    pickup_method: c.mode ? pickupMethodOf(c.mode) : 1,
    delivery_addr_obj: address ? { zip_code: address.zip_code } : null,
  };
  const q = c.mode ? deliveryExpenseQuery(loggedIn ? "session" : null, params, info, save) : null;
  return q && c.mode ? { ...q, delivery_mode: c.mode } : null;
}

/** Monday to Sunday, each with its two slots, from what was saved (missing days unchecked). */
export function receivingWeek(saved: ReceivingDay[]): ReceivingDay[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const d = saved.find((s) => s.weekday === weekday);
    return { weekday, morning: d?.morning ?? false, afternoon: d?.afternoon ?? false };
  });
}
