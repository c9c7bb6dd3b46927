// Identity (/identite): names, title, company, phone; e-mail only with the current password; password change.
import { and, eq, ne, sql } from "drizzle-orm";
import { customers, sessions } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import { afterCommit, withTransaction } from "#server/db/tx.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { phoneKey } from "./accounts.service.ts";
import type { SessionContext } from "#server/context.ts";

type IdentityUpdate = {
  title: "M" | "Mme";
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  siret: string;
  vat_number: string;
};

/**
 * `changed` tells the session cache that a customer row (and maybe sessions) changed, once committed.
 * Every function takes the caller's context with the whole customer row (its password hash); `ctx.db` is the
 * pool or the caller's transaction.
 */
export function createIdentityService(changed: () => void = () => undefined) {
  async function update({ db: q, customer }: SessionContext, input: IdentityUpdate) {
    const phone = input.phone ? phoneKey(input.phone) : null;
    if (phone) {
      const [other] = await q
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.phone, phone), ne(customers.id, customer.id)))
        .limit(1);
      if (other) throw refused("account.phone_taken");
    }
    const [row] = await q
      .update(customers)
      .set({
        title: input.title,
        firstName: input.first_name,
        lastName: input.last_name,
        company: input.company || null,
        phone,
        siret: input.siret || null,
        vatNumber: input.vat_number || null,
      })
      .where(eq(customers.id, customer.id))
      .returning();
    afterCommit(changed);
    return row;
  }

  /** A new e-mail (the recovery address) ends every other session of the account, as a new password does. */
  async function changeEmail({ db: q, customer }: SessionContext, email: string, currentPassword: string, sessionId?: number) {
    if (!(await verifyPassword(currentPassword, customer.passwordHash))) throw refused("account.current_password_incorrect");
    const [other] = await q
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, ne(customers.id, customer.id)))
      .limit(1);
    if (other) throw refused("account.email_taken");
    return withTransaction(q, async (tx) => {
      const [row] = await tx.update(customers).set({ email }).where(eq(customers.id, customer.id)).returning();
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.customerId, customer.id), sql`${sessions.revokedAt} is null`, sessionId ? ne(sessions.id, sessionId) : undefined),
        );
      afterCommit(changed);
      return row;
    });
  }

  /** A new password ends every other session of the account; the current one stays. */
  async function changePassword({ db: q, customer }: SessionContext, sessionId: number | undefined, current: string, password: string) {
    if (!(await verifyPassword(current, customer.passwordHash))) throw refused("account.current_password_incorrect");
    const passwordHash = await hashPassword(password);
    await withTransaction(q, async (tx) => {
      await tx.update(customers).set({ passwordHash, mustChangePassword: false }).where(eq(customers.id, customer.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.customerId, customer.id), sql`${sessions.revokedAt} is null`, sessionId ? ne(sessions.id, sessionId) : undefined),
        );
      afterCommit(changed);
    });
  }

  return { update, changeEmail, changePassword };
}
