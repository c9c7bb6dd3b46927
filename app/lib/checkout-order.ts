// Placing the order from the browser (decision 074). One idempotency key per attempt,
// created on the first click and kept until the server confirms the order: a double click, a retry after a
// network failure or after a refusal sends the same key, so the server never creates a second order.
import { useRef, useState } from "react";
import { checkoutApi } from "./checkout-api.ts";
import type { Answer } from "./api.ts";

export const ORDER_NOTE_KEY = "order_note";

/** The order note kept in session storage (SPEC §7: removed on reset) until the order is placed. */
export const orderNote = {
  read: (): string => (typeof sessionStorage === "undefined" ? "" : (sessionStorage.getItem(ORDER_NOTE_KEY) ?? "")),
  write: (note: string) => {
    if (typeof sessionStorage === "undefined") return;
    if (note) sessionStorage.setItem(ORDER_NOTE_KEY, note);
    else sessionStorage.removeItem(ORDER_NOTE_KEY);
  },
  clear: () => {
    if (typeof sessionStorage !== "undefined") sessionStorage.removeItem(ORDER_NOTE_KEY);
  },
};

/** Holds the key of the current attempt: the same key until `done()` (the order exists). */
export function createOrderKey(make: () => string = () => crypto.randomUUID()) {
  let key: string | null = null;
  return {
    get: () => (key ??= make()),
    peek: () => key,
    done: () => {
      key = null;
    },
  };
}

type Options = {
  /** Checks and saves the choices first; false stops the attempt (the page shows why). */
  prepare: () => Promise<boolean>;
  note: () => string;
  /** Spend the credit-note balance on this order (decision 079). */
  creditWanted?: () => boolean;
  /** Pay on account (decision 149): the order is confirmed and invoiced, paid by bank transfer. */
  onAccountWanted?: () => boolean;
  /** The terms of sale box is ticked (the server refuses the order without it). */
  cgvAccepted: () => boolean;
  onPlaced: (order: Answer<"/site/Sale/createOrder">) => void;
};

/** The "place the order" button's behaviour: busy while pending, the refusal text, a single key per attempt. */
export function usePlaceOrder({ prepare, note, creditWanted, onAccountWanted, cgvAccepted, onPlaced }: Options) {
  const [key] = useState(() => createOrderKey());
  // A ref, not only state: two clicks in the same frame both see the first click's lock.
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function place() {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      if (!(await prepare())) return;
      // No order without the terms of sale (the server refuses it too); prepare() says why.
      const accepted = cgvAccepted();
      if (accepted !== true) return;
      const onAccount = onAccountWanted?.() ?? false;
      const res = await checkoutApi.createOrder(key.get(), note(), !onAccount && (creditWanted?.() ?? false), accepted, onAccount);
      // null: network or server failure, already reported by the api client; the key stays for the retry.
      if (!res) return;
      if (res.code !== 200) return setFailure(res.info);
      key.done();
      orderNote.clear();
      onPlaced(res.data);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return { place, busy, failure, key };
}
