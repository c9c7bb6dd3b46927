// @vitest-environment jsdom
// The "place the order" button: one idempotency key per attempt, reused by a double click and by every
// retry until the server confirms the order; the note cleared and the confirmation reached only then.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createOrderKey, orderNote, ORDER_NOTE_KEY, usePlaceOrder } from "./checkout-order.ts";
import type { Answer } from "./api.ts";

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[] = [];
let answers: (() => Promise<Response>)[] = [];
const json =
  (code: number, data: unknown, info = "") =>
  () =>
    Promise.resolve(new Response(JSON.stringify({ code, data, info }), { status: code, headers: { "content-type": "application/json" } }));

beforeEach(() => {
  calls = [];
  answers = [];
  sessionStorage.clear();
  vi.stubGlobal("fetch", (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
    const next = answers.shift();
    if (!next) throw new Error("unexpected call");
    return next();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Button({
  onPlaced,
  prepare = async () => true,
}: {
  onPlaced: (o: Answer<"/site/Sale/createOrder">) => void;
  prepare?: () => Promise<boolean>;
}) {
  const order = usePlaceOrder({ prepare, note: () => orderNote.read(), cgvAccepted: () => true, onPlaced });
  return (
    <>
      <button type="button" onClick={() => void order.place()} disabled={order.busy}>
        place
      </button>
      {order.failure && <p role="alert">{order.failure}</p>}
    </>
  );
}

const keys = () => calls.map((c) => c.body.idempotency_key);
const click = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole("button"));
  });
};

describe("createOrderKey", () => {
  it("keeps one key until done, then makes a new one", () => {
    let n = 0;
    const k = createOrderKey(() => `key-000000000000000${++n}`);
    expect(k.peek()).toBeNull();
    expect(k.get()).toBe("key-0000000000000001");
    expect(k.get()).toBe("key-0000000000000001");
    k.done();
    expect(k.get()).toBe("key-0000000000000002");
  });

  it("makes keys the API accepts (16 to 64 letters, digits, - and _)", () => {
    expect(createOrderKey().get()).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});

describe("usePlaceOrder", () => {
  it("sends one request for a double click, and is disabled while pending", async () => {
    let release!: (r: Response) => void;
    answers.push(() => new Promise((r) => (release = r)));
    const placed = vi.fn();
    render(<Button onPlaced={placed} />);
    const button = screen.getByRole("button");
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(button).toHaveProperty("disabled", true);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(calls).toHaveLength(1);
    await act(async () =>
      release(new Response(JSON.stringify({ code: 200, data: { id: 7, number: "2026-000007", status: "unpaid" }, info: "" }))),
    );
    expect(placed).toHaveBeenCalledWith({ id: 7, number: "2026-000007", status: "unpaid" });
    expect(button).toHaveProperty("disabled", false);
  });

  it("reuses the key after a network failure and after a refusal, shows the reason, then clears note and key on success", async () => {
    sessionStorage.setItem(ORDER_NOTE_KEY, "Quai n° 3");
    const placed = vi.fn();
    render(<Button onPlaced={placed} />);

    answers.push(() => Promise.reject(new TypeError("network down")));
    await click();
    expect(placed).not.toHaveBeenCalled();

    answers.push(json(400, null, "Stock insuffisant pour la référence CB-100 (2 disponibles)."));
    await click();
    expect(screen.getByRole("alert").textContent).toBe("Stock insuffisant pour la référence CB-100 (2 disponibles).");
    expect(placed).not.toHaveBeenCalled();

    answers.push(json(200, { id: 9, number: "2026-000009", status: "unpaid" }));
    await click();
    expect(placed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alert")).toBeNull();

    expect(new Set(keys()).size).toBe(1);
    expect(calls.every((c) => c.url.includes("/site/Sale/createOrder") && c.body.note === "Quai n° 3")).toBe(true);
    expect(calls[0].body).not.toHaveProperty("price");
    expect(calls.every((c) => c.body.accept_cgv === true)).toBe(true); // the terms of sale box was ticked
    expect(sessionStorage.getItem(ORDER_NOTE_KEY)).toBeNull();

    // A new order after success is a new attempt: a new key.
    answers.push(json(400, null, "Votre panier est vide."));
    await click();
    expect(keys()[3]).not.toBe(keys()[0]);
  });

  it("does not call the API when the form check or the save of the choices fails", async () => {
    const placed = vi.fn();
    render(<Button onPlaced={placed} prepare={async () => false} />);
    await click();
    expect(calls).toHaveLength(0);
    expect(placed).not.toHaveBeenCalled();
  });
});
