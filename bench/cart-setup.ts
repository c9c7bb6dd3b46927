// Cart benchmark set-up shared by bench/cart.ts and bench/cpu.ts: customers with the same 50-line cart, and the
// add-to-cart cycle (+1 then −1 on one line, so the carts keep their lines and quantities).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type autocannon from "autocannon";
import { sign } from "../server/http/signature.ts";
import { SECRET, loginCookie } from "./lib.ts";

export const LINES = 50;
export const ADD_PATH = "/site/Customer/addShoppingCart";
export const EDIT_PATH = "/site/Customer/editShoppingCart";
export const LIST_PATH = "/site/Index/getShoppingCart";

/** A signed JSON body for `path`. */
export const body = (path: string, data: Record<string, unknown>) => {
  const t = Math.floor(Date.now() / 1000);
  return JSON.stringify({ ...data, t, at: sign(t, path, SECRET) });
};

// node:http with kept-alive connections, as lean as autocannon: `fetch` cost this process ≈ 1.75 ms of CPU an order
// (two calls and the SMTP server), on the core it shares with PostgreSQL, and held the order bench below what
// the shop could do (decision 105). API answers are never compressed, so the shop's work is the same.
const agent = new http.Agent({ keepAlive: true });

export function call(base: string, path: string, data: Record<string, unknown>, cookie: string) {
  const payload = body(path, data);
  return new Promise<{ code: number; info: string; data: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (e) {
            reject(e);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Fills the customer's cart with LINES models that can take a unit (tries ids in order). */
export async function fillCart(base: string, cookie: string): Promise<number[]> {
  await call(base, "/site/Customer/delShoppingCart", { model_ids: Array.from({ length: 1000 }, (_, i) => i + 1) }, cookie);
  const ids: number[] = [];
  for (let id = 1; ids.length < LINES && id < 5000; id++) {
    const r = await call(base, "/site/Customer/addShoppingCart", { arr: [{ model_id: id, num: 1 }] }, cookie);
    if (r.code === 200) ids.push(id);
  }
  if (ids.length < LINES) throw new Error(`only ${ids.length} models could be added`);
  return ids;
}

/** Registers a customer and answers its uid cookie. */
export async function register(base: string, i: number): Promise<string> {
  const r = await call(
    base,
    "/site/user/register",
    {
      title: "M",
      first_name: "Banc",
      last_name: `Essai ${i}`,
      company: "",
      email: `banc-${randomBytes(4).toString("hex")}-${i}@exemple.fr`,
      phone: "",
      password: "Banc2026!x",
      confirm: "Banc2026!x",
      siret: "",
      vat_number: "",
      accept_privacy: true,
    },
    "",
  );
  if (r.code !== 200) throw new Error(`bench registration failed: ${r.info}`);
  return `uid=${(r.data as { token: string }).token}`;
}

/**
 * `n` customers (the demo customer first) with the same 50-line cart, and the model of the line that can grow
 * the most (a customer may be used by two connections at once).
 */
export async function cartCustomers(base: string, n: number): Promise<{ cookies: string[]; first: string; modelId: number }> {
  const first = await loginCookie(base);
  const ids = await fillCart(base, first);
  const cookies = [first];
  for (let i = 1; i < n; i++) {
    const cookie = await register(base, i);
    const r = await call(base, ADD_PATH, { arr: ids.map((model_id) => ({ model_id, num: 1 })) }, cookie);
    if (r.code !== 200) throw new Error(`bench cart fill failed: ${r.info}`);
    cookies.push(cookie);
  }
  const listed = await call(base, LIST_PATH, {}, first);
  type Line = { model_id: number; stock: number; purchasable_qty: number };
  const roomy = (listed.data.cart_list as Line[]).reduce((a, l) =>
    Math.min(l.stock, l.purchasable_qty) > Math.min(a.stock, a.purchasable_qty) ? l : a,
  );
  return { cookies, first, modelId: roomy.model_id };
}

type Ctx = { cookie?: string };
type Request = { headers?: Record<string, string> };
type CannonRequest = autocannon.Request;

/**
 * autocannon `requests` for one cycle per customer: each cycle takes the next customer (autocannon resets the
 * context per cycle) and keeps it for its requests.
 */
export function cycleCookies(cookies: readonly string[]) {
  let next = 0;
  return (first: boolean) => (req: Request, ctx: Ctx) => {
    if (first || !ctx.cookie) ctx.cookie = cookies[next++ % cookies.length];
    return { ...req, headers: { ...req.headers, cookie: ctx.cookie } };
  };
}

/** The add-to-cart cycle: +1 (add) then −1 (edit by a delta) on the line of `modelId`. */
export function addCycle(cookies: readonly string[], modelId: number): CannonRequest[] {
  const withCookie = cycleCookies(cookies);
  const json = { "content-type": "application/json" };
  return [
    {
      method: "POST",
      path: ADD_PATH,
      headers: json,
      body: body(ADD_PATH, { arr: [{ model_id: modelId, num: 1 }] }),
      setupRequest: withCookie(true) as CannonRequest["setupRequest"],
    },
    {
      method: "POST",
      path: EDIT_PATH,
      headers: json,
      body: body(EDIT_PATH, { model_id: modelId, num: -1, type: 2 }),
      setupRequest: withCookie(false) as CannonRequest["setupRequest"],
    },
  ];
}
