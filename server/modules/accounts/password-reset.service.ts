// Password recovery (SPEC §2, issue 5): a 6-digit code by e-mail (5 tries, 15 minutes) or the link in the
// same e-mail (/resetpassword?token=…). Asking never reveals whether an account exists. A new password
// ends every open session of the account.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, passwordResets, sessions } from "#server/db/schema/index.ts";
import { badRequest } from "#server/http/errors.ts";
import { translate, type Lang } from "#app/lib/messages.ts";
import type { Mailer } from "#server/mail.ts";
import { hashPassword } from "./password.server.ts";

export const RESET_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** `changed` tells the session cache that the account's sessions and row changed. */
export function createPasswordResetService(db: Db, mailer: Mailer, publicUrl: string, changed: () => void = () => undefined) {
  async function request(email: string, lang: Lang) {
    const [customer] = await db.select().from(customers).where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`).limit(1);
    if (!customer) return; // same answer either way
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = randomBytes(32).toString("base64url");
    await db.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.customerId, customer.id), isNull(passwordResets.usedAt)));
    await db.insert(passwordResets).values({ customerId: customer.id, codeHash: sha(code), tokenHash: sha(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    const link = `${publicUrl}${lang === "zh" ? "/zh" : ""}/resetpassword?token=${token}`;
    const vars = { name: `${customer.firstName} ${customer.lastName}`, code, link, minutes: RESET_TTL_MS / 60_000 };
    await mailer.send({
      to: customer.email,
      subject: translate(lang, "account.reset_mail_subject"),
      text: translate(lang, "account.reset_mail_text", vars),
    });
  }

  async function setPassword(customerId: number, password: string, resetId: number) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(customers).set({ passwordHash, mustChangePassword: false }).where(eq(customers.id, customerId));
      await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, resetId));
      await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    });
    changed();
  }

  /** The e-mailed code: wrong codes count against the request; too many and it is void. */
  async function resetWithCode(email: string, code: string, password: string) {
    const [row] = await db
      .select({ r: passwordResets })
      .from(passwordResets)
      .innerJoin(customers, eq(customers.id, passwordResets.customerId))
      .where(and(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`, isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    if (!row || row.r.attempts >= MAX_CODE_ATTEMPTS) throw badRequest("account.reset_code_expired");
    if (row.r.codeHash !== sha(code.trim())) {
      await db.update(passwordResets).set({ attempts: row.r.attempts + 1 }).where(eq(passwordResets.id, row.r.id));
      throw badRequest("account.reset_code_incorrect");
    }
    await setPassword(row.r.customerId, password, row.r.id);
  }

  async function resetWithToken(token: string, password: string) {
    const [row] = await db.select().from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    if (!row) throw badRequest("account.reset_link_invalid");
    await setPassword(row.customerId, password, row.id);
  }

  /** For the /resetpassword page: is this link still usable? */
  async function tokenIsValid(token: string) {
    const [row] = await db.select({ id: passwordResets.id }).from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    return Boolean(row);
  }

  return { request, resetWithCode, resetWithToken, tokenIsValid };
}
