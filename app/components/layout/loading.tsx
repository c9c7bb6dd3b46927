// Loading feedback of SPEC §4/§9: the start-up overlay and the top progress bar of navigations.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { stripLocale } from "#core/slug.ts";

const OVERLAY_HIDE_DELAY_MS = 500;
const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_STEP = 45;
const PROGRESS_DURATION_MS = 10_000;

/**
 * In the server's HTML and until start-up data (the personal part, after hydration) is in, then 0.5 s more.
 * It lets clicks through (the page underneath is already usable) and is hidden without JavaScript.
 * Skipped on payment-result routes, which must show their outcome at once.
 */
export function StartOverlay({ ready }: { ready: boolean }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const id = setTimeout(() => setGone(true), OVERLAY_HIDE_DELAY_MS);
    return () => clearTimeout(id);
  }, [ready]);
  if (gone || stripLocale(pathname).path.startsWith("/payment/result")) return null;
  return (
    <div
      id="start-overlay"
      data-ready={ready}
      role="progressbar"
      aria-label={t("loading")}
      className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center bg-white/60"
    >
      <noscript>
        <style>{"#start-overlay{display:none}"}</style>
      </noscript>
      <span className="h-10 w-10 rounded-full border-4 border-brand border-t-transparent motion-safe:animate-spin" />
    </div>
  );
}

/**
 * The top bar of a navigation: appears only if it lasts over 200 ms, advances 45 per data step (loader
 * round-trip) and creeps on over 10 s; `failed` paints it red (an error page after a navigation).
 */
export function ProgressBar({ failed = false }: { failed?: boolean }) {
  const { t } = useT();
  const state = useNavigation().state;
  const busy = state !== "idle";
  const [value, setValue] = useState<number | null>(failed ? 100 : null);
  const steps = useRef(0);
  useEffect(() => {
    if (!busy) {
      const end = setTimeout(() => setValue((v) => (v === null ? null : 100)), 0);
      const id = setTimeout(() => setValue(failed ? 100 : null), 300);
      return () => {
        clearTimeout(end);
        clearTimeout(id);
      };
    }
    steps.current = 0;
    const show = setTimeout(() => setValue(PROGRESS_STEP), PROGRESS_THROTTLE_MS);
    const creep = setInterval(() => setValue((v) => (v === null ? v : Math.min(95, v + 50 / (PROGRESS_DURATION_MS / 500)))), 500);
    return () => {
      clearTimeout(show);
      clearInterval(creep);
    };
  }, [busy, failed]);
  // A submission goes on to load data: one more step.
  useEffect(() => {
    if (state === "loading" && steps.current++ > 0) setValue((v) => (v === null ? v : Math.min(95, v + PROGRESS_STEP)));
  }, [state]);
  if (value === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("loading")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-state={failed ? "failed" : busy ? "loading" : "done"}
      className="fixed inset-x-0 top-0 z-[70] h-1"
    >
      <div
        className={`h-full motion-safe:transition-[width] motion-safe:duration-200 ${failed ? "bg-red-600" : "bg-accent"}`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}

/** Online/offline indicator (SPEC §4): a banner while the browser reports no network. */
export function OnlineStatus() {
  const { t } = useT();
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const sync = () => setOnline(navigator.onLine);
    sync();
    window.addEventListener("online", sync);
    window.addEventListener("offline", sync);
    return () => {
      window.removeEventListener("online", sync);
      window.removeEventListener("offline", sync);
    };
  }, []);
  // Inserted only while offline, as an alert (announced on insertion): an empty live region would be one
  // more "status" on every page.
  if (online) return null;
  return (
    <p role="alert" className="fixed inset-x-0 bottom-0 z-[65] bg-ink px-4 py-2 text-center text-sm text-white">
      {t("offline")}
    </p>
  );
}
