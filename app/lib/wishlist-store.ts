// The caller's wishlist references in the browser (decision 081): loaded once after login for the
// heart buttons of product pages and lists (pages shared by every visitor, decision 063), updated by each toggle.
import { create } from "zustand";
import { api, type Answer } from "./api.ts";
import { useSession } from "./session-store.ts";

const sets = (r: Answer<"/site/Customer/wishlistRefs"> | null) => ({
  refs: new Set(r?.references ?? []),
  products: new Set(r?.product_ids ?? []),
});

type WishlistState = {
  /** Upper-case references; null until loaded. */
  refs: Set<string> | null;
  /** Products with at least one model saved. */
  products: Set<number>;
  loading: Promise<void> | null;
  load: () => Promise<void>;
  /** Adds or removes a model (by reference) or a product; true when the server agreed. */
  toggle: (target: { reference: string } | { product_id: number }) => Promise<boolean>;
  reset: () => void;
};

export const useWishlist = create<WishlistState>()((set, get) => ({
  refs: null,
  products: new Set(),
  loading: null,
  load: () => {
    const running = get().loading;
    if (running) return running;
    const loading = api("GET", "/site/Customer/wishlistRefs", { showLoading: false }).then((res) => {
      set({ ...sets(res?.code === 200 ? res.data : null), loading: null });
    });
    set({ loading });
    return loading;
  },
  toggle: async (target) => {
    const body = "reference" in target ? { reference: target.reference.toUpperCase() } : target;
    const saved = "reference" in body ? (get().refs?.has(body.reference) ?? false) : get().products.has(body.product_id);
    const res = await api("POST", saved ? "/site/Customer/delWishlist" : "/site/Customer/addWishlist", {
      body,
      showLoading: false,
    });
    const notify = useSession.getState().notify;
    if (res?.code !== 200) {
      if (res?.info) notify({ kind: "warning", text: res.info });
      return false;
    }
    set(sets(res.data));
    notify({ kind: "success", text: res.info });
    return true;
  },
  reset: () => set({ refs: null, products: new Set(), loading: null }),
}));
