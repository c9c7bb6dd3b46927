// Every staff write is audited in its own transaction (DESIGN §9): `staffWrite` runs the write's steps in one
// transaction and hands them `audit`, which records who, from where, what entity and the before/after difference.
// Before the commit it checks, in the database, that a transaction that wrote anything holds an audit row of its
// own (`audit_log.xact`): a staff write without its audit row rolls back. Inside, a query on the pool throws
// (tx.ts), so nothing escapes the transaction. The database refuses to change or remove audit rows.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { auditDiff } from "#core/audit-diff.ts";
import type { Lang } from "#core/lang.ts";
import type { StaffMember } from "./staff-sessions.service.ts";

/** The context of a staff use case: the database, the staff member, the language of the answer, their address. */
export type StaffContext = { db: Db; staff: StaffMember; lang: Lang; ip: string };

export type AuditEntry = {
  entity: string;
  id: string | number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export type Audit = (entry: AuditEntry) => Promise<void>;

/** Thrown when a staff write would commit without its audit row: a bug of the write, never of the user. */
export class UnauditedWrite extends Error {
  constructor() {
    super("a staff write without its audit row");
  }
}

export async function staffWrite<T>(ctx: StaffContext, steps: (tx: StaffContext, audit: Audit) => Promise<T>): Promise<T> {
  return withTransaction(ctx.db, async (db) => {
    const audit: Audit = async (e) => {
      await db.insert(auditLog).values({
        staffId: ctx.staff.id,
        ip: ctx.ip.slice(0, 100),
        entity: e.entity,
        entityId: String(e.id),
        action: e.action,
        changes: auditDiff(e.before ?? null, e.after ?? null),
      });
    };
    const result = await steps({ ...ctx, db }, audit);
    const [check] = await query<{ wrote: boolean; audited: boolean }>(
      db,
      sql`select pg_current_xact_id_if_assigned() is not null as wrote,
                 exists (select 1 from audit_log where xact = pg_current_xact_id_if_assigned()::text::bigint) as audited`,
    );
    if (check.wrote && !check.audited) throw new UnauditedWrite();
    return result;
  });
}
