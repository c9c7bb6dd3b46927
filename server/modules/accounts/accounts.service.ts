// Registration, login by client number / e-mail / phone, logout.
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { identifierKind } from "#core/validation/identifier.ts";
import { normalizeFrenchPhone } from "#core/validation/phone.ts";
import type { registrationSchema } from "#core/validation/account.ts";
import type { z } from "zod";
import { badRequest } from "#server/http/errors.ts";
import type { Lang } from "#app/lib/messages.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import type { SessionService, SessionCustomer } from "./sessions.service.ts";
import { createLoginThrottle, throttleKeys } from "./login-throttle.service.ts";

type Registration = z.output<typeof registrationSchema>;

/** Phones are stored in national form for France ("0612345678"), E.164 otherwise. */
export function phoneKey(text: string): string | null {
  const e164 = normalizeFrenchPhone(text);
  if (!e164) return null;
  return e164.startsWith("+33") ? `0${e164.slice(3)}` : e164;
}

// Verifying against this when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

export function createAccountsService(db: Db, sessions: SessionService) {
  const throttle = createLoginThrottle(db);

  async function findByIdentifier(identifier: string): Promise<SessionCustomer | undefined> {
    const id = identifier.trim();
    const kind = identifierKind(id);
    const where =
      kind === "email" ? sql`lower(${customers.email}) = ${id.toLowerCase()}`
      : kind === "phone" ? eq(customers.phone, phoneKey(id) ?? "")
      : kind === "client_number" ? eq(customers.clientNumber, id.toUpperCase())
      : undefined;
    if (!where) return undefined;
    const [row] = await db.select().from(customers).where(where).limit(1);
    return row;
  }

  /** A session token for the right password; the same refusal whether the account exists or not. */
  async function login(identifier: string, password: string, ip: string) {
    const keys = throttleKeys(identifier, ip);
    await throttle.check(keys);
    const customer = await findByIdentifier(identifier);
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await (dummyHash ??= hashPassword("not-a-password-0!A"))));
    if (!customer || !ok) {
      await throttle.failure(keys);
      throw badRequest("account.login_failed");
    }
    await throttle.success(keys);
    return { customer, token: await sessions.create(customer.id) };
  }

  async function register(input: Registration, lang: Lang) {
    const phone = input.phone ? phoneKey(input.phone) : null;
    const email = input.email.trim();
    const taken = await db.select({ id: customers.id }).from(customers)
      .where(phone ? or(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.phone, phone)) : sql`lower(${customers.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (taken.length) throw badRequest("account.already_registered");
    const passwordHash = await hashPassword(input.password);
    try {
      const customer = await db.transaction(async (tx) => {
        // The client number derives from the id: insert, then number it, in one transaction.
        const [row] = await tx.insert(customers).values({
          clientNumber: `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20),
          title: input.title, firstName: input.first_name, lastName: input.last_name,
          company: input.company || null, siret: input.siret || null, vatNumber: input.vat_number || null,
          email, phone, passwordHash, lang,
        }).returning();
        const [numbered] = await tx.update(customers).set({ clientNumber: `C${100000 + row.id}` }).where(eq(customers.id, row.id)).returning();
        return numbered;
      });
      return { customer, token: await sessions.create(customer.id) };
    } catch (e) {
      // Two registrations racing on the same e-mail or phone: the unique index decides.
      if ((e as { code?: string; cause?: { code?: string } }).code === "23505" || (e as { cause?: { code?: string } }).cause?.code === "23505") {
        throw badRequest("account.already_registered");
      }
      throw e;
    }
  }

  return { login, register, findByIdentifier, logout: (token: string) => sessions.revoke(token) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
