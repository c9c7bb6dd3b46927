// The cart in the browser (SPEC §4 "Cart", §5, §8; decisions 018, 073, 118). Anonymous: the lines live in
// local storage (cart-storage.ts), shared by the visitor's tabs and kept in step between them, an add makes no
// server call, the cart list sends them as `carts` for the server to price. Logged in: every change goes through the API and its answer replaces the local state
// (an add or an edit answers only the lines it changed with the cart's order, decision 108); a non-200 leaves
// it unchanged. The rules are core/cart's, never re-written here.
import { create } from "zustand";
import { addLines, checkCartLimit, fillLimitMessage, patchedLines, removeLine, totalQuantity, updateLine } from "#core/cart/operations.ts";
import type { CartAnswer, CartInfoAnswer as CartInfo, CartLineAnswer } from "#core/contracts/cart.ts";
import { translate } from "#core/i18n/translate.ts";
import { api, type Envelope } from "./api.ts";
import { clearLocalCart, onOtherTabLines, readLocalCart, writeLocalCart, type LocalLine } from "./cart-storage.ts";
import { useSession } from "./session-store.ts";

/** A cart line as shown: the browser's own fields, completed by the server's pricing once listed. */
export type CartLineView = LocalLine & Partial<CartLineAnswer>;
export type { CartInfo };

export const CART_GET = "/site/Index/getShoppingCart";
export const CART_ADD = "/site/Customer/addShoppingCart";
export const CART_EDIT = "/site/Customer/editShoppingCart";
export const CART_DEL = "/site/Customer/delShoppingCart";
export const CART_MERGE = "/site/Customer/mergeShoppingCart";

type CartState = {
  lines: CartLineView[];
  info: CartInfo | null;
  /** The side panel (opened after an add and from the header icon). */
  panelOpen: boolean;
  setPanel: (open: boolean) => void;
  /** Start-up: the browser's anonymous lines (badge), no server call. */
  loadLocal: () => Promise<void>;
  /** A visitor's lines changed in another tab: taken here, and priced again where the cart was listed. */
  takeOtherTab: (lines: LocalLine[]) => Promise<void>;
  /** The cart list: replaces lines and parameters; false on failure (SPEC §8). */
  refresh: () => Promise<boolean>;
  /** A customer's cart list fetched by the page itself (the checkout's): lines, parameters and badge follow it. */
  take: (answer: CartAnswer) => void;
  add: (items: LocalLine[]) => Promise<boolean>;
  setQty: (modelId: number, num: number) => Promise<boolean>;
  remove: (modelId: number) => Promise<boolean>;
  /** After login: folds the browser cart into the server cart, shows the messages, drops the session copy. */
  mergeAfterLogin: (local: LocalLine[]) => Promise<boolean>;
  clear: () => void;
};

const loggedIn = () => useSession.getState().user !== null;
const toEntries = (lines: readonly LocalLine[]) => lines.map((l) => ({ model_id: l.model_id, num: l.num }));
const sameEntries = (a: readonly LocalLine[], b: readonly LocalLine[]) => JSON.stringify(toEntries(a)) === JSON.stringify(toEntries(b));
const localPart = (l: CartLineView): LocalLine => ({
  model_id: l.model_id,
  num: l.num,
  name: l.name,
  image: l.image ?? null,
  price: l.price,
  url: l.url,
  reference: l.reference,
});

function warn(text: string) {
  useSession.getState().notify({ kind: "warning", text }, 3000);
}

export const useCart = create<CartState>()((set, get) => {
  let changes = 0; // counts the changes applied: a cart list sent before one of them answers for an older cart
  /** Every change lands here: the badge follows the total quantity. */
  const apply = (lines: CartLineView[], info?: CartInfo | null) => {
    changes++;
    set(info === undefined ? { lines } : { lines, info });
    useSession.setState({ cartCount: totalQuantity(lines) });
  };
  const applyLocal = async (lines: CartLineView[]) => {
    apply(lines);
    await writeLocalCart(lines.map(localPart));
  };
  /** A customer call: 200 replaces the cart with the answer; otherwise the info is shown and nothing changes. */
  const settle = async (call: Promise<Envelope<CartAnswer & { cart_models?: [number, number][] }> | null>) => {
    const res = await call;
    if (res?.code === 200) {
      const { cart_list: changed, cart_models: order } = res.data;
      const lines = order ? patchedLines(get().lines, changed, order) : changed;
      if (lines) apply(lines, res.data.cart_info);
      else await get().refresh();
    } else if (res?.info) warn(res.info);
    return res?.code === 200;
  };
  const quiet = { showLoading: false };
  const withinLimit = (items: readonly LocalLine[]): boolean => {
    const limit = Number(useSession.getState().config.cartGoodsLimit) || null;
    const check = checkCartLimit(get().lines, items, limit);
    if (check.ok) return true;
    warn(fillLimitMessage(translate(useSession.getState().lang, "api.carts_out_of_limit"), check.params.num));
    return false;
  };

  let listSeq = 0; // only the latest cart list answer is applied (quick stepper clicks)

  return {
    lines: [],
    info: null,
    panelOpen: false,
    setPanel: (panelOpen) => set({ panelOpen }),

    loadLocal: async () => {
      if (loggedIn()) return;
      apply(await readLocalCart());
    },

    takeOtherTab: async (lines) => {
      // The same models and quantities: nothing to do (a tab writing back what it was told stops here).
      if (loggedIn() || sameEntries(get().lines, lines)) return;
      apply(lines);
      if (get().info) await get().refresh();
    },

    refresh: async () => {
      const anonymous = !loggedIn();
      const body = anonymous ? { carts: toEntries(get().lines.length ? get().lines : await readLocalCart()) } : {};
      const mine = ++listSeq;
      const sentAt = changes;
      const res = await api("POST", CART_GET, { ...quiet, body });
      if (res?.code !== 200) return false;
      if (mine !== listSeq) return true;
      // The cart changed while the list was on its way (an add here, another tab's lines): its answer is out of
      // date, and storing it would undo that change in every tab. The cart as it is now is listed instead.
      if (changes !== sentAt) return get().refresh();
      const list = res.data.cart_list;
      // A stored cart (id > 0) is a customer's, even if the call left before the session was known (the uid
      // cookie went with it): it never goes to session storage.
      if (anonymous && !res.data.cart_info.id) {
        for (const m of res.data.messages ?? []) warn(m.info);
        await applyLocal(list);
        set({ info: res.data.cart_info });
      } else {
        apply(list, res.data.cart_info);
      }
      return true;
    },

    take: (answer) => apply(answer.cart_list, answer.cart_info),

    add: async (items) => {
      const adding = items.filter((i) => i.num > 0);
      if (adding.length === 0 || !withinLimit(adding)) return false;
      if (loggedIn()) {
        if (!(await settle(api("POST", CART_ADD, { ...quiet, body: { arr: toEntries(adding) } })))) return false;
      } else {
        await applyLocal(addLines(get().lines, adding));
      }
      set({ panelOpen: true });
      return true;
    },

    setQty: async (modelId, num) => {
      if (!(num >= 1)) return false;
      if (loggedIn()) return settle(api("POST", CART_EDIT, { ...quiet, body: { model_id: modelId, num, type: 1 } }));
      await applyLocal(updateLine(get().lines, modelId, num, 1));
      void get().refresh();
      return true;
    },

    remove: async (modelId) => {
      if (loggedIn()) {
        const line = get().lines.find((l) => l.model_id === modelId);
        const ids = line?.id && line.id > 0 ? [line.id] : [];
        return settle(api("POST", CART_DEL, { ...quiet, body: { ids, model_ids: [modelId] } }));
      }
      await applyLocal(removeLine(get().lines, modelId));
      void get().refresh();
      return true;
    },

    mergeAfterLogin: async (local) => {
      if (local.length === 0) {
        clearLocalCart();
        return get().refresh();
      }
      const res = await api("POST", CART_MERGE, { ...quiet, body: { carts: toEntries(local) } });
      if (res?.code !== 200) {
        if (res?.info) warn(res.info);
        return false;
      }
      clearLocalCart();
      apply(res.data.cart_list, res.data.cart_info);
      const messages = res.data.messages;
      if (messages.length) useSession.getState().notify({ kind: "info", text: messages.map((m) => m.info).join(" ") }, 6000);
      return true;
    },

    clear: () => {
      set({ lines: [], info: null, panelOpen: false });
      useSession.setState({ cartCount: 0 });
    },
  };
});

// The visitor's other tabs: their adds, edits and removals show here too.
onOtherTabLines((lines) => void useCart.getState().takeOtherTab(lines));

// Logout (session-store) empties the cart: the user going from someone to no one clears it here too.
useSession.subscribe((s, prev) => {
  if (prev.user && !s.user) useCart.getState().clear();
});
