// Nothing lost if the process dies mid-order (DESIGN §4b), with a real kill -9 of the built shop on its embedded
// database: buyers place orders at once, the process is killed as one of the first answers arrives, a new process starts
// on the same directory (the dead holder's lock is taken over), the buyers retry with their keys. Every order
// answered before the kill is still there; each buyer ends with exactly one order for its key; stock, carts
// and confirmation e-mails agree with the orders, unit for unit.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { startServer, type RunningServer } from "./server.ts";
import { SIGN_SECRET } from "./shop.ts";
import { sign } from "../../server/http/signature.ts";
import { openDatabase } from "../../server/db/client.ts";

const BUYERS = 16;
type Envelope<T = Record<string, unknown>> = { code: number; data: T; info: string };

async function api<T = Record<string, unknown>>(base: string, path: string, body: object, token?: string): Promise<Envelope<T>> {
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ...body, t, at: sign(t, path, SIGN_SECRET) }),
  });
  return (await res.json()) as Envelope<T>;
}

/** Reads the directory with no shop running (the lock allows one process at a time). */
async function inspect<T>(dataDir: string, read: (q: (s: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>) => Promise<T>) {
  const database = await openDatabase({ dataDir: join(dataDir, "pg") });
  try {
    return await read(async (s) => ((await database.db.execute(s)) as unknown as { rows: Record<string, unknown>[] }).rows);
  } finally {
    await database.close();
  }
}

describe("a shop process killed while orders are placed", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "comptoir-e2e-crash-"));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every answered order, makes each retried one exactly once, and loses no unit of stock", async () => {
    cpSync(inject("seededDataDir"), dataDir, { recursive: true });
    server = await startServer({ SIGN_SECRET }, dataDir);
    const base = server.url;

    // a model every buyer can take a unit of
    const probe = await api<{ cart_list: { model_id: number; price: string; stock: number }[] }>(base, "/site/Index/getShoppingCart", {
      carts: Array.from({ length: 60 }, (_, i) => ({ model_id: i + 1, num: 1 })),
    });
    // (enough units for the minimum order amount, and stock for every buyer)
    const line = probe.data.cart_list
      .map((l) => ({ ...l, num: Math.ceil(80 / Number(l.price)) }))
      .find((l) => Number(l.price) > 0 && l.stock >= BUYERS * l.num * 2)!;
    const [model, num] = [line.model_id, line.num];

    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const email = `crash.${process.pid}.${i}@exemple.fr`;
        const password = "Crash2026!";
        const reg = await api(base, "/site/user/register", {
          title: "M",
          first_name: "Paul",
          last_name: "Essai",
          email,
          password,
          confirm: password,
          accept_privacy: true,
        });
        expect(reg.code, JSON.stringify(reg)).toBe(200);
        const token = (await api<{ token: string }>(base, "/site/user/login", { identifier: email, password })).data.token;
        expect((await api(base, "/site/Customer/addShoppingCart", { arr: [{ model_id: model, num }] }, token)).code).toBe(200);
        const infos = { pickup_method: 2, delivery_mode: "pickup", shop_id: 2 };
        expect((await api(base, "/site/Sale/cartParams", { infos }, token)).code).toBe(200);
        return { email, password, token, key: `crash-${process.pid}-${i}-${Date.now()}` };
      }),
    );
    const stockBefore = Number(
      (await api<{ cart_list: { stock: number }[] }>(base, "/site/Index/getShoppingCart", { carts: [{ model_id: model, num: 1 }] })).data
        .cart_list[0].stock,
    );

    // all at once; the process dies as one of the first answers arrives
    const answered = new Map<string, number>(); // key → order id answered before the kill
    let killed = false;
    const killAt = 1 + Math.floor(Math.random() * (BUYERS / 2)); // a different moment from run to run
    const pid = server.pid;
    const sent = buyers.map((b) =>
      api<{ id: number }>(base, "/site/Sale/createOrder", { idempotency_key: b.key, note: "", accept_cgv: true }, b.token).then(
        (r) => {
          if (!killed && r.code !== 200) throw new Error(`order refused: ${JSON.stringify(r)}`);
          if (!killed) answered.set(b.key, r.data.id);
          if (!killed && answered.size >= killAt) {
            killed = true;
            process.kill(pid, "SIGKILL");
          }
        },
        (e: Error) => {
          if (e.message.startsWith("order refused")) throw e; // else the connection died with the process
        },
      ),
    );
    await Promise.all(sent);
    expect(killed).toBe(true);
    expect(answered.size).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the kernel has reaped it

    /** What the directory holds for these buyers (no shop running). */
    const factsOf = () =>
      inspect(dataDir, async (q) => {
        const list = sql.join(
          buyers.map((b) => sql`${b.email}`),
          sql`, `,
        );
        const orders = await q(sql`select c.email, count(o.id)::int as orders, coalesce(sum(l.num), 0)::int as units,
          (select count(*)::int from cart_lines l join carts k on k.id = l.cart_id where k.customer_id = c.id) as cart_lines
          from customers c left join orders o on o.customer_id = c.id left join order_lines l on l.order_id = o.id and l.model_id = ${model}
          where c.email in (${list}) group by c.id, c.email`);
        const [stock] = await q(sql`select stock from models where id = ${model}`);
        const [mails] = await q(sql`select count(*)::int as n, count(distinct payload->>'to')::int as people from outbox_messages
          where payload->>'to' in (${list}) and payload->>'subject' ilike '%CE20%'`);
        return { orders, sold: stockBefore - Number(stock.stock), mails };
      });

    // right after the kill, before any retry: each buyer has a whole order (stock taken, cart emptied, its
    // e-mail written) or none at all (cart intact); the kill landed while some were still in flight
    const crashed = await factsOf();
    const placed = crashed.orders.filter((o) => o.orders === 1);
    expect(placed.length, "orders committed before the kill").toBeGreaterThanOrEqual(answered.size);
    expect(placed.length, "the kill interrupted some orders").toBeLessThan(BUYERS);
    for (const o of crashed.orders) {
      if (o.orders === 1) expect(o, String(o.email)).toMatchObject({ units: num, cart_lines: 0 });
      else expect(o, String(o.email)).toMatchObject({ orders: 0, units: 0, cart_lines: 1 });
    }
    expect(crashed.sold, "units taken from stock = units in the orders").toBe(placed.length * num);
    expect(crashed.mails).toEqual({ n: placed.length, people: placed.length });

    // a new process on the same directory; the buyers retry with their keys (a new session: the old one may
    // have been rotated in the killed process's last moments)
    server = await startServer({ SIGN_SECRET }, dataDir);
    for (const b of buyers) {
      const token = (await api<{ token: string }>(server.url, "/site/user/login", { identifier: b.email, password: b.password })).data
        .token;
      const r = await api<{ id: number }>(
        server.url,
        "/site/Sale/createOrder",
        { idempotency_key: b.key, note: "", accept_cgv: true },
        token,
      );
      expect(r.code, JSON.stringify(r)).toBe(200);
      if (answered.has(b.key)) expect(r.data.id, "an answered order is the one the retry gets").toBe(answered.get(b.key));
      // and once more: the same order
      expect(
        (await api<{ id: number }>(server.url, "/site/Sale/createOrder", { idempotency_key: b.key, note: "", accept_cgv: true }, token))
          .data.id,
      ).toBe(r.data.id);
    }
    await server.stop();
    server = undefined;

    const facts = await factsOf();
    expect(facts.orders).toHaveLength(BUYERS);
    for (const o of facts.orders) expect(o, String(o.email)).toMatchObject({ orders: 1, units: num, cart_lines: 0 });
    expect(facts.sold, "units sold = units taken from stock").toBe(BUYERS * num);
    expect(facts.mails, "one confirmation per order").toEqual({ n: BUYERS, people: BUYERS });
  }, 240_000);
});
