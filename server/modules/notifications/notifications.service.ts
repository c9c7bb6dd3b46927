// Notifications (issue 12 item 9; decision 082). `addNotification(q, …)` is called by any module inside its
// own transaction (order planned, shipped, delivered, delivery rescheduled, return status, credit note,
// answer): the notice exists exactly when the change committed. Reads are scoped by the caller's id.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { notFound } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { NOTIFICATIONS_PAGE, notificationKey, type NotificationKind } from "#core/aftersales/notifications.ts";
import type { ReadNotificationInput } from "#core/validation/aftersales.ts";

export type NewNotification = {
  customerId: number;
  kind: NotificationKind;
  orderId?: number | null;
  /** The document's number as the customer knows it (order, return, credit note). */
  ref: string;
  /** Values of the text: dates as "YYYY-MM-DD" (formatted per language when read), statuses as keys. */
  vars?: Record<string, string | number>;
};

export type NotificationView = {
  id: number;
  kind: NotificationKind;
  order_id: number | null;
  ref: string;
  text: string;
  read: boolean;
  created_at: string;
};

/** Adds a notice for a customer with the caller's handle (join the caller's transaction). */
export async function addNotification(q: Db, n: NewNotification): Promise<number> {
  const [row] = await query<{ id: number }>(
    q,
    sql`insert into notifications (customer_id, kind, order_id, ref, vars)
    values (${n.customerId}, ${n.kind}, ${n.orderId ?? null}, ${n.ref}, ${JSON.stringify(n.vars ?? {})}::jsonb) returning id`,
  );
  return row.id;
}

const DATE_VAR = /^\d{4}-\d{2}-\d{2}$/;

/** The text of a notice in a language: date values formatted, a return status translated. */
export function notificationText(kind: NotificationKind, ref: string, vars: Record<string, string | number>, lang: Lang): string {
  const values: Record<string, string | number> = { ref };
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v === "string" && DATE_VAR.test(v)) values[k] = formatDate(v, lang);
    else if (k === "status") values[k] = translate(lang, `aftersales.return_status_${v}`);
    else values[k] = v;
  }
  return translate(lang, notificationKey(kind), values);
}

export async function unreadCount(q: Db, customerId: number): Promise<number> {
  const [{ n }] = await query<{ n: number }>(
    q,
    sql`select count(*)::int as n from notifications where customer_id = ${customerId} and read_at is null`,
  );
  return n;
}

export function createNotificationsService() {
  async function list(q: Db, customerId: number, lang: Lang): Promise<{ list: NotificationView[]; unread: number }> {
    const rows = await query<{
      id: number;
      kind: NotificationKind;
      order_id: number | null;
      ref: string;
      vars: Record<string, string | number> | string;
      read_at: string | null;
      created_at: string;
    }>(
      q,
      sql`select id, kind, order_id, ref, vars, read_at::text as read_at,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from notifications where customer_id = ${customerId} order by created_at desc, id desc limit ${NOTIFICATIONS_PAGE}`,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        order_id: r.order_id,
        ref: r.ref,
        text: notificationText(r.kind, r.ref, typeof r.vars === "string" ? JSON.parse(r.vars) : r.vars, lang),
        read: r.read_at !== null,
        created_at: r.created_at,
      })),
      unread: await unreadCount(q, customerId),
    };
  }

  /** Marks one of the caller's notices, or all of them, as read; another customer's id is not found. */
  async function markRead(q: Db, customerId: number, input: ReadNotificationInput): Promise<{ unread: number }> {
    if (input.all) {
      await query(q, sql`update notifications set read_at = now() where customer_id = ${customerId} and read_at is null`);
    } else {
      const hit = await query<{ id: number }>(
        q,
        sql`update notifications set read_at = coalesce(read_at, now()) where id = ${input.id!} and customer_id = ${customerId} returning id`,
      );
      if (hit.length === 0) throw notFound("aftersales.notification_not_found");
    }
    return { unread: await unreadCount(q, customerId) };
  }

  return { list, markRead, unreadCount };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
