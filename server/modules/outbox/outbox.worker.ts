// Sends the outbox (decision 062). A worker claims due rows in one statement (FOR UPDATE SKIP LOCKED, then
// locked_until): two processes never hold the same row. It sends outside any transaction, then marks the
// row sent. A failure waits an exponential backoff; after MAX attempts the row is given up (failed_at).
// A crash between claim and mark leaves the row locked until locked_until, then it is retried: delivery is
// at least once (a crash after the SMTP server accepted and before the mark sends the message again).
// Documents named by a message (`attachments`, decision 120) are rendered by `attach` just before its send; a
// rendering failure is a failed send, retried like any other.
import { sql } from "drizzle-orm";
import { preparedQuery, type Db } from "#server/db/client.ts";
import type { MailAttachmentRef, OutboxMail } from "#server/db/schema/index.ts";
import type { MailFile, Mailer } from "#server/mail.ts";
import { onMailEnqueued } from "./outbox.service.ts";

const OUTBOX_LOCK_MS = 120_000;

export type OutboxWorkerOptions = {
  /** Other processes' mail is found by polling; this process's mail wakes the worker at commit. */
  pollMs?: number;
  lockMs?: number;
  maxAttempts?: number;
  /** Wait before the next try after `attempts` failed tries. */
  backoffMs?: (attempts: number) => number;
  batch?: number;
  log?: { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };
  /** Renders the documents a message names (outside any transaction). */
  attach?: (refs: readonly MailAttachmentRef[]) => Promise<MailFile[]>;
};

export const defaultBackoff = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

type Claimed = { id: number; payload: OutboxMail; attempts: number };

export function createOutboxWorker(db: Db, mailer: Mailer, opts: OutboxWorkerOptions = {}) {
  const { pollMs = 5_000, lockMs = OUTBOX_LOCK_MS, maxAttempts = 8, backoffMs = defaultBackoff, batch = 10 } = opts;
  const log = opts.log ?? { warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  // An attempt is counted when claimed, so that a message that crashes the process is not retried forever.
  // The claim also marks `sent`, the messages of the batch before it that went out (decision 097: one statement
  // per batch instead of one per message; a crash between a send and its mark sends it again, as before).
  const claim = (sent: number[]) =>
    preparedQuery<Claimed>(
      db,
      sql`
    with sent as (${markSent(sent)})
    update outbox_messages m set locked_until = now() + make_interval(secs => ${lockMs / 1000}), attempts = m.attempts + 1
    from (select id from outbox_messages
          where sent_at is null and failed_at is null and available_at <= now() and (locked_until is null or locked_until <= now())
          order by available_at, id limit ${batch} for update skip locked) due
    where m.id = due.id
    returning m.id, m.payload, m.attempts`,
    );
  const markSent = (ids: number[]) =>
    sql`update outbox_messages set sent_at = now(), locked_until = null, last_error = null where id = any(${`{${ids.join(",")}}`}::int[])`;

  async function deliver(m: Claimed): Promise<boolean> {
    if (m.attempts > maxAttempts) {
      // claimed before by a process that died mid-send, on its last attempt
      await db.execute(sql`update outbox_messages set failed_at = now(), locked_until = null where id = ${m.id}`);
      return false;
    }
    try {
      const { attachments: refs, ...mail } = m.payload;
      if (refs?.length && !opts.attach) throw new Error("outbox: a message names attachments and no renderer was given");
      await mailer.send(refs?.length ? { ...mail, attachments: await opts.attach!(refs) } : mail);
    } catch (e) {
      const reason = String((e as Error)?.message ?? e).slice(0, 500);
      const giveUp = m.attempts >= maxAttempts;
      log.warn(
        { id: m.id, attempts: m.attempts, reason },
        giveUp ? "outbox: giving up on a message" : "outbox: sending failed, will retry",
      );
      await db.execute(sql`
        update outbox_messages set locked_until = null, last_error = ${reason},
          available_at = now() + make_interval(secs => ${backoffMs(m.attempts) / 1000}),
          failed_at = ${giveUp ? sql`now()` : sql`null`}
        where id = ${m.id}`);
      return false;
    }
    return true; // marked sent by the next claim (or at the end of the pass)
  }

  /** Sends every due message; returns how many were sent. Runs one at a time per worker. */
  async function drain(): Promise<number> {
    let sent = 0;
    let unmarked: number[] = [];
    try {
      do {
        again = false;
        for (;;) {
          if (stopped) return sent;
          const rows = await claim(unmarked);
          unmarked = [];
          if (!rows.length) break;
          // The batch's messages at once, over the mailer's pooled connections (decision 104): one after the other,
          // a burst of orders waited minutes for its confirmations. Those sent are marked by the next claim, right
          // after the slowest — or below, if recording a failure failed.
          const delivered = await Promise.allSettled(rows.map(deliver));
          rows.forEach((m, i) => {
            const d = delivered[i];
            if (d.status === "fulfilled" && d.value) unmarked.push(m.id);
          });
          sent += unmarked.length;
          const failed = delivered.find((d) => d.status === "rejected");
          if (failed) throw failed.reason;
        }
      } while (again && !stopped);
      return sent;
    } finally {
      if (unmarked.length) await db.execute(markSent(unmarked)); // stopped (or failed) after sending
    }
  }

  /** Runs a pass now, or right after the running one. Resolves with the count sent by that pass. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((e) => {
        log.error({ err: e }, "outbox: pass failed");
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  const wake = () => void runOnce();

  return {
    runOnce,
    wake,
    /** Whether it polls (the readiness check's). */
    started: () => !stopped && timer !== undefined,
    start() {
      stopped = false;
      unsubscribe = onMailEnqueued(wake);
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    /** Stops polling and waits for the message in flight (call before closing the database). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
