// Start-up, personal part (SPEC §4, decision 063): pages are the same HTML for everyone, so once hydrated the
// browser asks who it is, in one small call (GET /site/Index/config?part=session), and fills the session
// store: user (header e-mail tooltip), token (rotated tokens come back here), cart badge later.
// token_status 0 logs out (the answer clears the uid cookie); a shop-set password sends to /identite first.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { localePath, stripLocale } from "#core/slug.ts";
import { api } from "./api.ts";
import { useSession } from "./session-store.ts";
import { useCart } from "./cart-store.ts";
import type { SessionPartAnswer } from "#core/contracts/init.ts";

export const SESSION_CALL = "/site/Index/config";

/** Applies the answer; returns where a customer who must change the password has to go, if anywhere. */
export function applySession(d: SessionPartAnswer, pathname: string): string | null {
  const s = useSession.getState();
  if (d.token_status === 0) {
    s.logout();
    return null;
  }
  if (d.refreshToken) s.setToken(d.refreshToken);
  s.setUser(d.userInfo);
  useSession.setState({ notifications_unread: d.notifications_unread ?? 0 });
  const { lang, path } = stripLocale(pathname);
  // SPEC §4: with a session, the cart list is loaded on start except on the cart and checkout pages (they load it).
  if (d.userInfo && path !== "/panier" && path !== "/commande")
    void useCart
      .getState()
      .refresh()
      .catch(() => false);
  if (d.userInfo?.must_change_password && path !== "/identite" && path !== "/center/identite")
    return `${localePath(lang, "/identite")}?force=1`;
  return null;
}

export function useSessionStart(enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void api("GET", SESSION_CALL, { query: { part: "session" }, showLoading: false }).then((res) => {
      useSession.setState({ started: true });
      if (!live || res?.code !== 200) return;
      const to = applySession(res.data, window.location.pathname);
      if (to) void navigate(to, { replace: true });
    });
    return () => {
      live = false;
    };
    // Once per document: later navigations keep the store, login and logout update it themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
}
