// After a deployment, a page open on the old build asks for code chunks that no longer exist: reload once to get
// the new build, at most once per 60 s (SPEC §9) so that a chunk that really fails cannot loop.
import { useEffect } from "react";

export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "chunkReloadAt";
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export const isChunkError = (e: unknown) => CHUNK_ERROR.test(e instanceof Error ? e.message : String(e));

/** Reloads if the error is a chunk-load failure and no reload happened in the last 60 s; true if it did. Offline,
 * the reload waits for the connection: now, it would replace the page with the browser's offline page. */
export function reloadOnChunkError(e: unknown, now = Date.now()): boolean {
  if (typeof window === "undefined" || !isChunkError(e)) return false;
  if (!navigator.onLine) {
    window.addEventListener("online", () => reloadOnChunkError(e), { once: true });
    return false;
  }
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false; // no storage, no guard: do not risk a loop
  }
  window.location.reload();
  return true;
}

export function useChunkReload() {
  useEffect(() => {
    // Vite's event for a failed preload of a lazy chunk; the router's failures reach the error boundary. Offline,
    // the import fails to its caller, which waits for the connection (when-online.ts).
    const onPreload = (e: Event) => {
      if (!navigator.onLine) return;
      if (reloadOnChunkError((e as Event & { payload?: unknown }).payload ?? "dynamically imported module")) e.preventDefault();
    };
    const onRejection = (e: PromiseRejectionEvent) => {
      reloadOnChunkError(e.reason);
    };
    window.addEventListener("vite:preloadError", onPreload);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreload);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}
