// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox (and a log line).
// Only the outbox worker (modules/outbox) sends: business code enqueues in its transaction (decision 062).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "./env.ts";
import { assertOutsideTransaction } from "./db/tx.ts";

export type MailFile = { filename: string; content: Buffer; contentType: string };
/** With `html`, the message is multipart/alternative (text, then HTML); files make it multipart/mixed. */
/** `headers`: extra headers, e.g. a newsletter's List-Unsubscribe (decision 147). */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailFile[]; headers?: Record<string, string> };
export type Mailer = { send: (mail: Mail) => Promise<void>; close?: () => void };

// Well under the outbox lock (OUTBOX_LOCK_MS): a hung server must not outlive the claim and be sent twice.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
// Pooled connections: a new one per message (connect, greeting, EHLO, QUIT) was 12.5 % of the shop's busy time in
// the order bench (decision 104). An idle connection is closed after 2 s, well before the socket timeout. A message
// whose connection drops is never re-sent by the pool (maxRequeues 0): the send fails and the outbox retries it
// with its backoff, as it does for any other failure.
const SMTP_POOL = { pool: true, maxConnections: 3, maxRequeues: 0, idleTimeout: 2_000 } as const;

export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">, log: (msg: string) => void = () => {}): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS, ...SMTP_POOL });
    return {
      send: async (mail) => {
        assertOutsideTransaction("sending e-mail");
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(env.DATA_DIR, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      assertOutsideTransaction("sending e-mail");
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      // Off the event loop: creating a file takes ≈ 0.7 ms on a slow disk.
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`e-mail to ${mail.to} written to ${file}`);
    },
  };
}
