// Password recovery (SPEC §2): a 6-digit code by e-mail (5 tries, 15 minutes) or the link in the
// same e-mail (/resetpassword?token=…). Asking never reveals whether an account exists. A new password
// ends every open session of the account. The reset row and its e-mail (outbox) are written in one
// transaction; the mail is sent after commit, so a failing SMTP server never fails the request (decision 062).
// Every function takes the handle to use (`q`: pool or transaction, decision 060).
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { afterCommit, withTransaction } from "#server/db/tx.ts";
import { customers, passwordResets, sessions } from "#server/db/schema/index.ts";
import { rateLimited, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { hashPassword } from "./password.server.ts";
import type { SharedCounter } from "#server/infra/shared-counter.ts";

const RESET_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** Codes sent per e-mail address (account or not): one a minute, five an hour. */
const CODE_LIMITS = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 3600_000, max: 5 },
] as const;
/** Requests per client address an hour, whatever the e-mail: beyond, a 429 that tells nothing of any account. */
const ADDRESS_LIMIT = { windowMs: 3600_000, max: 20 } as const;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** A counter that never limits (services built without one, e.g. in unit tests). */
const unlimited: SharedCounter = { hit: async () => ({ hits: 1, ttlMs: 0 }), close: async () => undefined };

/**
 * `changed` tells the session cache that the account's sessions and row changed, once committed.
 * `limits` is the shared counter: per client address and per e-mail address.
 */
export function createPasswordResetService(publicUrl: string, changed: () => void = () => undefined, limits: SharedCounter = unlimited) {
  /**
   * Sends a code and link when the address has an account. The answer and the work are the same whether it
   * has one or not, and whether the per-address limit held the mail back: the same counters, the same code
   * and token generation, one write transaction of the same statements (matching no row for an unknown
   * address), so neither the answer nor its time tells that an account exists.
   */
  async function request(q: Db, email: string, lang: Lang, ip = "") {
    const address = email.trim().toLowerCase();
    if (ip) {
      const byIp = await limits.hit(`reset:ip:${ip}`, ADDRESS_LIMIT.windowMs);
      if (byIp.hits > ADDRESS_LIMIT.max) throw rateLimited("account.too_many_requests", { count: Math.ceil(byIp.ttlMs / 60_000) });
    }
    let allowed = true;
    for (const { windowMs, max } of CODE_LIMITS) {
      if ((await limits.hit(`reset:mail:${windowMs}:${address}`, windowMs)).hits > max) allowed = false;
    }
    const [customer] = await q
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = ${address}`)
      .limit(1);
    const send = Boolean(customer) && allowed;
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = randomBytes(32).toString("base64url");
    const link = `${publicUrl}${lang === "zh" ? "/zh" : ""}/resetpassword?token=${token}`;
    const vars = { name: customer ? `${customer.firstName} ${customer.lastName}` : "", code, link, minutes: RESET_TTL_MS / 60_000 };
    const mail = {
      to: customer?.email ?? address,
      subject: translate(lang, "account.reset_mail_subject"),
      text: translate(lang, "account.reset_mail_text", vars),
    };
    const resetRow = { codeHash: sha(code), tokenHash: sha(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) };
    await withTransaction(q, async (tx) => {
      // A commit that wrote waits for its WAL flush, one that wrote nothing does not: under disk load that told an
      // account from none (CI: 13.4 against 5.1 ms). Neither waits; a crash may lose a code, which is asked again.
      await query(tx, sql`set local synchronous_commit = off`);
      // Customer id 0 matches no row: the same statements run for an unknown address.
      const id = send ? customer!.id : 0;
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.customerId, id), isNull(passwordResets.usedAt)));
      if (send) {
        await tx.insert(passwordResets).values({ customerId: id, ...resetRow });
        await enqueueMail(tx, mail);
      } else {
        await query(
          tx,
          sql`insert into password_resets (customer_id, code_hash, token_hash, expires_at)
          select id, ${resetRow.codeHash}, ${resetRow.tokenHash}, ${resetRow.expiresAt} from customers where id = 0`,
        );
        await query(tx, sql`select count(*) from outbox_messages where id = 0 and ${JSON.stringify(mail)}::jsonb is not null`);
      }
    });
  }

  /** Uses the reset (once: a concurrent use of the same code or link finds it used) and sets the password. */
  async function setPassword(q: Db, customerId: number, passwordHash: string, resetId: number, expired: string) {
    await withTransaction(q, async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!used.length) throw refused(expired);
      await tx.update(customers).set({ passwordHash, mustChangePassword: false }).where(eq(customers.id, customerId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
      // The owner proved control of the mailbox: someone else's wrong passwords no longer slow them.
      await query(tx, sql`delete from login_throttles where key = ${`acct:${customerId}`}`);
      afterCommit(changed);
    });
  }

  /**
   * The e-mailed code. One refusal for an unknown address, no code, an expired or used-up code and a wrong
   * one: which of them tells whether an account exists. Every try, right or wrong, first takes one of the MAX_CODE_ATTEMPTS in one guarded
   * statement; only then is the code compared. However many tries run at once, at most MAX are compared.
   */
  async function resetWithCode(q: Db, email: string, code: string, password: string) {
    const [row] = await query<{ id: number; customer_id: number; code_hash: string | null }>(
      q,
      sql`
      update password_resets r set attempts = r.attempts + 1
      from customers c
      where c.id = r.customer_id and lower(c.email) = ${email.trim().toLowerCase()}
        and r.used_at is null and r.expires_at > now() and r.attempts < ${MAX_CODE_ATTEMPTS}
      returning r.id, r.customer_id, r.code_hash`,
    );
    if (!row || row.code_hash !== sha(code.trim())) throw refused("account.reset_code_refused");
    await setPassword(q, row.customer_id, await hashPassword(password), row.id, "account.reset_code_refused");
  }

  async function resetWithToken(q: Db, token: string, password: string) {
    const [row] = await q
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    if (!row) throw refused("account.reset_link_invalid");
    await setPassword(q, row.customerId, await hashPassword(password), row.id, "account.reset_link_invalid");
  }

  /** For the /resetpassword page: is this link still usable? */
  async function tokenIsValid(q: Db, token: string) {
    const [row] = await q
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    return Boolean(row);
  }

  return { request, resetWithCode, resetWithToken, tokenIsValid };
}
