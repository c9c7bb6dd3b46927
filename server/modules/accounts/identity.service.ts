// Identity (/identite): names, title, company, phone; e-mail only with the current password; password change.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, sessions } from "#server/db/schema/index.ts";
import { badRequest } from "#server/http/errors.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { phoneKey } from "./accounts.service.ts";
import type { SessionCustomer } from "./sessions.service.ts";

export type IdentityUpdate = { title: "M" | "Mme"; first_name: string; last_name: string; company: string; phone: string; siret: string; vat_number: string };

/** `changed` tells the session cache that a customer row (and maybe sessions) changed. */
export function createIdentityService(db: Db, changed: () => void = () => undefined) {
  async function update(customer: SessionCustomer, input: IdentityUpdate) {
    const phone = input.phone ? phoneKey(input.phone) : null;
    if (phone) {
      const [other] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.phone, phone), ne(customers.id, customer.id))).limit(1);
      if (other) throw badRequest("account.phone_taken");
    }
    const [row] = await db.update(customers).set({
      title: input.title, firstName: input.first_name, lastName: input.last_name, company: input.company || null,
      phone, siret: input.siret || null, vatNumber: input.vat_number || null,
    }).where(eq(customers.id, customer.id)).returning();
    changed();
    return row;
  }

  async function changeEmail(customer: SessionCustomer, email: string, currentPassword: string) {
    if (!(await verifyPassword(currentPassword, customer.passwordHash))) throw badRequest("account.current_password_incorrect");
    const [other] = await db.select({ id: customers.id }).from(customers)
      .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, ne(customers.id, customer.id))).limit(1);
    if (other) throw badRequest("account.email_taken");
    const [row] = await db.update(customers).set({ email }).where(eq(customers.id, customer.id)).returning();
    changed();
    return row;
  }

  /** A new password ends every other session of the account; the current one stays. */
  async function changePassword(customer: SessionCustomer, sessionId: number | undefined, current: string, password: string) {
    if (!(await verifyPassword(current, customer.passwordHash))) throw badRequest("account.current_password_incorrect");
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(customers).set({ passwordHash, mustChangePassword: false }).where(eq(customers.id, customer.id));
      await tx.update(sessions).set({ revokedAt: new Date() })
        .where(and(eq(sessions.customerId, customer.id), sql`${sessions.revokedAt} is null`, sessionId ? ne(sessions.id, sessionId) : undefined));
    });
    changed();
  }

  return { update, changeEmail, changePassword };
}
