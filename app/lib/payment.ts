// Card payment from the browser (decision 078): start or restart a payment
// (GET /site/Sale/leavePayment → the provider's hosted page, a full-page navigation), read its outcome
// (POST /site/Index/getPaymentResult, polled while the provider's notification is awaited) and the
// 5-second countdown of the success page. Nothing card-related ever passes here.
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api.ts";
import { useSession } from "./session-store.ts";
import { useLang } from "./i18n.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";
import type { PaymentResultAnswer } from "#core/contracts/payments.ts";

/** `lang` is the page's: it decides the result page the provider sends the buyer back to and the failure's text. */
const paymentApi = {
  leave: (orderId: number, lang?: Lang) =>
    api("GET", "/site/Sale/leavePayment", { query: { order_id: orderId }, showLoading: false, lang }),
  result: (orderId: number, lang?: Lang) =>
    api("POST", "/site/Index/getPaymentResult", { body: { order_id: orderId }, showLoading: false, lang }),
};

/** Only our own origin or an https page may receive the buyer (the provider's hosted page). */
export function safeRedirect(url: unknown, origin: string): string | null {
  if (typeof url !== "string" || !url) return null;
  try {
    const u = new URL(url, origin);
    if (u.origin === origin || u.protocol === "https:") return u.href;
  } catch {
    return null;
  }
  return null;
}

/**
 * The "pay by card" button: asks the server for the provider's page and leaves for it (full-page
 * navigation). One request at a time; a refusal (already paid, cancelled…) is the server's translated text.
 * `go` is the navigation (window.location.assign), replaceable in tests.
 */
export function usePay(orderId: number, go: (url: string) => void = (url) => window.location.assign(url)) {
  const lang = useLang();
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function pay() {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setRefusal(null);
    let leaving = false;
    try {
      const res = await paymentApi.leave(orderId, lang);
      if (!res) return; // network or server failure, already shown by the api client
      if (res.code !== 200) return setRefusal(res.info);
      const url = safeRedirect(res.data?.redirect_url, window.location.origin);
      if (!url) {
        const s = useSession.getState();
        return s.notify({ kind: "error", text: translate(s.lang, "server_error") });
      }
      leaving = true;
      go(url);
    } finally {
      // While the browser leaves, the button stays busy (no second payment started by an impatient click).
      if (!leaving) {
        pending.current = false;
        setBusy(false);
      }
    }
  }

  return { pay, busy, refusal };
}

const POLL_INTERVAL_MS = 1_000;
const POLL_MAX_MS = 20_000;

type PaymentState =
  | { phase: "loading"; result: PaymentResultAnswer | null }
  | { phase: "done"; result: PaymentResultAnswer }
  /** Still pending after the polling time: the page offers to check again. */
  | { phase: "timeout"; result: PaymentResultAnswer | null }
  /** The result could not be read (network, server): the page offers to try again. */
  | { phase: "error"; result: null };

type PollOptions = {
  /** Poll while `pending` (the success return); the fail return shows the outcome at once. */
  wait: boolean;
  intervalMs?: number;
  maxMs?: number;
  fetch?: (orderId: number, lang: Lang) => Promise<{ code: number; data: PaymentResultAnswer; info: string } | null>;
};

/**
 * Reads the payment result, then again every `intervalMs` while the notification is awaited (`pending`),
 * for at most `maxMs`. Stops at the first settled answer, on unmount, and when the time is up.
 */
export function usePaymentResult(
  orderId: number,
  { wait, intervalMs = POLL_INTERVAL_MS, maxMs = POLL_MAX_MS, fetch = paymentApi.result }: PollOptions,
) {
  const lang = useLang();
  const [state, setState] = useState<PaymentState>({ phase: "loading", result: null });
  const [round, setRound] = useState(0);
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    async function tick() {
      const res = await fetchRef.current(orderId, lang);
      if (stopped) return;
      if (!res || res.code !== 200) return setState({ phase: "error", result: null });
      const r = res.data;
      if (!wait || !r.pending || r.paid || r.status === "cancelled") return setState({ phase: "done", result: r });
      if (Date.now() - started + intervalMs > maxMs) return setState({ phase: "timeout", result: r });
      setState({ phase: "loading", result: r });
      timer = setTimeout(() => void tick(), intervalMs);
    }
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, lang, wait, intervalMs, maxMs, round]);

  const retry = useCallback(() => {
    setState({ phase: "loading", result: null });
    setRound((n) => n + 1);
  }, []);
  return { ...state, retry };
}

export const REDIRECT_SECONDS = 5;

/**
 * A countdown of `seconds`, one tick a second, that calls `onDone` once at zero. `stop()` cancels it
 * (WCAG 2.2.1: the buyer may stay on the page). `active` false: nothing runs.
 */
export function useCountdown(seconds: number, onDone: () => void, active = true) {
  const [left, setLeft] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!active || stopped) return;
    const end = Date.now() + seconds * 1000;
    const id = setInterval(() => {
      const rest = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) {
        clearInterval(id);
        done.current();
      }
    }, 250);
    return () => clearInterval(id);
  }, [seconds, active, stopped]);

  return { left, stopped, stop: useCallback(() => setStopped(true), []) };
}
