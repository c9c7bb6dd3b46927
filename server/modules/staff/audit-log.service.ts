// The audit log read by the back office (DESIGN §9): newest first, one page at a time, filtered by staff member,
// entity and a range of days (Europe/Paris, both days included). It reads only: audit rows are written by
// `staffWrite` (audited.ts) in the transaction of the write they record, and never changed.
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { auditLog, staffUsers } from "#server/db/schema/index.ts";
import { SHOP_TIME_ZONE } from "#core/format-date.ts";
import type { ListPage } from "#core/list-page.ts";
import type { AuditQuery } from "#core/validation/staff.ts";

/** One row as the audit page shows it. */
export type AuditRow = {
  id: number;
  at: string;
  staff_id: number;
  staff_name: string;
  ip: string;
  entity: string;
  entity_id: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
};

/** The moment a day (YYYY-MM-DD) starts in the shop's time zone. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`;
const nextDayStart = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;

export function createAuditLog() {
  async function list(q: Db, query: AuditQuery): Promise<ListPage<AuditRow>> {
    const where: SQL[] = [];
    if (query.staff_id !== undefined) where.push(eq(auditLog.staffId, query.staff_id));
    if (query.entity !== undefined) where.push(eq(auditLog.entity, query.entity));
    if (query.from !== undefined) where.push(gte(auditLog.at, dayStart(query.from)));
    if (query.to !== undefined) where.push(lt(auditLog.at, nextDayStart(query.to)));
    const filter = where.length ? and(...where) : undefined;
    const [{ total }] = await q.select({ total: count() }).from(auditLog).where(filter);
    const rows = await q
      .select({
        id: auditLog.id,
        at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        staff_id: auditLog.staffId,
        staff_name: staffUsers.name,
        ip: auditLog.ip,
        entity: auditLog.entity,
        entity_id: auditLog.entityId,
        action: auditLog.action,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .innerJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return { list: rows, total: Number(total), page: query.page, page_size: query.page_size };
  }

  /** The entities the log holds, for the filter's choices. */
  async function entities(q: Db): Promise<string[]> {
    const rows = await q.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
    return rows.map((r) => r.entity);
  }

  return { list, entities };
}

export type AuditLogService = ReturnType<typeof createAuditLog>;
