// Internal notes on an order (the back office's order page): a staff member who may edit orders writes one (an
// audited staff write); whoever reads the order in the back office reads them, newest first, with their author. The
// customer's pages and API never read them: only this service touches `order_notes`.
import { desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orderNotes, orders, staffUsers } from "#server/db/schema/index.ts";
import { can } from "#core/staff/permissions.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { orderNoteSchema } from "#core/validation/order-notes.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";

export type OrderNote = { id: number; at: string; body: string; staff: string };

export function createOrderNotes() {
  /** Adds the note to the order; a blank or too long text is refused with its message key. */
  async function add(ctx: StaffContext, orderId: number, text: string): Promise<{ id: number }> {
    if (!can(ctx.staff.roles, "orders:edit")) throw forbidden("admin.permission_denied");
    const parsed = orderNoteSchema.safeParse({ note: text });
    if (!parsed.success) throw refused(parsed.error.issues[0].message);
    const body = parsed.data.note;
    return staffWrite(ctx, async ({ db }, audit) => {
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      if (!o) throw notFound();
      const [note] = await db.insert(orderNotes).values({ orderId, staffId: ctx.staff.id, body }).returning({ id: orderNotes.id });
      await audit({ entity: "order", id: orderId, action: "note", after: { note_id: note.id, note: body } });
      return note;
    });
  }

  /** The order's notes, newest first. */
  async function list(q: Db, orderId: number): Promise<OrderNote[]> {
    const rows = await q
      .select({ id: orderNotes.id, at: orderNotes.at, body: orderNotes.body, staff: staffUsers.name })
      .from(orderNotes)
      .innerJoin(staffUsers, eq(staffUsers.id, orderNotes.staffId))
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(desc(orderNotes.at), desc(orderNotes.id));
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  return { add, list };
}

export type OrderNotesService = ReturnType<typeof createOrderNotes>;
