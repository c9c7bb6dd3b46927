// After a deployment, a page open on the old build asks for code chunks that no longer exist: reload once to get
// the new build, at most once per 60 s (SPEC §9) so that a chunk that really fails cannot loop. A chunk that failed
// because the connection was lost is not a new build: reloading then would replace the page with the browser's
// offline page, so the reload waits until the shop answers again.
import { useEffect } from "react";
import { shopAnswers, shopBack } from "./when-online.ts";

const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "chunkReloadAt";
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export const isChunkError = (e: unknown) => CHUNK_ERROR.test(e instanceof Error ? e.message : String(e));

/** Marks a reload now unless one happened in the last 60 s; false without storage (no guard: do not risk a loop). */
function claimReload(now: number): boolean {
  try {
    if (now - Number(sessionStorage.getItem(KEY) ?? 0) < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** Reloads, once the shop answers, if the error is a chunk-load failure and no reload happened in the last 60 s. */
export function reloadOnChunkError(e: unknown): void {
  if (typeof window === "undefined" || !isChunkError(e)) return;
  void (async () => {
    if (!(await shopAnswers())) await shopBack();
    if (claimReload(Date.now())) window.location.reload();
  })();
}

export function useChunkReload() {
  useEffect(() => {
    // A failed import reaches its caller: code loaded on demand waits for the connection (when-online.ts), the
    // router's failures reach the error boundary, and what nobody caught arrives here.
    const onRejection = (e: PromiseRejectionEvent) => {
      reloadOnChunkError(e.reason);
    };
    window.addEventListener("unhandledrejection", onRejection);
    return () => window.removeEventListener("unhandledrejection", onRejection);
  }, []);
}
