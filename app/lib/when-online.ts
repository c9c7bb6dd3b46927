// Code fetched on demand (a dialog, a drawer, a form's schema) that fails because the connection is lost is waited
// for, not failed: the page stays as it is and the part appears once the shop answers again. A failure while the
// shop answers is a new build's (the chunk is gone) and is left to the chunk-reload rule.
//
// The browser's `navigator.onLine` is not enough to tell: a request cut by a lost connection can fail before the
// page learns that it is offline. So the shop itself is asked, with a small static file never taken from a cache.

const PROBE = "/favicon.svg";
const RETRY_MS = 5_000;

/** True when the shop's server answers now. */
export async function shopAnswers(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch(PROBE, { method: "HEAD", cache: "no-store" });
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the shop answers again: checked when the browser says it is back online, and every 5 s. */
export function shopBack(): Promise<void> {
  return new Promise((resolve) => {
    const check = async () => {
      if (!(await shopAnswers())) return;
      clearInterval(timer);
      window.removeEventListener("online", check);
      resolve();
    };
    const timer = setInterval(check, RETRY_MS);
    window.addEventListener("online", check);
  });
}

/** `load`, retried once when the shop answers again if it failed because the connection was lost. */
export function whenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      if (typeof window === "undefined" || (await shopAnswers())) throw error;
      await shopBack();
      return load();
    });
}
