// Store transitions (SPEC §4, §5, §8): anonymous adds stay in the browser; customer changes go through the
// API and a non-200 leaves the cart unchanged; cartGoodsLimit refuses before sending; the merge at login.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserInfo } from "#core/account.ts";

const api = vi.fn();
vi.mock("./api.ts", () => ({ api: (...a: unknown[]) => api(...a) }));

const { useCart, CART_ADD, CART_DEL, CART_EDIT, CART_GET, CART_MERGE } = await import("./cart-store.ts");
const { useSession } = await import("./session-store.ts");
const { readLocalCart, writeLocalCart, encryptLines, LINES_KEY } = await import("./cart-storage.ts");

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const user = { email: "demo@comptoir-emballage.fr" } as UserInfo;
const line = (model_id: number, num: number, id = 0) => ({ id, model_id, num, price: "1.0000", name: `M${model_id}` });
const answer = (list: ReturnType<typeof line>[]) => ({
  code: 200,
  info: "",
  data: { cart_info: { id: 1, totalQuantity: list.reduce((n, l) => n + l.num, 0) }, cart_list: list },
});

beforeEach(() => {
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  api.mockReset();
  useSession.setState({ user: null, token: null, cartCount: 0, config: {}, notices: [], lang: "fr" });
  useCart.setState({ lines: [], info: null, panelOpen: false });
});

describe("anonymous cart", () => {
  it("adds without a server call, merges a repeated model, keeps the browser copy and opens the panel", async () => {
    expect(await useCart.getState().add([{ model_id: 5, num: 2, name: "A" }])).toBe(true);
    expect(
      await useCart.getState().add([
        { model_id: 7, num: 1, name: "B" },
        { model_id: 5, num: 3 },
      ]),
    ).toBe(true);
    expect(api).not.toHaveBeenCalled();
    expect(useCart.getState().lines.map((l) => [l.model_id, l.num])).toEqual([
      [7, 1],
      [5, 5],
    ]);
    expect(useCart.getState().panelOpen).toBe(true);
    expect(useSession.getState().cartCount).toBe(6);
    expect((await readLocalCart()).map((l) => [l.model_id, l.num])).toEqual([
      [7, 1],
      [5, 5],
    ]);
  });

  it("refuses an add past cartGoodsLimit with the %num% message, storing nothing", async () => {
    useSession.setState({ config: { cartGoodsLimit: 2 } });
    await useCart.getState().add([
      { model_id: 1, num: 1 },
      { model_id: 2, num: 1 },
    ]);
    expect(await useCart.getState().add([{ model_id: 3, num: 1 }])).toBe(false);
    expect(useCart.getState().lines).toHaveLength(2);
    expect(await readLocalCart()).toHaveLength(2);
    expect(useSession.getState().notices.at(-1)?.text).toBe("Votre panier ne peut pas contenir plus de 2 articles différents.");
    // a model already in the cart does not count twice
    expect(await useCart.getState().add([{ model_id: 2, num: 4 }])).toBe(true);
  });

  it("sends the browser lines as `carts` for pricing and takes the server's lines and totals", async () => {
    await writeLocalCart([{ model_id: 9, num: 4 }]);
    await useCart.getState().loadLocal();
    api.mockResolvedValueOnce({ ...answer([line(9, 4)]), data: { ...answer([line(9, 4)]).data, cart_info: { id: 0, totalQuantity: 4 } } });
    expect(await useCart.getState().refresh()).toBe(true);
    expect(api).toHaveBeenCalledWith("POST", CART_GET, expect.objectContaining({ body: { carts: [{ model_id: 9, num: 4 }] } }));
    expect(useCart.getState().info).toMatchObject({ totalQuantity: 4 });
    expect(useCart.getState().lines[0]).toMatchObject({ model_id: 9, num: 4, name: "M9" });
  });

  it("an answer that is a stored cart (the uid cookie went along before the session was known) is not stored in the browser", async () => {
    api.mockResolvedValueOnce(answer([line(9, 4, 77)]));
    expect(await useCart.getState().refresh()).toBe(true);
    expect(useCart.getState().lines).toEqual([line(9, 4, 77)]);
    expect(localStorage.getItem(LINES_KEY)).toBeNull();
  });

  it("a failed list returns false and keeps the cart", async () => {
    await useCart.getState().add([{ model_id: 9, num: 4 }]);
    api.mockResolvedValueOnce(null);
    expect(await useCart.getState().refresh()).toBe(false);
    expect(useCart.getState().lines).toHaveLength(1);
  });
});

describe("a visitor's other tab", () => {
  it("takes the lines another tab stored: badge now, priced again where the cart was listed", async () => {
    await useCart.getState().takeOtherTab([{ model_id: 9, num: 4 }]);
    expect(useSession.getState().cartCount).toBe(4);
    expect(api).not.toHaveBeenCalled(); // no cart listed here: nothing to price
    useCart.setState({ info: { id: 0, totalQuantity: 4 } as never });
    api.mockResolvedValueOnce({
      ...answer([line(9, 4), line(3, 1)]),
      data: { ...answer([line(9, 4), line(3, 1)]).data, cart_info: { id: 0 } },
    });
    await useCart.getState().takeOtherTab([
      { model_id: 9, num: 4 },
      { model_id: 3, num: 1 },
    ]);
    expect(api).toHaveBeenCalledWith(
      "POST",
      CART_GET,
      expect.objectContaining({
        body: {
          carts: [
            { model_id: 9, num: 4 },
            { model_id: 3, num: 1 },
          ],
        },
      }),
    );
    expect(useCart.getState().lines.map((l) => l.name)).toEqual(["M9", "M3"]);
  });

  it("a list answered after another tab's change is not applied: the lines as they are now are listed", async () => {
    const visitor = (list: ReturnType<typeof line>[]) => ({ ...answer(list), data: { ...answer(list).data, cart_info: { id: 0 } } });
    await writeLocalCart([{ model_id: 9, num: 4 }]);
    await useCart.getState().loadLocal();
    let answerFirst!: (v: unknown) => void;
    api.mockImplementationOnce(() => new Promise((r) => (answerFirst = r)));
    api.mockResolvedValueOnce(visitor([line(9, 4), line(3, 1)]));
    const listed = useCart.getState().refresh(); // the page's first list, still on its way...
    await useCart.getState().takeOtherTab([
      { model_id: 9, num: 4 },
      { model_id: 3, num: 1 },
    ]); // ...when the other tab adds a line
    answerFirst(visitor([line(9, 4)]));
    expect(await listed).toBe(true);
    expect(api).toHaveBeenCalledTimes(2);
    expect(api.mock.calls[1][2]).toMatchObject({
      body: {
        carts: [
          { model_id: 9, num: 4 },
          { model_id: 3, num: 1 },
        ],
      },
    });
    expect(useCart.getState().lines.map((l) => [l.model_id, l.num])).toEqual([
      [9, 4],
      [3, 1],
    ]);
    expect(useSession.getState().cartCount).toBe(5);
    expect((await readLocalCart()).map((l) => [l.model_id, l.num])).toEqual([
      [9, 4],
      [3, 1],
    ]);
  });

  it("does nothing for the same models and quantities (no echo between tabs), nor for a customer", async () => {
    useCart.setState({ lines: [line(9, 4)], info: { id: 0 } as never });
    await useCart.getState().takeOtherTab([{ model_id: 9, num: 4 }]);
    useSession.setState({ user });
    await useCart.getState().takeOtherTab([]);
    expect(api).not.toHaveBeenCalled();
    expect(useCart.getState().lines).toEqual([line(9, 4)]);
  });

  it("stores in local storage, where the visitor's other tabs read it", async () => {
    await useCart.getState().add([{ model_id: 5, num: 2 }]);
    expect(localStorage.getItem(LINES_KEY)).toMatch(/^v1\./);
    expect(localStorage.getItem(LINES_KEY)).not.toBe(await encryptLines([{ model_id: 5, num: 2 }])); // fresh IV
  });
});

describe("customer cart", () => {
  beforeEach(() => useSession.setState({ user }));

  it("adds through addShoppingCart and replaces the cart with the answer", async () => {
    api.mockResolvedValueOnce(answer([line(5, 2, 41)]));
    expect(await useCart.getState().add([{ model_id: 5, num: 2 }])).toBe(true);
    expect(api).toHaveBeenCalledWith("POST", CART_ADD, expect.objectContaining({ body: { arr: [{ model_id: 5, num: 2 }] } }));
    expect(useCart.getState().lines).toEqual([line(5, 2, 41)]);
    expect(useSession.getState().cartCount).toBe(2);
    expect(localStorage.getItem(LINES_KEY)).toBeNull();
  });

  it("an add or edit answer (changed lines and the cart's order) keeps the other lines as shown", async () => {
    useCart.setState({ lines: [line(5, 2, 41), line(6, 1, 40)] });
    const patch = (changed: ReturnType<typeof line>[], order: [number, number][]) => ({
      code: 200,
      info: "",
      data: { cart_info: { id: 1, totalQuantity: order.reduce((n, [, q]) => n + q, 0) }, cart_list: changed, cart_models: order },
    });
    api.mockResolvedValueOnce(
      patch(
        [line(7, 3, 42)],
        [
          [7, 3],
          [5, 2],
          [6, 1],
        ],
      ),
    );
    expect(await useCart.getState().add([{ model_id: 7, num: 3 }])).toBe(true);
    expect(useCart.getState().lines).toEqual([line(7, 3, 42), line(5, 2, 41), line(6, 1, 40)]);
    expect(useSession.getState().cartCount).toBe(6);
    // an edit to 0 removes the line: it is in neither list
    api.mockResolvedValueOnce(
      patch(
        [],
        [
          [7, 3],
          [6, 1],
        ],
      ),
    );
    expect(await useCart.getState().setQty(5, 1)).toBe(true);
    expect(useCart.getState().lines.map((l) => l.model_id)).toEqual([7, 6]);
    expect(api).toHaveBeenCalledTimes(2);
  });

  it("lists the cart again when an answer's order names a line it does not show as listed (changed elsewhere)", async () => {
    useCart.setState({ lines: [line(5, 2, 41)] });
    api
      .mockResolvedValueOnce({
        code: 200,
        info: "",
        data: {
          cart_info: { id: 1, totalQuantity: 9 },
          cart_list: [line(7, 1, 42)],
          cart_models: [
            [7, 1],
            [5, 8],
          ],
        },
      })
      .mockResolvedValueOnce(answer([line(7, 1, 42), line(5, 8, 41)]));
    expect(await useCart.getState().add([{ model_id: 7, num: 1 }])).toBe(true);
    expect(api).toHaveBeenLastCalledWith("POST", CART_GET, expect.anything());
    expect(useCart.getState().lines).toEqual([line(7, 1, 42), line(5, 8, 41)]);
    expect(useSession.getState().cartCount).toBe(9);
  });

  it("leaves the cart unchanged on a non-200 (400 with a message, or a failed call)", async () => {
    useCart.setState({ lines: [line(5, 2, 41)] });
    useSession.setState({ cartCount: 2 });
    api.mockResolvedValueOnce({ code: 400, info: "Stock insuffisant.", data: null });
    expect(await useCart.getState().setQty(5, 90)).toBe(false);
    expect(api).toHaveBeenLastCalledWith("POST", CART_EDIT, expect.objectContaining({ body: { model_id: 5, num: 90, type: 1 } }));
    expect(useSession.getState().notices.at(-1)?.text).toBe("Stock insuffisant.");
    api.mockResolvedValueOnce(null);
    expect(await useCart.getState().remove(5)).toBe(false);
    expect(api).toHaveBeenLastCalledWith("POST", CART_DEL, expect.objectContaining({ body: { ids: [41], model_ids: [5] } }));
    api.mockResolvedValueOnce({ code: 400, info: "Articles indisponibles.", data: null });
    expect(await useCart.getState().add([{ model_id: 6, num: 1 }])).toBe(false);
    expect(useCart.getState().lines).toEqual([line(5, 2, 41)]);
    expect(useSession.getState().cartCount).toBe(2);
    expect(useCart.getState().panelOpen).toBe(false);
  });

  it("checks cartGoodsLimit before sending", async () => {
    useSession.setState({ config: { cartGoodsLimit: 1 } });
    useCart.setState({ lines: [line(5, 2, 41)] });
    expect(await useCart.getState().add([{ model_id: 6, num: 1 }])).toBe(false);
    expect(api).not.toHaveBeenCalled();
  });

  it("merges the browser cart at login, shows the messages and removes the browser copy", async () => {
    await writeLocalCart([{ model_id: 9, num: 4 }]);
    const local = await readLocalCart();
    api.mockResolvedValueOnce({
      ...answer([line(9, 3, 50)]),
      data: { ...answer([line(9, 3, 50)]).data, messages: [{ model_id: 9, info: "Référence X : quantité ramenée à 3." }] },
    });
    expect(await useCart.getState().mergeAfterLogin(local)).toBe(true);
    expect(api).toHaveBeenCalledWith("POST", CART_MERGE, expect.objectContaining({ body: { carts: [{ model_id: 9, num: 4 }] } }));
    expect(localStorage.getItem(LINES_KEY)).toBeNull();
    expect(useCart.getState().lines).toEqual([line(9, 3, 50)]);
    expect(useSession.getState().notices.at(-1)?.text).toContain("ramenée à 3");
  });

  it("logout empties the cart and the badge", () => {
    useCart.setState({ lines: [line(5, 2, 41)] });
    useSession.getState().logout();
    expect(useCart.getState().lines).toEqual([]);
    expect(useSession.getState().cartCount).toBe(0);
  });
});
