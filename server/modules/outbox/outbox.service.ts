// E-mails are rows written with the business transaction's handle (decision 062): they exist if and only
// if the use case committed, and the worker (outbox.worker.ts) sends them after the commit.
import { sql } from "drizzle-orm";
import { json, statement, type Filled } from "#server/db/statement.ts";
import type { Db } from "#server/db/client.ts";
import { afterCommit } from "#server/db/tx.ts";
import { outboxMessages, type OutboxMail } from "#server/db/schema/index.ts";

// One per process even when this module is loaded twice (server source and the page bundle).
const listeners: Set<() => void> = ((globalThis as Record<symbol, unknown>)[Symbol.for("comptoir.outbox")] ??= new Set<
  () => void
>()) as Set<() => void>;

/** Workers of this process subscribe to be woken right after a commit that enqueued mail. */
export function onMailEnqueued(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

export async function enqueueMail(q: Db, mail: OutboxMail): Promise<void> {
  await q.insert(outboxMessages).values({ kind: "email", payload: mail });
  afterCommit(() => listeners.forEach((cb) => cb()));
}

/**
 * enqueueMail as a statement, for a use case that sends it with others (preparedStatements). The workers are woken
 * after the commit, never after a rollback; call it inside the transaction that runs the statement.
 */
export function mailInsertSql(mail: OutboxMail): Filled {
  afterCommit(() => listeners.forEach((cb) => cb()));
  return mailInsert({ mail });
}
const mailInsert = statement(
  (p: { mail: OutboxMail }) => sql`insert into outbox_messages (kind, payload) values ('email', ${json(p.mail)}::jsonb)`,
);
