// Link prefetch on idle (SPEC §9): once the browser is idle (at the latest 2 s after load) the site links in
// view are prefetched (route modules and data, through React Router's PrefetchPageLinks), except on slow
// (2g, data-saver) connections or offline. Few links: prefetching asks the server for their data.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";

export const PREFETCH_IDLE_MS = 2000;
const MAX_LINKS = 6;

type Connection = { saveData?: boolean; effectiveType?: string };

export function prefetchAllowed(nav: { onLine: boolean; connection?: Connection }): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  return !(c?.saveData || (c?.effectiveType ?? "").includes("2g"));
}

/** The links worth prefetching: the router's own (`<Link>` marks them `data-discover`) in the page's main part.
 * A plain `<a>` (a PDF, a download, a content page's HTML link) loads a whole document: it has no route data, and
 * asking for its `.data` only gets a 404. */
export const PREFETCH_LINKS = "main a[data-discover][href^='/']:not([download]):not([target]):not([rel~='external'])";

export function useIdlePrefetch(): string[] {
  const { pathname } = useLocation();
  const [picked, setPicked] = useState<{ at: string; pages: string[] }>({ at: "", pages: [] });
  useEffect(() => {
    if (!prefetchAllowed(navigator as Navigator & { connection?: Connection })) return;
    const idle = "requestIdleCallback" in window;
    let id = 0;
    const later = (cb: () => void) => {
      id = idle ? window.requestIdleCallback(cb, { timeout: PREFETCH_IDLE_MS }) : window.setTimeout(cb, PREFETCH_IDLE_MS);
    };
    const pick = () => {
      const seen = new Set<string>();
      // The page's own links only: the header's are account and cart pages (personal data, some still to come).
      for (const a of document.querySelectorAll<HTMLAnchorElement>(PREFETCH_LINKS)) {
        const r = a.getBoundingClientRect();
        const path = a.pathname + a.search;
        if (r.bottom < 0 || r.top > window.innerHeight || r.width === 0 || path === window.location.pathname + window.location.search)
          continue;
        seen.add(path);
        if (seen.size >= MAX_LINKS) break;
      }
      const pages = [...seen];
      // One page more per idle period: rendering a page's prefetch links (its modules, data and the route
      // matching) takes tens of milliseconds on a phone; all of them at once made one long task (decision 090).
      // Offline meanwhile: no more. A prefetch loads route modules through React Router, which reloads the page
      // when one fails to load, and a reload offline leaves the shop for the browser's error page.
      const reveal = (n: number) => {
        if (n > pages.length || !navigator.onLine) return;
        setPicked({ at: pathname, pages: pages.slice(0, n) });
        later(() => reveal(n + 1));
      };
      reveal(1);
    };
    later(pick);
    return () => {
      if (idle) window.cancelIdleCallback(id);
      else clearTimeout(id);
    };
  }, [pathname]);
  return picked.at === pathname ? picked.pages : [];
}
