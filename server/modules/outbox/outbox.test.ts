// The e-mail outbox (decision 062) against a real SMTP server: sent after commit, retried with backoff while
// SMTP is down, given up after the last attempt, retried after a crash, and sent once by two workers.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";
import { createMailer, type Mailer } from "#server/mail.ts";
import { enqueueMail } from "./outbox.service.ts";
import { createOutboxWorker, defaultBackoff, type OutboxWorker, type OutboxWorkerOptions } from "./outbox.worker.ts";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
type Row = {
  id: number;
  attempts: number;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  available_at: string;
};

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testDbKinds())("outbox on %s", (kind) => {
  let database: Database;
  let db: Db;
  let smtp: Smtp;
  const workers: OutboxWorker[] = [];
  const mailers: Mailer[] = [];
  const worker = (opts: OutboxWorkerOptions = {}) => {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: "shop@exemple.fr", DATA_DIR: "/nonexistent" });
    mailers.push(mailer);
    const w = createOutboxWorker(db, mailer, {
      pollMs: 60_000,
      log: quiet,
      ...opts,
    });
    workers.push(w);
    return w;
  };
  const rows = (to: string) => query<Row>(db, sql`select * from outbox_messages where payload->>'to' = ${to} order by id`);
  const mail = (to: string, subject = "Votre commande") => ({ to, subject, text: `Bonjour ${to}` });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    for (const m of mailers.splice(0)) m.close?.();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("sends a message right after the commit that wrote it, once", async () => {
    worker().start();
    await withTransaction(db, (tx) => enqueueMail(tx, mail("a@exemple.fr")));
    await vi.waitFor(() => expect(smtp.received.filter((r) => r.to.includes("a@exemple.fr"))).toHaveLength(1), { timeout: 3000 });
    await vi.waitFor(async () =>
      expect((await rows("a@exemple.fr"))[0]).toMatchObject({ attempts: 1, sent_at: expect.anything(), failed_at: null }),
    );
  });

  it("sends a message's extra headers (a newsletter's List-Unsubscribe, decision 147)", async () => {
    const url = "https://shop.example/newsletter/desinscription?s=1&t=x";
    const headers = { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await withTransaction(db, (tx) => enqueueMail(tx, { ...mail("h@exemple.fr"), headers }));
    expect(await worker().runOnce()).toBe(1);
    const raw = smtp.received.find((r) => r.to.includes("h@exemple.fr"))!.raw;
    expect(raw).toContain(`List-Unsubscribe: <${url}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("sends nothing for a rolled-back use case", async () => {
    await expect(
      withTransaction(db, async (tx) => {
        await enqueueMail(tx, mail("b@exemple.fr"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow();
    expect(await worker().runOnce()).toBe(0);
    expect(await rows("b@exemple.fr")).toEqual([]);
  });

  it("sends a batch over one pooled SMTP connection, reused by the next batch (decision 104)", async () => {
    const w = worker();
    const before = smtp.connections();
    await withTransaction(db, async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6]) await enqueueMail(tx, mail(`pool${n}@exemple.fr`));
    });
    expect(await w.runOnce()).toBe(6);
    await withTransaction(db, (tx) => enqueueMail(tx, mail("pool7@exemple.fr")));
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received.filter((r) => r.to[0].startsWith("pool"))).toHaveLength(7);
    // Six messages at once open at most the pool's three connections; the next batch opens none.
    expect(smtp.connections() - before).toBeLessThanOrEqual(3);
  });

  it("retries with backoff while SMTP is down and sends once it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    try {
      const w = worker({ backoffMs: () => 400 });
      await enqueueMail(db, mail("c@exemple.fr"));
      expect(await w.runOnce()).toBe(0);
      const [failed] = await rows("c@exemple.fr");
      expect(failed).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: expect.any(String) });
      expect(new Date(failed.available_at).getTime()).toBeGreaterThan(Date.now() - 100); // not due before the backoff
    } finally {
      smtp = await startSmtp(undefined, port);
    }
    const w = worker({ backoffMs: () => 400 });
    expect(await w.runOnce()).toBe(0); // backoff not elapsed yet
    await new Promise((r) => setTimeout(r, 500));
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received.filter((r) => r.to.includes("c@exemple.fr"))).toHaveLength(1);
    expect((await rows("c@exemple.fr"))[0]).toMatchObject({ attempts: 2, sent_at: expect.anything(), last_error: null });
  });

  it("gives up after the last attempt", async () => {
    const port = smtp.port;
    await smtp.close();
    try {
      const w = worker({ backoffMs: () => 0, maxAttempts: 3 });
      await enqueueMail(db, mail("d@exemple.fr"));
      for (let i = 0; i < 5; i++) await w.runOnce();
      expect((await rows("d@exemple.fr"))[0]).toMatchObject({ attempts: 3, sent_at: null, failed_at: expect.anything() });
    } finally {
      smtp = await startSmtp(undefined, port);
    }
    expect(await worker().runOnce()).toBe(0);
  });

  it("leaves a message claimed by a crashed worker until its lock expires, then sends it", async () => {
    await enqueueMail(db, mail("e@exemple.fr"));
    // what a worker that died after its claim leaves behind
    await db.execute(
      sql`update outbox_messages set attempts = 1, locked_until = now() + interval '1 hour' where payload->>'to' = 'e@exemple.fr'`,
    );
    expect(await worker().runOnce()).toBe(0);
    await db.execute(sql`update outbox_messages set locked_until = now() - interval '1 second' where payload->>'to' = 'e@exemple.fr'`);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received.filter((r) => r.to.includes("e@exemple.fr"))).toHaveLength(1);
  });

  it("stops polling and waking once stopped (the app stops it before closing the database)", async () => {
    const w = worker({ pollMs: 50 });
    w.start();
    await w.stop();
    await withTransaction(db, (tx) => enqueueMail(tx, mail("g@exemple.fr")));
    await new Promise((r) => setTimeout(r, 200));
    expect((await rows("g@exemple.fr"))[0]).toMatchObject({ attempts: 0, sent_at: null });
    await db.execute(sql`delete from outbox_messages where payload->>'to' = 'g@exemple.fr'`);
  });

  it("sends each message exactly once with two workers running at the same time", async () => {
    const n = 40;
    await withTransaction(db, async (tx) => {
      for (let i = 0; i < n; i++) await enqueueMail(tx, mail("f@exemple.fr", `Message ${i}`));
    });
    const [w1, w2] = [worker({ batch: 3 }), worker({ batch: 3 })];
    const sent = await Promise.all([w1.runOnce(), w2.runOnce(), w1.runOnce(), w2.runOnce()]);
    const got = smtp.received.filter((r) => r.to.includes("f@exemple.fr")).map((r) => /Subject: (Message \d+)/.exec(r.raw)![1]);
    expect(got).toHaveLength(n);
    expect(new Set(got).size).toBe(n);
    expect(sent[0] + sent[1]).toBe(n); // runOnce while running joins the pass in progress
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
    expect((await rows("f@exemple.fr")).every((r) => r.attempts === 1 && r.sent_at)).toBe(true);
  });
});

describe("outbox backoff", () => {
  it("doubles from 30 seconds up to an hour", () => {
    expect([1, 2, 3, 8, 20].map(defaultBackoff)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
