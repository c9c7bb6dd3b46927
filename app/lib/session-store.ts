// Session state of SPEC §3 (language, token, category tree, config, user, maintenance, request count, width).
import { create } from "zustand";
import type { Lang } from "#core/i18n/translate.ts";
import type { MenuNode } from "#core/catalogue/types.ts";
import type { UserInfo } from "#core/account.ts";

type Notice = { id: number; kind: "success" | "warning" | "error" | "info"; text: string; centred?: boolean };

type SessionState = {
  lang: Lang;
  token: string | null;
  user: UserInfo | null;
  /** Items in the cart (header badge); filled after hydration like the user, never in the server's HTML. */
  cartCount: number;
  /** Unread notifications (header and account menu badges); from the session part after hydration (decision 082). */
  notifications_unread: number;
  productCate: MenuNode[];
  config: Record<string, unknown>;
  maintenance: boolean;
  requestCount: number;
  screenWidth: number;
  /** Start-up's personal part has answered (or failed): the start overlay may go (SPEC §4). */
  started: boolean;
  notices: Notice[];
  setToken: (token: string | null) => void;
  setUser: (user: UserInfo | null) => void;
  logout: () => void;
  setMaintenance: (on: boolean) => void;
  requestStarted: () => void;
  requestEnded: () => void;
  notify: (n: Omit<Notice, "id">, ms?: number) => void;
};

let noticeId = 0;
const SESSION_KEYS = ["psk", "cartParams", "order_note"];

export const useSession = create<SessionState>()((set) => ({
  lang: "fr",
  token: null,
  user: null,
  cartCount: 0,
  notifications_unread: 0,
  productCate: [],
  config: {},
  maintenance: false,
  requestCount: 0,
  screenWidth: 1280,
  started: false,
  notices: [],
  setToken: (token) => set({ token }),
  setUser: (user) => set({ user }),
  logout: () => {
    if (typeof sessionStorage !== "undefined") for (const k of SESSION_KEYS) sessionStorage.removeItem(k);
    set({ token: null, user: null, cartCount: 0, notifications_unread: 0 });
  },
  setMaintenance: (maintenance) => set({ maintenance }),
  requestStarted: () => set((s) => ({ requestCount: s.requestCount + 1 })),
  requestEnded: () => set((s) => ({ requestCount: Math.max(0, s.requestCount - 1) })),
  notify: (n, ms = 2000) => {
    const id = ++noticeId;
    set((s) => ({ notices: [...s.notices, { ...n, id }] }));
    setTimeout(() => set((s) => ({ notices: s.notices.filter((x) => x.id !== id) })), ms);
  },
}));
