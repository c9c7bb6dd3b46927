// Notifications (decision 082). `addNotification(q, …)` is called by any module inside its
// own transaction (order planned, shipped, delivered, delivery rescheduled, return status, credit note,
// answer): the notice exists exactly when the change committed. Reads are scoped by the caller's id.
// The unread count (asked by every page's session call) is kept in memory per customer (decision 088).
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { notifications } from "#server/db/schema/index.ts";
import { afterCommit, isTransaction } from "#server/db/tx.ts";
import { notFound } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { NOTIFICATIONS_PAGE, notificationKey, type NotificationKind } from "#core/aftersales/notifications.ts";
import type { ReadNotificationInput } from "#core/validation/aftersales.ts";
import type { NotificationAnswer, UnreadAnswer } from "#core/contracts/aftersales.ts";

type NewNotification = {
  customerId: number;
  kind: NotificationKind;
  orderId?: number | null;
  /** The document's number as the customer knows it (order, return, credit note). */
  ref: string;
  /** Values of the text: dates as "YYYY-MM-DD" (formatted per language when read), statuses as keys. */
  vars?: Record<string, string | number>;
};

/** The unread counts of this process's services: a change committed here drops the customer's count at once,
 * before the database's notification (migration 0020) reaches every process. */
const localCounts = new Set<UnreadCounts>();
const forgetHere = (customerId: number) => afterCommit(() => localCounts.forEach((c) => c.forget([customerId])));

/** Adds a notice for a customer with the caller's handle (join the caller's transaction). */
export async function addNotification(q: Db, n: NewNotification): Promise<number> {
  const [row] = await q
    .insert(notifications)
    .values({ customerId: n.customerId, kind: n.kind, orderId: n.orderId ?? null, ref: n.ref, vars: n.vars ?? {} })
    .returning({ id: notifications.id });
  forgetHere(n.customerId);
  return row.id;
}

const DATE_VAR = /^\d{4}-\d{2}-\d{2}$/;

/** The text of a notice in a language: date values formatted, a return status translated. */
function notificationText(kind: NotificationKind, ref: string, vars: Record<string, string | number>, lang: Lang): string {
  const values: Record<string, string | number> = { ref };
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v === "string" && DATE_VAR.test(v)) values[k] = formatDate(v, lang);
    else if (k === "status") values[k] = translate(lang, `aftersales.return_status_${v}`);
    else values[k] = v;
  }
  return translate(lang, notificationKey(kind), values);
}

async function countUnread(q: Db, customerId: number): Promise<number> {
  const [{ n }] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
  return n;
}

const COUNTS_MAX = 10_000;
const COUNT_TTL_MS = 10 * 60_000; // a bound only: counts are dropped on every committed change

/**
 * Unread counts by customer. A count is dropped when the database notifies a change of that customer's
 * notifications (every process, migration 0020; all of them on '*', sent after a lost listener connection)
 * and by this process's own writes after they commit. A count read while a change was being notified is
 * not kept (generation check): it may predate the change. Reads inside a transaction are never cached.
 */
export function createUnreadCounts() {
  const counts = new Map<number, { n: number; until: number }>();
  let generation = 0;
  const self = {
    async get(q: Db, customerId: number): Promise<number> {
      if (isTransaction(q)) return countUnread(q, customerId); // sees its own uncommitted rows; may roll back
      const now = Date.now();
      const hit = counts.get(customerId);
      if (hit && hit.until > now) return hit.n;
      const since = generation;
      const n = await countUnread(q, customerId);
      if (since === generation) {
        counts.delete(customerId); // re-inserted last: the oldest entries leave first
        if (counts.size >= COUNTS_MAX) counts.delete(counts.keys().next().value!);
        counts.set(customerId, { n, until: now + COUNT_TTL_MS });
      }
      return n;
    },
    /** Drops the counts of these customers, or every count (`null`). */
    forget(customers: number[] | null) {
      generation++;
      if (customers === null) counts.clear();
      else for (const id of customers) counts.delete(id);
    },
    size: () => counts.size,
  };
  localCounts.add(self);
  return self;
}

type UnreadCounts = ReturnType<typeof createUnreadCounts>;

export function createNotificationsService() {
  const unread = createUnreadCounts();
  /** The caller's unread count (cached: the session call of every page asks for it). */
  const unreadCount = ({ db, customer }: Context) => unread.get(db, customer.id);

  async function list({ db: q, customer, lang }: Context): Promise<{ list: NotificationAnswer[]; unread: number }> {
    const customerId = customer.id;
    const t = notifications;
    const createdAt = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
    const rows = await q
      .select({
        id: t.id,
        kind: sql<NotificationKind>`${t.kind}`,
        orderId: t.orderId,
        ref: t.ref,
        vars: t.vars,
        readAt: t.readAt,
        createdAt,
      })
      .from(t)
      .where(eq(t.customerId, customerId))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(NOTIFICATIONS_PAGE);
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        order_id: r.orderId,
        ref: r.ref,
        text: notificationText(r.kind, r.ref, r.vars, lang),
        read: r.readAt !== null,
        created_at: r.createdAt,
      })),
      unread: await countUnread(q, customerId),
    };
  }

  /** Marks one of the caller's notices, or all of them, as read; another customer's id is not found. */
  async function markRead({ db: q, customer }: Context, input: ReadNotificationInput): Promise<UnreadAnswer> {
    const customerId = customer.id;
    if (input.all) {
      await q
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
    } else {
      const hit = await q
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, input.id!), eq(notifications.customerId, customerId)))
        .returning({ id: notifications.id });
      if (hit.length === 0) throw notFound("aftersales.notification_not_found");
    }
    forgetHere(customerId);
    return { unread: await countUnread(q, customerId) };
  }

  return { list, markRead, unreadCount, forgetUnread: unread.forget };
}
