// The checkout page's calls (SPEC §7) and the answer shapes it reads. Every amount shown comes from the
// server's answers; nothing sent here carries a price (decision 074).
import { api, type Answer } from "./api.ts";
import type { RequestOf } from "#core/contracts/contract.ts";
import type { CallByPath } from "#core/contracts/index.ts";
import type { CartAnswer } from "#core/contracts/cart.ts";
import type { DeliveryExpenseQuery } from "#core/freight.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";
import type { CheckoutMode } from "#core/validation/checkout-form.ts";
import type { DeliveryModeAnswer } from "#core/contracts/checkout.ts";

export type { CartAnswer };

/** A delivery mode as the page offers it: the server's verdict when it judged the mode, and the page's own refusals. */
export type ModeAvailability = Pick<DeliveryModeAnswer, "mode" | "available"> & Partial<Omit<DeliveryModeAnswer, "mode" | "available">>;

export type PreOrderInfo = Answer<"/site/Index/preOrderInfo">;
export type Combination = PreOrderInfo["combinations"][number];

/** cartParams `infos`: the choices saved; a field left out keeps its saved value. */
export type CartParamsInfos = RequestOf<CallByPath["/site/Sale/cartParams"]>["infos"];

const quiet = { showLoading: false } as const;

export const checkoutApi = {
  preOrderInfo: () => api("GET", "/site/Index/preOrderInfo", quiet),
  cart: () => api("POST", "/site/Index/getShoppingCart", quiet),
  deliveryExpense: (q: DeliveryExpenseQuery & { delivery_mode: CheckoutMode }) =>
    api("GET", "/site/Sale/getDeliveryExpense", { ...quiet, query: { ...q } }),
  saveParams: (infos: CartParamsInfos) => api("POST", "/site/Sale/cartParams", { ...quiet, body: { infos } }),
  verifyPromo: (code: string) => api("GET", "/site/Sale/promoCodeVerification", { ...quiet, query: { code } }),
  coupons: () => api("GET", "/site/Customer/couponList", quiet),
  getReceipt: () => api("GET", "/site/Customer/getReceiptArrangement", quiet),
  setReceipt: (days: ReceivingDay[]) => api("POST", "/site/Customer/setReceiptArrangement", { ...quiet, body: { days } }),
  addCombination: (delivery_addr_id: number, invoice_addr_id: number) =>
    api("POST", "/site/Customer/addAddressCombination", { ...quiet, body: { delivery_addr_id, invoice_addr_id } }),
  createOrder: (idempotency_key: string, note: string, use_credit: boolean, accept_cgv: true, on_account = false) =>
    api("POST", "/site/Sale/createOrder", {
      body: { idempotency_key, note, ...(use_credit ? { use_credit } : {}), ...(on_account ? { on_account } : {}), accept_cgv },
    }),
};
