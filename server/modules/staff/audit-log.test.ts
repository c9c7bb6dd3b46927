// The audit log's read (DESIGN §9): newest first, paged on the server, filtered by staff member, entity and a range
// of days in the shop's time zone (both days included); the staff member's name comes with each row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { auditLog, staffUsers } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { auditQuerySchema } from "#core/validation/staff.ts";
import { createAuditLog } from "./audit-log.service.ts";
import { memberOf } from "./staff-sessions.service.ts";
import { createStaffTeam } from "./staff-team.service.ts";

describe.each(testDbKinds())("audit log (%s)", (kind) => {
  let d: Database;
  const log = createAuditLog();
  const ids: Record<string, number> = {};
  const query = (q: Record<string, unknown>) => auditQuerySchema.parse(q);

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    for (const u of await d.db.select().from(staffUsers)) ids[u.email.split("@")[0]] = u.id;
    // 2026-03-29: Paris goes from UTC+1 to UTC+2 at 01:00 UTC. Rows on both sides of each day's Paris midnight.
    const row = (staff: string, at: string, entity: string, action: string) => ({
      staffId: ids[staff],
      at: new Date(at),
      ip: "192.0.2.1",
      entity,
      entityId: "7",
      action,
      changes: { name: { before: "a", after: at } },
    });
    await d.db.insert(auditLog).values([
      row("direction", "2026-03-27T22:59:59Z", "product", "p1"), // 27 March 23:59:59 in Paris (UTC+1)
      row("direction", "2026-03-27T23:00:00Z", "product", "p2"), // 28 March 00:00 in Paris
      row("gerance", "2026-03-28T12:00:00Z", "order", "o1"),
      row("direction", "2026-03-28T22:00:00Z", "staff", "s1"), // 28 March 23:00 in Paris (UTC+1)
      row("gerance", "2026-03-28T23:00:00Z", "product", "p3"), // 29 March 00:00 in Paris
      row("direction", "2026-03-29T21:59:00Z", "order", "o2"), // 29 March 23:59 in Paris (UTC+2)
      row("direction", "2026-03-29T22:00:00Z", "order", "o3"), // 30 March 00:00 in Paris
    ]);
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("answers the newest first, one page at a time, with the total and the staff member's name", async () => {
    const first = await log.list(d.db, query({ page_size: "3" }));
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 3 });
    expect(first.list.map((r) => r.action)).toEqual(["o3", "o2", "p3"]);
    expect(first.list[0]).toMatchObject({
      at: "2026-03-29T22:00:00.000Z",
      staff_id: ids.direction,
      staff_name: DEMO_STAFF[0].name,
      ip: "192.0.2.1",
      entity: "order",
      entity_id: "7",
      changes: { name: { before: "a", after: "2026-03-29T22:00:00Z" } },
    });
    expect((await log.list(d.db, query({ page_size: "3", page: "2" }))).list.map((r) => r.action)).toEqual(["s1", "o1", "p2"]);
    const last = await log.list(d.db, query({ page_size: "3", page: "3" }));
    expect(last.list.map((r) => r.action)).toEqual(["p1"]);
    expect(last.total).toBe(7);
    const past = await log.list(d.db, query({ page_size: "3", page: "4" }));
    expect(past).toMatchObject({ list: [], total: 7, page: 4 });
    // the page's default size: 50
    expect((await log.list(d.db, query({}))).page_size).toBe(50);
  });

  it("filters by staff member and entity, together, the total counting the filtered rows", async () => {
    const mine = await log.list(d.db, query({ staff_id: String(ids.gerance) }));
    expect(mine.list.map((r) => r.action)).toEqual(["p3", "o1"]);
    expect(mine.total).toBe(2);
    const orders = await log.list(d.db, query({ entity: "order" }));
    expect(orders.list.map((r) => r.action)).toEqual(["o3", "o2", "o1"]);
    const both = await log.list(d.db, query({ entity: "product", staff_id: String(ids.direction), page_size: "1" }));
    expect(both.list.map((r) => r.action)).toEqual(["p2"]);
    expect(both.total).toBe(2);
    expect((await log.list(d.db, query({ entity: "nothing" }))).total).toBe(0);
    expect((await log.list(d.db, query({ staff_id: String(ids.entrepot) }))).total).toBe(0);
    // blank filters are no filters
    expect((await log.list(d.db, query({ staff_id: "", entity: " ", from: "", to: "" }))).total).toBe(7);
  });

  it("reads days in the shop's time zone, both ends included, across the change to summer time", async () => {
    const day = async (from?: string, to?: string) => (await log.list(d.db, query({ from, to }))).list.map((r) => r.action);
    expect(await day("2026-03-28", "2026-03-28")).toEqual(["s1", "o1", "p2"]);
    expect(await day("2026-03-29", "2026-03-29")).toEqual(["o2", "p3"]);
    expect(await day("2026-03-27", "2026-03-27")).toEqual(["p1"]);
    expect(await day("2026-03-30")).toEqual(["o3"]);
    expect(await day(undefined, "2026-03-27")).toEqual(["p1"]);
    expect(await day("2026-03-28", "2026-03-29")).toEqual(["o2", "p3", "s1", "o1", "p2"]);
    expect(await day("2026-04-01")).toEqual([]);
  });

  it("lists a real staff write's row and the entities the log holds, and changes nothing", async () => {
    const [owner] = await d.db.select().from(staffUsers).where(eq(staffUsers.id, ids.direction));
    const team = createStaffTeam({ publicUrl: "https://shop.test" });
    await team.setRoles({ db: d.db, staff: memberOf(owner), lang: "fr", ip: "198.51.100.4" }, ids.catalogue, ["catalogue", "planner"]);
    const [row] = (await log.list(d.db, query({ entity: "staff", staff_id: String(ids.direction) }))).list;
    expect(row).toMatchObject({
      entity: "staff",
      entity_id: String(ids.catalogue),
      action: "set_roles",
      ip: "198.51.100.4",
      changes: { roles: { before: ["catalogue"], after: ["catalogue", "planner"] } },
    });
    expect(await log.entities(d.db)).toEqual(["order", "product", "staff"]);
    const before = await d.db.select().from(auditLog);
    await log.list(d.db, query({ entity: "staff" }));
    expect(await d.db.select().from(auditLog)).toEqual(before);
  });
});
