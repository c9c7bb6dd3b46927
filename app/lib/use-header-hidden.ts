// SPEC §4/§9: wider than 767 px, the header hides when scrolling down past 110 px and shows when scrolling up
// or back at the top; the scroll handler runs at most every 300 ms. Never on the cart, checkout and the two
// quick-order lists, where the header's cart and actions must stay at hand.
import { useEffect, useState } from "react";
import { stripLocale } from "#core/slug.ts";

const HIDE_AFTER_PX = 110;
const SCROLL_THROTTLE_MS = 300;
const WIDE = "(min-width: 768px)";
const PINNED = ["/panier", "/commande", "/quick-order/purchased", "/quick-order/wishlist"];

export function headerPinned(pathname: string): boolean {
  return PINNED.includes(stripLocale(pathname).path);
}

export function useHeaderHidden(pathname: string): boolean {
  // Keyed by page: a navigation shows the header again.
  const [state, setState] = useState({ at: pathname, hidden: false });
  const pinned = headerPinned(pathname);
  useEffect(() => {
    if (pinned) return;
    const setHidden = (hidden: boolean) => setState({ at: pathname, hidden });
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      timer = null;
      const y = window.scrollY;
      if (!window.matchMedia(WIDE).matches || y <= HIDE_AFTER_PX || y < last) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    // Throttle: the first event of a burst schedules one check 300 ms later (trailing, so the last position counts).
    const onScroll = () => {
      timer ??= setTimeout(check, SCROLL_THROTTLE_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [pathname, pinned]);
  return !pinned && state.at === pathname && state.hidden;
}
