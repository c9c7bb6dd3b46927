// Code fetched on demand (a dialog, a drawer, a form's schema) that fails while the browser is offline is waited
// for, not failed: the page stays as it is and the part appears once the connection is back. Online, a failure
// is left to the chunk-reload rule (a new build).

/** `load`, retried once when the connection comes back if it failed offline. */
export function whenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof navigator === "undefined" || navigator.onLine) throw error;
      return new Promise<T>((resolve, reject) => {
        window.addEventListener("online", () => load().then(resolve, reject), { once: true });
      });
    });
}
