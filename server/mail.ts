// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox (and a log line).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "./env.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">, log: (msg: string) => void = () => {}): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return { send: async (mail) => void (await transport.sendMail({ from: env.MAIL_FROM, ...mail })) };
  }
  const outbox = join(env.DATA_DIR, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`e-mail to ${mail.to} written to ${file}`);
    },
  };
}
