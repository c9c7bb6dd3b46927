// The checkout page's calls (SPEC §7) and the answer shapes it reads. Every amount shown comes from the
// server's answers; nothing sent here carries a price (decision 074).
import { api, legacyApi } from "./api.ts";
import type { AddressView } from "#core/account.ts";
import type { Shop } from "#core/site.ts";
import type { CartParams, CartTotals, Freight, PromotionInfo } from "#core/cart/types.ts";
import type { DeliveryExpenseQuery } from "#core/freight.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";
import type { CheckoutMode } from "#core/validation/checkout-form.ts";
import type { ListPage } from "#core/list-page.ts";

/** cart_info of POST /site/Index/getShoppingCart: the cart parameters with every SPEC §3 total flattened in. */
export type CartInfo = CartParams & Omit<CartTotals, "lines"> & { shop_id?: number | null };

export type CartListLine = {
  id: number;
  model_id: number;
  num: number;
  price: string;
  amount: string;
  tva?: string | null;
  unit?: string | null;
  name?: string;
  label?: string;
  reference?: string;
  image?: string | null;
  non_gls_status?: number | null;
  purchasable_qty?: number | null;
  remise_info?: PromotionInfo | null;
  /** Units offered by the line's promotion (decision 086). */
  gifted_units?: number;
};

export type CartAnswer = { cart_info: CartInfo; cart_list: CartListLine[] };

/** A delivery mode for the cart and the saved address: its freight, or why it is impossible (translated). */
export type ModeAvailability = {
  mode: CheckoutMode;
  available: boolean;
  reason?: string | null;
  reason_key?: string | null;
  freight?: Freight | null;
  rdv?: { available: boolean; reason: string | null; amount: string | null };
};

export type Combination = { id: number; delivery_addr_id: number; invoice_addr_id: number };

/** GET /site/Index/preOrderInfo (decision 071). */
export type PreOrderInfo = {
  addresses: AddressView[];
  invoice_addresses: AddressView[];
  combinations: Combination[];
  shops: Pick<Shop, "id" | "code" | "name" | "address" | "phone" | "email" | "hours">[];
  cart_params: (Partial<CartParams> & { delivery_mode?: CheckoutMode | null; shop_id?: number | null; note?: string | null }) | null;
  receipt_arrangement: { days: ReceivingDay[]; note: string | null } | null;
  minBuyPrice: string | number | null;
  /** The credit-note balance TTC the order may use (decision 079). */
  credit_balance?: string;
  freeDeliverPrice: string | number | null;
  delivery_modes: ModeAvailability[];
};

/** A coupon of couponList / promoCodeVerification (type 2, SPEC §3). */
export type Coupon = {
  id: number;
  code: string;
  value: string | null;
  amount: string | null;
  min_amount: string;
  ends_at: string | null;
  valid: boolean;
};

/** cartParams `infos` (SPEC §7 POST /site/Sale/cartParams). */
export type CartParamsInfos = {
  delivery_addr_id: number | null;
  invoice_addr_id: number | null;
  pickup_method?: 1 | 2;
  delivery_mode?: CheckoutMode;
  shop_id?: number | null;
  extra_options?: { rdv: boolean };
  /** Coupon code; "" removes the coupon. */
  code: string;
  note: string;
};

const quiet = { showLoading: false } as const;

export const checkoutApi = {
  preOrderInfo: () => legacyApi<PreOrderInfo>("GET", "/site/Index/preOrderInfo", quiet),
  cart: () => legacyApi<CartAnswer>("POST", "/site/Index/getShoppingCart", quiet),
  deliveryExpense: (q: DeliveryExpenseQuery & { delivery_mode: CheckoutMode }) =>
    legacyApi<{ freight: Freight | Record<string, never>; delivery_mode: CheckoutMode | null }>("GET", "/site/Sale/getDeliveryExpense", {
      ...quiet,
      query: { ...q },
    }),
  saveParams: (infos: CartParamsInfos) => legacyApi<unknown>("POST", "/site/Sale/cartParams", { ...quiet, body: { infos } }),
  verifyPromo: (code: string) => legacyApi<Coupon>("GET", "/site/Sale/promoCodeVerification", { ...quiet, query: { code } }),
  coupons: () => legacyApi<ListPage<Coupon>>("GET", "/site/Customer/couponList", quiet),
  getReceipt: () => legacyApi<{ days: ReceivingDay[]; note: string | null }>("GET", "/site/Customer/getReceiptArrangement", quiet),
  setReceipt: (days: ReceivingDay[]) => legacyApi<unknown>("POST", "/site/Customer/setReceiptArrangement", { ...quiet, body: { days } }),
  addCombination: (delivery_addr_id: number, invoice_addr_id: number) =>
    legacyApi<unknown>("POST", "/site/Customer/addAddressCombination", { ...quiet, body: { delivery_addr_id, invoice_addr_id } }),
  createOrder: (idempotency_key: string, note: string, use_credit: boolean, accept_cgv: true) =>
    api("POST", "/site/Sale/createOrder", {
      body: { idempotency_key, note, ...(use_credit ? { use_credit } : {}), accept_cgv },
    }),
};
