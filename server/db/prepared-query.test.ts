// preparedQuery (decision 093): the same rows as query(), in a transaction or on the pool; on PostgreSQL a
// named statement the connection keeps (parsed once), on PGlite a plain query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { preparedQuery, query, type Database } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";

describe.each(testDbKinds())("preparedQuery (%s)", (kind) => {
  let d: Database;
  beforeAll(async () => {
    d = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await d?.close();
  });

  const statement = (n: number) => sql`select ${n}::int + 1 as v, 'prepared-query-test' as tag`;

  it("answers what query() answers, with other parameters on each run", async () => {
    for (const n of [1, 2, 3]) expect(await preparedQuery(d.db, statement(n))).toEqual(await query(d.db, statement(n)));
  });

  it("runs in the caller's transaction, and a rollback undoes its writes", async () => {
    await query(d.db, sql`create table if not exists prepared_test (v int)`);
    await expect(
      withTransaction(d.db, async (tx) => {
        await preparedQuery(tx, sql`insert into prepared_test (v) values (${7})`);
        expect(await preparedQuery<{ n: number }>(tx, sql`select count(*)::int as n from prepared_test`)).toEqual([{ n: 1 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await query<{ n: number }>(d.db, sql`select count(*)::int as n from prepared_test`)).toEqual([{ n: 0 }]);
  });

  it.runIf(kind === "pg")("is a named statement kept by the connection on PostgreSQL, one per text", async () => {
    const prepared = await withTransaction(d.db, async (tx) => {
      for (const n of [1, 2, 3]) await preparedQuery(tx, statement(n));
      return query<{ name: string; n: number }>(
        tx,
        sql`select name, count(*) over ()::int as n from pg_prepared_statements where statement like '%prepared-query-test%'`,
      );
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0].name).toMatch(/^q[0-9a-f]{24}$/);
  });
});
