// Statement templates (decision 126): built once, filled on each run with what a direct build would send, and a
// build that does anything with a value but place it is refused outside production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { idList, preparedQuery, preparedStatements, query, type Database } from "#server/db/client.ts";
import { sqlToQuery } from "#server/db/driver.ts";
import { withTransaction } from "#server/db/tx.ts";
import { filledQuery, json, statement } from "#server/db/statement.ts";
import { idempotencyKeys } from "#server/db/schema/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";

describe.each(testDbKinds())("statement templates (%s)", (kind) => {
  let d: Database;
  beforeAll(async () => {
    d = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await d?.close();
  });

  const sum = statement(
    (p: { ids: number[]; rows: { n: number }[]; label: string | null }) => sql`
      select (select count(*)::int from unnest(${idList(p.ids)}) i) as ids,
             (select sum(n)::int from json_to_recordset(${json(p.rows)}::json) as r(n int)) as total,
             ${p.label}::text as label`,
  );

  it("answers with this run's values, lists and JSON included, as the direct build does", async () => {
    for (const [ids, rows, label] of [
      [[1, 2, 3], [{ n: 2 }, { n: 5 }], "a"],
      [[], [{ n: 1 }], null],
    ] as const) {
      const run = sum({ ids: [...ids], rows: [...rows], label });
      expect(await preparedQuery(d.db, run)).toEqual([{ ids: ids.length, total: rows.reduce((a, r) => a + r.n, 0), label }]);
      expect(await query(d.db, run)).toEqual(await preparedQuery(d.db, run));
    }
  });

  it("fills a builder's statement with its columns' encoders (JSON), the same text on every run", async () => {
    const finish = statement((k: { id: number; response: object | null }, db) =>
      db.update(idempotencyKeys).set({ response: k.response }).where(eq(idempotencyKeys.id, k.id)),
    );
    const a = filledQuery(d.db, finish({ id: 7, response: { ok: 1 } }));
    const b = filledQuery(d.db, finish({ id: 8, response: null }));
    expect(a.sql).toBe(b.sql);
    expect(a.params).toEqual(['{"ok":1}', 7]);
    expect(b.params).toEqual([null, 8]);
    // the direct build's parameters
    expect(a.params).toEqual(
      sqlToQuery(
        d.db,
        sql`${d.db
          .update(idempotencyKeys)
          .set({ response: { ok: 1 } })
          .where(eq(idempotencyKeys.id, 7))}`,
      ).params,
    );
  });

  it("refuses a build that branches on a value or lets drizzle expand it", async () => {
    const branching = statement((p: { n: number }) => (p.n ? sql`select ${p.n}::int as v` : sql`select 0 as v`));
    expect(() => filledQuery(d.db, branching({ n: 0 }))).toThrow("statement template differs");
    const expanding = statement((p: { ids: number[] }) => sql`select 1 where 1 in ${p.ids}`);
    expect(() => filledQuery(d.db, expanding({ ids: [1, 2] }))).toThrow("statement template differs");
  });

  it("takes a spread build's keys from the first run, and refuses a run with other keys", async () => {
    const key = statement((k: { customerId: number; scope: string; key: string; requestHash?: string }, db) =>
      db.insert(idempotencyKeys).values({ requestHash: "h", ...k }),
    );
    const first = filledQuery(d.db, key({ customerId: 1, scope: "s", key: "a" }));
    expect(filledQuery(d.db, key({ customerId: 2, scope: "s", key: "b" })).sql).toBe(first.sql);
    expect(() => filledQuery(d.db, key({ customerId: 2, scope: "s", key: "b", requestHash: "x" }))).toThrow("statement template differs");
  });

  it("runs among other statements in one write, in the caller's transaction", async () => {
    const rows = await withTransaction(d.db, (tx) =>
      preparedStatements<[{ total: number }[], { v: number }[]]>(tx, [sum({ ids: [1], rows: [{ n: 4 }], label: "x" }), sql`select 2 as v`]),
    );
    expect(rows[0][0].total).toBe(4);
    expect(rows[1]).toEqual([{ v: 2 }]);
  });
});
