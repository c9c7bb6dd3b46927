// The in-memory unread counts (decision 088): held until a change is notified, and never kept when a change
// was notified while the count was being read. Counts here are not connected to the database's notifications,
// so only what the test does drops them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { addNotification, createUnreadCounts } from "./notifications.service.ts";

describe.each(testDbKinds())("unread notices counts on %s", (kind) => {
  let database: Database;
  let customer: number;
  const addUnread = () =>
    query(database.db, sql`insert into notifications (customer_id, kind, ref) values (${customer}, 'order_shipped', 'T')`);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemo(database.db, { size: "small" });
    [{ id: customer }] = await query<{ id: number }>(database.db, sql`select id from customers order by id limit 1`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("holds a count until that customer's count is dropped", async () => {
    const counts = createUnreadCounts();
    const n = await counts.get(database.db, customer);
    await addUnread();
    expect(await counts.get(database.db, customer)).toBe(n); // held
    counts.forget([customer + 1]);
    expect(await counts.get(database.db, customer)).toBe(n); // another customer's drop leaves it
    counts.forget([customer]);
    expect(await counts.get(database.db, customer)).toBe(n + 1);
    await addUnread();
    counts.forget(null);
    expect(await counts.get(database.db, customer)).toBe(n + 2);
  });

  it("does not keep a count read while a change was notified", async () => {
    const counts = createUnreadCounts();
    const reading = counts.get(database.db, customer);
    counts.forget([customer]); // the notification of a change that the read may predate
    const n = await reading;
    await addUnread();
    expect(await counts.get(database.db, customer)).toBe(n + 1);
  });

  it("does not keep a count read inside a transaction, and a notice added by this process drops it after commit", async () => {
    const counts = createUnreadCounts();
    const n = await counts.get(database.db, customer);
    await withTransaction(database.db, async (tx) => {
      await addNotification(tx, { customerId: customer, kind: "order_shipped", ref: "T" });
      expect(await counts.get(tx, customer)).toBe(n + 1); // its own uncommitted row, not cached
      expect(counts.size()).toBe(1);
    });
    expect(await counts.get(database.db, customer)).toBe(n + 1);
  });
});
