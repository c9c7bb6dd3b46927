// The two dialogs of start-up (SPEC §4/§9): cookie consent and the ad popup, 1.5 s after load. They never open
// together: while consent is undecided its drawer comes first, and the ad (if due today) follows a decision;
// a banner dismissed without a decision leaves the page alone (no modal popup over someone who ignored it).
import { useEffect } from "react";
import { create } from "zustand";
import { api } from "./api.ts";
import { SESSION_CALL } from "./use-session-start.ts";
import { loadPrefs, prefsLoaded, usePrefs } from "./persisted-store.ts";
import { useCart } from "./cart-store.ts";

const START_DIALOG_DELAY_MS = 1500;
const TEN_YEARS_S = 315_360_000;

type View = "consent" | "preferences" | "ad" | null;
export const useStartDialogs = create<{ view: View; adUrl: string | null; show: (v: View) => void }>()((set) => ({
  view: null,
  adUrl: null,
  show: (view) => set({ view }),
}));

/** The ad shows at most once per calendar day (local time): last shown on an earlier day, or never. */
export function adDue(firstPopup: number, now = new Date()): boolean {
  if (!firstPopup) return true;
  const last = new Date(firstPopup);
  return new Date(last.getFullYear(), last.getMonth(), last.getDate()) < new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

function writeConsentCookie(v: 0 | 1 | 2) {
  document.cookie = `useCookie=${v}; path=/; max-age=${TEN_YEARS_S}; samesite=lax`;
}

/**
 * Accept (1) or refuse (2). The server reads the `useCookie` cookie when it sets `uid` (10 years only at 1,
 * a browser-session cookie otherwise), so after writing it the session call makes the server store the
 * login token again: persistent on accept, the persistent one replaced by a session cookie on refuse.
 */
export async function decideCookies(v: 1 | 2) {
  usePrefs.getState().set({ useCookie: v });
  writeConsentCookie(v);
  await api("GET", SESSION_CALL, { query: { part: "session" }, showLoading: false });
}

function showAdWhenLoaded(src: string) {
  const img = new Image();
  img.onload = () => {
    usePrefs.getState().set({ firstPopup: Date.now() });
    useStartDialogs.setState({ view: "ad", adUrl: src });
  };
  img.src = src;
}

/**
 * A dialog the visitor opened is showing or on its way (its code loads on first opening: menu drawer, cart
 * panel). The cookie banner waits for it to close: radix pauses the focus trap of the dialog below a newer one,
 * so a banner opening over the drawer let Tab walk out of the drawer.
 */
export function dialogBusy(): boolean {
  return (
    useCart.getState().panelOpen ||
    document.querySelector('[role="dialog"][data-state="open"], [aria-haspopup="dialog"][aria-expanded="true"]') !== null
  );
}

/** Called by the layout once per document. */
export function useStartDialogsTimer(adImg: string | undefined, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stop: (() => void) | undefined;
    // In a task of its own: the effects that run right after hydration already make one long task on a
    // phone, and reading the stored preferences (Web Crypto, then a store update) need not join it (decision 090).
    const start = setTimeout(() => void loadPrefs());
    void prefsLoaded().then(() => {
      const prefs = usePrefs.getState();
      // The cookie mirrors the stored choice (cleared cookies, another device's cookie jar).
      if (prefs.useCookie !== 0 && !document.cookie.includes(`useCookie=${prefs.useCookie}`)) writeConsentCookie(prefs.useCookie);
      // Never over a dialog the visitor opened (menu drawer, cart panel): it would take Escape and the focus.
      const whenNoDialog = (cb: () => void) => {
        timer = setTimeout(() => (dialogBusy() ? whenNoDialog(cb) : cb()), timer ? 500 : START_DIALOG_DELAY_MS);
      };
      whenNoDialog(() => {
        const adWaiting = Boolean(adImg) && adDue(usePrefs.getState().firstPopup);
        // The visitor may already have opened the preferences from the footer: that answers the question.
        if (useStartDialogs.getState().view !== null) return;
        if (usePrefs.getState().useCookie === 0) {
          useStartDialogs.getState().show("consent");
          if (adWaiting) {
            stop = useStartDialogs.subscribe((s) => {
              if (s.view !== null) return;
              stop?.();
              stop = undefined;
              if (usePrefs.getState().useCookie !== 0) showAdWhenLoaded(adImg!);
            });
          }
        } else if (adWaiting) showAdWhenLoaded(adImg!);
      });
    });
    return () => {
      clearTimeout(start);
      clearTimeout(timer);
      stop?.();
    };
  }, [adImg, enabled]);
}
