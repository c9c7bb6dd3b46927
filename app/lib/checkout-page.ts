// The checkout page's data life (decision 074): load the pre-order info and the cart, then after every
// change save the choices (cartParams), look the freight up when SPEC §5 allows it, and reload the cart so
// every total on screen is the server's.
import { useCallback, useEffect, useRef, useState } from "react";
import { checkoutApi, type CartAnswer, type PreOrderInfo } from "./checkout-api.ts";
import { freightQuery, initialChoices, paramsInfos, receivingWeek, type Choices } from "./checkout-choices.ts";
import { orderNote } from "./checkout-order.ts";
import type { CouponAnswer } from "#core/contracts/checkout.ts";
import type { FreightAnswer } from "#core/contracts/shared.ts";
import { useCart } from "./cart-store.ts";
import type { ReceivingDay } from "#core/validation/receiving.ts";

/** The checkout's cart list, shown by the header's badge and side panel too (the start-up list skips this page, SPEC §4). */
async function cartList() {
  const res = await checkoutApi.cart();
  if (res?.code === 200) useCart.getState().take(res.data);
  return res;
}

type CheckoutData = {
  info: PreOrderInfo | null;
  cart: CartAnswer | null;
  coupons: CouponAnswer[];
  receiving: ReceivingDay[];
  freight: FreightAnswer | null;
  /** Why the last save or freight lookup was refused (translated by the server). */
  refusal: string | null;
  loading: boolean;
};

export function useCheckout() {
  const [data, setData] = useState<CheckoutData>({
    info: null,
    cart: null,
    coupons: [],
    receiving: receivingWeek([]),
    freight: null,
    refusal: null,
    loading: true,
  });
  const [choices, setChoices] = useState<Choices | null>(null);
  // Rendered only once loaded (the loading text first), so reading session storage here cannot break hydration.
  const [note, setNoteState] = useState(() => orderNote.read());
  // The values the async steps read: the latest ones, not those of the render that started them.
  const latest = useRef<{ data: CheckoutData; choices: Choices | null; note: string }>({ data, choices, note });
  useEffect(() => {
    latest.current = { data, choices, note };
  });
  // Answers of an older change must not overwrite a newer one.
  const generation = useRef(0);

  const loadInfo = useCallback(async () => {
    const [info, cart] = await Promise.all([checkoutApi.preOrderInfo(), cartList()]);
    const i = info?.code === 200 ? info.data : null;
    const c = cart?.code === 200 ? cart.data : null;
    setData((d) => ({ ...d, info: i ?? d.info, cart: c ?? d.cart, loading: false }));
    latest.current.data = { ...latest.current.data, info: i ?? latest.current.data.info, cart: c ?? latest.current.data.cart };
    return { info: i, cart: c };
  }, []);

  /** Saves the choices, then freight and cart; `save` asks the freight of every mode (getAll 1). */
  const persist = useCallback(async (next: Choices, save = true): Promise<boolean> => {
    const gen = ++generation.current;
    const { data: d, note: n } = latest.current;
    const saved = await checkoutApi.saveParams(paramsInfos(next, n));
    if (gen !== generation.current) return false;
    const refusal = saved && saved.code !== 200 ? saved.info : null;
    // The modes (and the appointment) depend on the saved address: read them again with the cart.
    const [pre, cart] = await Promise.all([checkoutApi.preOrderInfo(), cartList()]);
    if (gen !== generation.current) return false;
    const fresh = cart?.code === 200 ? cart.data : d.cart;
    const info = pre?.code === 200 ? pre.data : d.info;
    let freight: FreightAnswer | null = null;
    const addresses = info?.addresses ?? [];
    const q = fresh ? freightQuery(true, next, fresh, addresses, save) : null;
    let freightRefusal: string | null = null;
    if (q) {
      const res = await checkoutApi.deliveryExpense(q);
      if (gen !== generation.current) return false;
      if (res?.code === 200 && "freight_ht" in res.data.freight) freight = res.data.freight;
      else if (res) freightRefusal = res.info;
    }
    setData((x) => ({ ...x, info, cart: fresh, freight, refusal: refusal ?? freightRefusal }));
    latest.current.data = { ...latest.current.data, info, cart: fresh };
    return saved?.code === 200;
  }, []);

  useEffect(() => {
    // After this commit's effects: on a first load the root layout configures the API client (signing
    // secret) in its own effect, which runs after this child's.
    const timer = setTimeout(() => void start(), 0);
    return () => clearTimeout(timer);
    async function start() {
      const { info, cart } = await loadInfo();
      if (!info) return;
      const first = initialChoices(info, cart);
      setChoices(first);
      const [coupons, receipt] = await Promise.all([checkoutApi.coupons(), checkoutApi.getReceipt()]);
      const days = receipt?.code === 200 ? receipt.data.days : (info.receipt_arrangement?.days ?? []);
      setData((d) => ({
        ...d,
        // Only the coupons that can be used now are offered.
        coupons: coupons?.code === 200 ? coupons.data.list.filter((c) => c.valid) : [],
        receiving: receivingWeek(days),
      }));
      // Saves the preselected addresses: the server then judges each mode for the chosen zip.
      await persist(first, false);
    }
  }, [loadInfo, persist]);

  /** Applies a change of the choices and saves it. */
  const change = useCallback(
    (patch: Partial<Choices>) => {
      const current = latest.current.choices;
      if (!current) return;
      const next = { ...current, ...patch };
      latest.current.choices = next;
      setChoices(next);
      void persist(next, true);
    },
    [persist],
  );

  const setNote = useCallback((value: string) => {
    setNoteState(value);
    latest.current.note = value;
    orderNote.write(value);
  }, []);

  const setReceiving = useCallback((days: ReceivingDay[]) => setData((d) => ({ ...d, receiving: days })), []);

  return { data, choices, note, change, persist, setNote, setReceiving, reload: loadInfo };
}
