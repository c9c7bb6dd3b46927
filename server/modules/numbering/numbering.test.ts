// Gap-free yearly numbers on both databases; on PostgreSQL the transactions really overlap (pool of 10).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { numberingYear } from "#core/numbering.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { nextNumber, nextSequenceValue } from "./numbering.service.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
class Rollback extends Error {}

describe.each(testDbKinds())("numbering (%s)", (kind) => {
  let d: Database;
  beforeAll(async () => {
    d = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await d?.close();
  });

  const lastValue = async (k: string, year: number) =>
    (await query<{ last_value: number }>(d.db, sql`select last_value from number_sequences where kind = ${k} and year = ${year}`))[0]
      ?.last_value;

  it("starts a year at 1 and counts up, per kind", async () => {
    expect(await d.db.transaction((tx) => nextNumber(tx, "order", 2040))).toBe("CE2040-000001");
    expect(await d.db.transaction((tx) => nextNumber(tx, "order", 2040))).toBe("CE2040-000002");
    expect(await d.db.transaction((tx) => nextNumber(tx, "invoice", 2040))).toBe("FA2040-000001");
    expect(await lastValue("order", 2040)).toBe(2);
  });

  it("restarts at 1 in a new year, the old year's sequence untouched", async () => {
    for (let i = 0; i < 3; i++) await d.db.transaction((tx) => nextSequenceValue(tx, "credit_note", 2041));
    expect(await d.db.transaction((tx) => nextNumber(tx, "credit_note", 2042))).toBe("AV2042-000001");
    expect(await d.db.transaction((tx) => nextNumber(tx, "credit_note", 2041))).toBe("AV2041-000004");
  });

  it("numbers in the current Paris year by default", async () => {
    const year = numberingYear(new Date());
    const n = await d.db.transaction((tx) => nextNumber(tx, "quotation"));
    expect(n).toMatch(new RegExp(`^DV${year}-\\d{6}$`));
  });

  it("gives a rolled-back transaction's number to the next one (no gap)", async () => {
    await d.db.transaction((tx) => nextSequenceValue(tx, "order", 2043)); // 1
    let lost = 0;
    await expect(
      d.db.transaction(async (tx) => {
        lost = await nextSequenceValue(tx, "order", 2043);
        throw new Rollback("document insert failed");
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(lost).toBe(2);
    expect(await lastValue("order", 2043)).toBe(1);
    expect(await d.db.transaction((tx) => nextSequenceValue(tx, "order", 2043))).toBe(2);
    // the very first number of a year too: the row inserted by the rolled-back transaction is gone
    await expect(
      d.db.transaction(async (tx) => {
        await nextSequenceValue(tx, "invoice", 2044);
        throw new Rollback("first of the year rolled back");
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await lastValue("invoice", 2044)).toBeUndefined();
    expect(await d.db.transaction((tx) => nextSequenceValue(tx, "invoice", 2044))).toBe(1);
  });

  it("gives 50 concurrent transactions 1..50, no gap, no duplicate", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const got = await Promise.all(
      range(50).map(() =>
        d.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`); // the transaction has its connection
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          const v = await nextSequenceValue(tx, "invoice", 2045);
          await pause(2); // hold the row lock a moment, as a document insert would
          inFlight--;
          return v;
        }),
      ),
    );
    expect([...got].sort((a, b) => a - b)).toEqual(range(50));
    expect(await lastValue("invoice", 2045)).toBe(50);
    // On PostgreSQL the pool runs up to 10 transactions at once: the row lock, not the driver, serialises them.
    if (kind === "pg") expect(maxInFlight).toBeGreaterThan(1);
  });

  it("keeps the committed numbers gap-free when concurrent transactions roll back", async () => {
    const results = await Promise.allSettled(
      range(40).map((i) =>
        d.db.transaction(async (tx) => {
          const v = await nextSequenceValue(tx, "quotation", 2046);
          await pause(1);
          if (i % 4 === 0) throw new Rollback(`rolled back ${i}`);
          return v;
        }),
      ),
    );
    const committed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof Rollback)).toBe(true);
    expect(committed).toHaveLength(30);
    expect([...committed].sort((a, b) => a - b)).toEqual(range(30));
    expect(await lastValue("quotation", 2046)).toBe(30);
  });
});
