// @vitest-environment jsdom
// The payment pages' logic (decision 078): polling of the result stops at the first settled answer, at the
// time limit and on unmount; the success countdown navigates once, and not at all when stopped; the pay
// button leaves for the provider's page once, shows a refusal, and never follows a foreign http URL.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { safeRedirect, useCountdown, usePay, usePaymentResult } from "./payment.ts";
import type { PaymentResultAnswer } from "#core/contracts/payments.ts";
import { LangProvider } from "./i18n.tsx";
import { useSession } from "./session-store.ts";

const result = (over: Partial<PaymentResultAnswer> = {}): PaymentResultAnswer => ({
  order_id: 7,
  number: "CE2026-000200",
  status: "unpaid",
  paid: false,
  pending: true,
  total_ttc: "120.00",
  payment_method: null,
  transaction_id: null,
  paid_at: null,
  cancelled_at: null,
  failure: null,
  can_repay: true,
  invoice_number: null,
  invoice_url: null,
  ...over,
});
const ok = (data: PaymentResultAnswer) => ({ code: 200, data, info: "" });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the pending promise callbacks run, then advances the clock. */
const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe("usePaymentResult", () => {
  it("polls every second while pending and stops at the paid answer", async () => {
    const answers = [result(), result(), result({ paid: true, pending: false, status: "processing" })];
    const fetch = vi.fn(async () => ok(answers.shift() ?? result({ paid: true, pending: false, status: "processing" })));
    const { result: hook } = renderHook(() => usePaymentResult(7, { wait: true, fetch }));
    await advance(0);
    expect(hook.current.phase).toBe("loading");
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(hook.current.phase).toBe("done");
    expect(hook.current.result?.paid).toBe(true);
    await advance(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("gives up after the time limit with the last answer, and polls again on retry", async () => {
    const fetch = vi.fn(async () => ok(result()));
    const { result: hook } = renderHook(() => usePaymentResult(7, { wait: true, fetch, intervalMs: 1000, maxMs: 5000 }));
    await advance(30_000);
    expect(hook.current.phase).toBe("timeout");
    const calls = fetch.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(calls).toBeLessThanOrEqual(6);
    act(() => hook.current.retry());
    await advance(0);
    expect(fetch.mock.calls.length).toBe(calls + 1);
    expect(hook.current.phase).toBe("loading");
  });

  it("does not wait on the fail return: a pending attempt shows the failure at once", async () => {
    const fetch = vi.fn(async () => ok(result({ failure: "Carte refusée" })));
    const { result: hook } = renderHook(() => usePaymentResult(7, { wait: false, fetch }));
    await advance(0);
    expect(hook.current.phase).toBe("done");
    expect(hook.current.result?.failure).toBe("Carte refusée");
    await advance(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("stops a cancelled order at once and reports a failed call as an error", async () => {
    const cancelled = vi.fn(async () => ok(result({ status: "cancelled", pending: true, can_repay: false })));
    const a = renderHook(() => usePaymentResult(7, { wait: true, fetch: cancelled }));
    await advance(3000);
    expect(a.result.current.phase).toBe("done");
    expect(cancelled).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => null);
    const b = renderHook(() => usePaymentResult(7, { wait: true, fetch: failing }));
    await advance(3000);
    expect(b.result.current.phase).toBe("error");
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("stops polling when the page goes away", async () => {
    const fetch = vi.fn(async () => ok(result()));
    const { unmount } = renderHook(() => usePaymentResult(7, { wait: true, fetch }));
    await advance(2000);
    const calls = fetch.mock.calls.length;
    unmount();
    await advance(10_000);
    expect(fetch.mock.calls.length).toBe(calls);
  });
});

describe("useCountdown", () => {
  it("counts 5 seconds down and calls onDone once", async () => {
    const done = vi.fn();
    const { result: hook } = renderHook(() => useCountdown(5, done));
    expect(hook.current.left).toBe(5);
    await advance(2100);
    expect(hook.current.left).toBe(3);
    expect(done).not.toHaveBeenCalled();
    await advance(3000);
    expect(hook.current.left).toBe(0);
    expect(done).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("never calls onDone once stopped", async () => {
    const done = vi.fn();
    const { result: hook } = renderHook(() => useCountdown(5, done));
    await advance(2000);
    act(() => hook.current.stop());
    expect(hook.current.stopped).toBe(true);
    await advance(10_000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe("usePay", () => {
  type Call = { url: string; lang?: string };
  let calls: Call[];
  const answer = (code: number, data: unknown, info = "") =>
    vi.stubGlobal("fetch", (url: URL, init?: RequestInit) => {
      calls.push({ url: String(url), lang: (init?.headers as Record<string, string> | undefined)?.Applang });
      return Promise.resolve(
        new Response(JSON.stringify({ code, data, info }), { status: code, headers: { "content-type": "application/json" } }),
      );
    });
  beforeEach(() => {
    calls = [];
    vi.useRealTimers();
  });

  it("asks once for the provider's page and leaves for it, even when clicked twice", async () => {
    answer(200, { redirect_url: "/sandbox/pay/tok123" });
    const go = vi.fn();
    const { result: hook } = renderHook(() => usePay(7, go));
    await act(async () => {
      await Promise.all([hook.current.pay(), hook.current.pay()]);
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toContain("/site/Sale/leavePayment?order_id=7");
    expect(go).toHaveBeenCalledWith(`${window.location.origin}/sandbox/pay/tok123`);
    expect(hook.current.busy).toBe(true); // stays busy while the browser leaves
  });

  it("shows the server's refusal and can be clicked again", async () => {
    answer(400, null, "Cette commande est déjà payée.");
    const go = vi.fn();
    const { result: hook } = renderHook(() => usePay(7, go));
    await act(async () => {
      await hook.current.pay();
    });
    expect(go).not.toHaveBeenCalled();
    expect(hook.current.refusal).toBe("Cette commande est déjà payée.");
    expect(hook.current.busy).toBe(false);
    await act(async () => {
      await hook.current.pay();
    });
    expect(calls).toHaveLength(2);
  });

  it("does not follow a foreign plain-http or script URL", async () => {
    answer(200, { redirect_url: "javascript:alert(1)" });
    const go = vi.fn();
    const { result: hook } = renderHook(() => usePay(7, go));
    await act(async () => {
      await hook.current.pay();
    });
    expect(go).not.toHaveBeenCalled();
    expect(hook.current.busy).toBe(false);
  });
});

describe("the payment calls speak the page's language, not the session's", () => {
  const zhPage = ({ children }: { children: React.ReactNode }) => <LangProvider lang="zh">{children}</LangProvider>;
  beforeEach(() => {
    vi.useRealTimers();
    useSession.setState({ lang: "fr" }); // the session's language is set after a page's first effects
  });

  it("asks for the result in Chinese on a /zh result page", async () => {
    const fetch = vi.fn(() => Promise.resolve(ok(result({ pending: false }))));
    renderHook(() => usePaymentResult(7, { wait: false, fetch }), { wrapper: zhPage });
    await act(async () => undefined);
    expect(fetch).toHaveBeenCalledWith(7, "zh");
  });

  it("starts the payment in Chinese, so the provider sends the buyer back to /zh", async () => {
    const headers: string[] = [];
    vi.stubGlobal("fetch", (_url: URL, init?: RequestInit) => {
      headers.push((init?.headers as Record<string, string>).Applang);
      return Promise.resolve(new Response(JSON.stringify({ code: 400, data: null, info: "" }), { status: 400 }));
    });
    const { result: hook } = renderHook(() => usePay(7, vi.fn()), { wrapper: zhPage });
    await act(async () => {
      await hook.current.pay();
    });
    expect(headers).toEqual(["zh"]);
  });
});

describe("safeRedirect", () => {
  const origin = "http://127.0.0.1:3000";
  it("keeps our own pages and https pages, nothing else", () => {
    expect(safeRedirect("/sandbox/pay/abc", origin)).toBe(`${origin}/sandbox/pay/abc`);
    expect(safeRedirect("https://checkout.stripe.com/c/pay/cs_test", origin)).toBe("https://checkout.stripe.com/c/pay/cs_test");
    expect(safeRedirect("http://evil.example/x", origin)).toBeNull();
    expect(safeRedirect("javascript:alert(1)", origin)).toBeNull();
    expect(safeRedirect(42, origin)).toBeNull();
    expect(safeRedirect("", origin)).toBeNull();
  });
});
