// Internal notes on an order: written by a role that edits orders, with its audit row in the same transaction; refused
// (nothing written) to a role that may not, and when blank or too long; listed newest first with their author; and
// never in any answer of the customer's order API. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, orderNotes } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { ORDER_NOTE_MAX } from "#core/validation/order-notes.ts";

const DOMAIN = "@comptoir-emballage.fr";

describe.each(testDbKinds())("internal notes on an order (%s)", (kind) => {
  let t: TestApp;
  let order: { id: number; number: string };
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const notesOf = (orderId: number) => t.app.services.db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId));

  beforeAll(async () => {
    t = await createTestApp(kind);
    [order] = await query<{ id: number; number: string }>(
      t.app.services.db,
      sql`select id, number from orders where customer_id = 1 order by id limit 1`,
    );
  });
  afterAll(() => t?.close());

  it("records a note with its audit row, and lists the notes newest first with their author", async () => {
    const { orderNotes: notes } = t.app.services;
    const service = await staffContextOf(t.app, `service-client${DOMAIN}`);
    const manager = await staffContextOf(t.app, `gerance${DOMAIN}`);
    const first = await notes.add(service, order.id, "  Client rappelé : livrer après 14 h.\n");
    await notes.add(manager, order.id, "Remise accordée par téléphone.");
    const listed = await notes.list(t.app.services.db, order.id);
    expect(listed.map((n) => [n.body, n.staff])).toEqual([
      ["Remise accordée par téléphone.", "Marc Lefèvre"],
      ["Client rappelé : livrer après 14 h.", "Li Wei"],
    ]);
    expect(listed[1].at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const audited = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "note")));
    expect(audited).toHaveLength(2);
    expect(audited.find((a) => a.staffId === service.staff.id)?.changes).toMatchObject({
      note_id: { after: first.id },
      note: { after: "Client rappelé : livrer après 14 h." },
    });
  });

  it("refuses a role that may not edit orders, a blank note, one too long and an unknown order: nothing written", async () => {
    const { orderNotes: notes } = t.app.services;
    const before = (await notesOf(order.id)).length;
    for (const email of ["entrepot", "planning", "comptabilite", "catalogue"]) {
      const ctx = await staffContextOf(t.app, `${email}${DOMAIN}`);
      expect(await refusal(notes.add(ctx, order.id, "Note")), email).toBe("admin.permission_denied");
    }
    const service = await staffContextOf(t.app, `service-client${DOMAIN}`);
    expect(await refusal(notes.add(service, order.id, " \n "))).toBe("admin.note_required");
    expect(await refusal(notes.add(service, order.id, "x".repeat(ORDER_NOTE_MAX + 1)))).toBe("admin.note_too_long");
    expect(await refusal(notes.add(service, 999_999, "Note"))).toBe("not_found");
    expect(await notesOf(order.id)).toHaveLength(before);
  });

  it("never shows a note in the customer's order API", async () => {
    const marker = "NOTE-INTERNE-7Q2";
    await t.app.services.orderNotes.add(await staffContextOf(t.app, `gerance${DOMAIN}`), order.id, `${marker} client difficile`);
    const token = await t.app.services.sessions.create(t.app.services.db, 1);
    const answers = [
      await get(t.app, "/site/Sale/orderDetial", { id: String(order.id) }, { token }),
      await get(t.app, "/site/Index/getOrder", { id: order.number }, { token }),
      await get(t.app, "/site/Sale/orderList", { page_size: "50" }, { token }),
      await get(t.app, "/site/Sale/orderTracking", {}, { token }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(marker);
    }
    expect(answers[0].json().data.number).toBe(order.number);
  });
});
