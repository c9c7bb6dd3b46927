// Shared by the payment tests: an app listening on a real port (the sandbox posts its webhook over HTTP),
// orders written directly in a chosen state, signed sandbox notifications.
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import type { TestDbKind } from "#server/test/databases.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";

function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const s = createServer()
      .listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => ok(port));
      })
      .on("error", ko);
  });
}

/** A test app listening on 127.0.0.1 with PUBLIC_URL pointing at itself. */
export async function listeningApp(kind: TestDbKind, env: Record<string, string> = {}): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp(kind, { PUBLIC_URL: url, ...env });
  await t.app.listen({ host: "127.0.0.1", port });
  return { ...t, url };
}

export type TestOrder = { id: number; number: string };

/** An order of `customerId` written as placement would (totals 100 HT / 120 TTC unless given), `ageMin` minutes old. */
export async function makeOrder(
  db: Db,
  customerId: number,
  o: { status?: string; lines?: [number, number][]; couponId?: number | null; ageMin?: number; ht?: string; tva?: string } = {},
): Promise<TestOrder> {
  const number = await nextNumber(db, "order");
  const ht = o.ht ?? "100.00";
  const tva = o.tva ?? "20.00";
  const ttc = (Number(ht) + Number(tva)).toFixed(2);
  const paid = o.status && o.status !== "unpaid" && o.status !== "cancelled";
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into orders (number, customer_id, status, pickup_method, total_ht, total_tva, total_ttc, coupon_id, created_at, paid_at, cancelled_at)
    values (${number}, ${customerId}, ${o.status ?? "unpaid"}, 1, ${ht}, ${tva}, ${ttc}, ${o.couponId ?? null},
            now() - make_interval(mins => ${o.ageMin ?? 0}), ${paid ? sql`now()` : null}, ${o.status === "cancelled" ? sql`now()` : null})
    returning id`,
  );
  for (const [model, num] of o.lines ?? [])
    await query(
      db,
      sql`insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, line_ht)
      values (${row.id}, ${model}, 'REF', 'Article', 'pièce', 10, ${num}, 0.2, ${10 * num})`,
    );
  return { id: row.id, number };
}

export const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await query<T>(db, q))[0];
