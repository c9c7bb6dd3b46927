// Transactions in fewer round trips (decision 106): BEGIN with the first statement, COMMIT with the final one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  finalStatement,
  finalStatements,
  preparedQuery,
  preparedStatements,
  query,
  unnamed,
  type Database,
  type Db,
} from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { roundTrips } from "#server/test/round-trips.ts";

describe.each(testDbKinds())("pipelined transactions on %s", (kind) => {
  let database: Database;
  let db: Db;
  const rows = async (name: string) => (await query<{ name: string }>(db, sql`select name from pt_items where name = ${name}`)).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await query(db, sql`create table pt_items (id serial primary key, name text not null unique, n int not null default 0)`);
  });
  afterAll(() => database.close());

  it("rolls the whole transaction back when the final statement raises, the statements before it included", async () => {
    const e = await withTransaction(db, async (tx) => {
      await query(tx, sql`insert into pt_items (name) values ('raised-1')`);
      await finalStatement(tx, sql`insert into pt_items (name) select 'raised-2' where 1 / 0 = 1`);
    }).catch((x: unknown) => x);
    expect(String((e as { cause?: unknown }).cause ?? e)).toMatch(/division by zero/);
    expect(await rows("raised-1")).toBe(0);
    expect(await rows("raised-2")).toBe(0);
    // the connection went back to the pool usable
    await withTransaction(db, (tx) => finalStatement(tx, sql`insert into pt_items (name) values ('after-raise')`));
    expect(await rows("after-raise")).toBe(1);
  });

  it("treats the final statement of a use case that joined its caller's transaction as a plain statement", async () => {
    const e = await withTransaction(db, async (tx) => {
      await withTransaction(tx, (inner) => finalStatement(inner, sql`insert into pt_items (name) values ('joined')`));
      await query(tx, sql`insert into pt_items (name) values ('joined-after')`); // still in the caller's transaction
      throw new Error("the caller fails after");
    }).catch((x: Error) => x);
    expect((e as Error).message).toBe("the caller fails after");
    expect(await rows("joined")).toBe(0);
    expect(await rows("joined-after")).toBe(0);
  });

  it("commits a transaction without a final statement when the use case returns, and rolls it back when it throws", async () => {
    await withTransaction(db, async (tx) => {
      await query(tx, sql`insert into pt_items (name) values ('plain-1')`);
      await preparedQuery(tx, sql`insert into pt_items (name) values (${"plain-2"})`);
    });
    expect((await rows("plain-1")) + (await rows("plain-2"))).toBe(2);
    await withTransaction(db, async (tx) => {
      await query(tx, sql`insert into pt_items (name) values ('thrown')`);
      throw new Error("no");
    }).catch(() => undefined);
    expect(await rows("thrown")).toBe(0);
  });

  it("runs statements given together in order, each one's rows answered, and commits them with a final set", async () => {
    const [before, inserted, after] = await withTransaction(db, (tx) =>
      finalStatements<[{ n: number }[], { name: string }[], { n: number }[]]>(tx, [
        sql`select count(*)::int as n from pt_items where name like ${"together-%"}`,
        sql`insert into pt_items (name) values (${"together-1"}), (${"together-2"}) returning name`,
        sql`select count(*)::int as n from pt_items where name like ${"together-%"}`,
      ]),
    );
    expect([before, inserted, after]).toEqual([[{ n: 0 }], [{ name: "together-1" }, { name: "together-2" }], [{ n: 2 }]]);
    expect(await rows("together-2")).toBe(1);
  });

  it("sends a statement given as unnamed, parsed where it stands, and answers no rows for one left out", async () => {
    for (const n of [1, 3, 2]) {
      const names = Array.from({ length: n }, (_, i) => `unnamed-${n}-${i}`);
      const [inserted, none, [{ count }]] = await withTransaction(db, (tx) =>
        finalStatements<[{ name: string }[], unknown[], { count: number }[]]>(tx, [
          unnamed(
            sql`insert into pt_items (name) values ${sql.join(
              names.map((x) => sql`(${x})`),
              sql`, `,
            )} returning name`,
          ),
          null,
          sql`select count(*)::int as count from pt_items where name like ${`unnamed-${n}-%`}`,
        ]),
      );
      expect(inserted.map((r) => r.name)).toEqual(names);
      expect(none).toEqual([]);
      expect(count).toBe(n);
    }
  });

  it("skips the statements after a failing one and rolls the transaction back", async () => {
    const together = (tx: Db, name: string) =>
      preparedStatements(tx, [
        sql`insert into pt_items (name) values (${name})`,
        sql`insert into pt_items (name) select ${name + "-bad"} where 1 / ${0}::int = 1`,
        sql`insert into pt_items (name) values (${name + "-after"})`,
      ]);
    // twice each: the first run parses the statements one by one, the next sends them together
    for (const name of ["skipped-1", "skipped-2"]) {
      const e = await withTransaction(db, (tx) => together(tx, name)).catch((x: unknown) => x);
      expect(String((e as { cause?: unknown }).cause ?? e)).toMatch(/division by zero/);
      expect((await rows(name)) + (await rows(`${name}-after`))).toBe(0);
    }
    // the connections went back to the pool usable, their statements still prepared
    const [[{ n }]] = await withTransaction(db, (tx) =>
      preparedStatements<[{ n: number }[]]>(tx, [sql`select count(*)::int as n from pt_items where name like ${"skipped-%"}`]),
    );
    expect(n).toBe(0);
  });

  describe.runIf(kind === "pg")("on PostgreSQL", () => {
    let other: pg.Client;

    beforeAll(async () => {
      // a second connection, as another process would have
      const [{ current_database: name }] = await query<{ current_database: string }>(db, sql`select current_database()`);
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      other = new pg.Client({ connectionString: u.href });
      await other.connect();
    });
    afterAll(() => other.end());

    it("sends BEGIN with the first statement and COMMIT with the final one: one round trip each", async () => {
      const two = await roundTrips(db, () =>
        withTransaction(db, async (tx) => {
          await preparedQuery(tx, sql`select count(*) from pt_items`);
          await finalStatement(tx, sql`insert into pt_items (name) values (${"trips-1"})`);
        }),
      );
      expect(two).toBe(2); // drizzle's own transactions took 4: BEGIN, the two statements, COMMIT
      const three = await roundTrips(db, () =>
        withTransaction(db, async (tx) => {
          await preparedQuery(tx, sql`select count(*) from pt_items`);
          await query(tx, sql`insert into pt_items (name) values ('trips-2')`);
        }),
      );
      expect(three).toBe(3); // without a final statement, COMMIT on its own
      expect(await roundTrips(db, () => withTransaction(db, async () => 1))).toBe(0); // nothing sent for nothing done
      expect((await rows("trips-1")) + (await rows("trips-2"))).toBe(2);
    });

    it("sends statements given together in one round trip, BEGIN and COMMIT with them", async () => {
      const together = (tx: Db) =>
        finalStatements(tx, [
          sql`select count(*) from pt_items where name = ${"one-trip"}`,
          sql`insert into pt_items (name) values (${"one-trip"}) on conflict (name) do nothing`,
        ]);
      for (let i = 0; i < 12; i++) await withTransaction(db, together); // every pooled connection has parsed them
      expect(await roundTrips(db, () => withTransaction(db, together))).toBe(1);
    });

    it("runs a statement sent after one that waited for a lock with a snapshot taken after the wait", async () => {
      await query(db, sql`insert into pt_items (name) values ('gate')`);
      const read = (tx: Db) =>
        preparedStatements<[unknown[], { n: number }[]]>(tx, [
          sql`select id from pt_items where name = ${"gate"} for update`,
          sql`select count(*)::int as n from pt_items where name like ${"behind-gate-%"}`,
        ]);
      for (let i = 0; i < 12; i++) await withTransaction(db, read);
      await other.query("begin");
      await other.query("select id from pt_items where name = 'gate' for update");
      await other.query("insert into pt_items (name) values ('behind-gate-1')");
      const waiting = withTransaction(db, read);
      await new Promise((r) => setTimeout(r, 200)); // the batch is sent and waits for the lock
      await other.query("commit");
      const [, [{ n }]] = await waiting;
      expect(n).toBe(1);
    });

    it("has committed and released its locks when the final statement returns, before the use case does", async () => {
      await query(db, sql`insert into pt_items (name) values ('locked')`);
      await withTransaction(db, async (tx) => {
        await query(tx, sql`select 1`);
        await finalStatement(tx, sql`update pt_items set n = n + 1 where name = 'locked'`);
        // another connection sees the change and takes the row's lock at once: the commit went with the statement
        expect((await other.query("select n from pt_items where name = 'locked'")).rows[0].n).toBe(1);
        await other.query("set lock_timeout = '2s'");
        await other.query("update pt_items set n = n + 10 where name = 'locked'");
      });
      expect((await other.query("select n from pt_items where name = 'locked'")).rows[0].n).toBe(11);
    });

    it("refuses a query after the final statement, which stays committed", async () => {
      const e = await withTransaction(db, async (tx) => {
        await finalStatement(tx, sql`insert into pt_items (name) values ('final-then')`);
        await query(tx, sql`insert into pt_items (name) values ('outside')`);
      }).catch((x: unknown) => x);
      expect(String((e as { cause?: unknown }).cause ?? e)).toMatch(/after the transaction's final statement/);
      expect(await rows("final-then")).toBe(1);
      expect(await rows("outside")).toBe(0);
    });

    it("parses a named statement again after it failed to parse in a pipeline with BEGIN", async () => {
      const read = (tx: Db) => preparedQuery(tx, sql`select count(*)::int as n from pt_later`);
      for (let i = 0; i < 3; i++) await expect(withTransaction(db, read)).rejects.toThrow();
      await query(db, sql`create table pt_later (id int)`);
      for (let i = 0; i < 3; i++) expect(await withTransaction(db, read)).toEqual([{ n: 0 }]);
    });
  });
});
