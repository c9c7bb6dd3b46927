// Registration, login by client number / e-mail / phone, logout.
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { identifierKind } from "#core/validation/identifier.ts";
import { normalizeFrenchPhone } from "#core/validation/phone.ts";
import type { registrationSchema } from "#core/validation/account.ts";
import type { z } from "zod";
import { conflict, refused } from "#core/domain-errors.ts";
import { withTransaction } from "#server/db/tx.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import type { SessionService, SessionCustomer } from "./sessions.service.ts";
import { createLoginThrottle, throttleKeys } from "./login-throttle.service.ts";
import { createKnownDevices } from "./known-devices.service.ts";
import { PRIVACY_NOTICE } from "#core/legal.ts";
import { initialApproval } from "#core/customers/approval.ts";
import { approvalSettingOf } from "#server/modules/customers/approval-setting.ts";

type Registration = z.output<typeof registrationSchema>;

/** Phones are stored in national form for France ("0612345678"), E.164 otherwise. */
export function phoneKey(text: string): string | null {
  const e164 = normalizeFrenchPhone(text);
  if (!e164) return null;
  return e164.startsWith("+33") ? `0${e164.slice(3)}` : e164;
}

// Verifying against this when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** One spelling per identifier: lower-case e-mail, national phone, upper-case client number. */
function normalizeIdentifier(identifier: string): string {
  const id = identifier.trim();
  const kind = identifierKind(id);
  if (kind === "email") return `email:${id.toLowerCase()}`;
  if (kind === "phone") return `phone:${phoneKey(id) ?? id}`;
  if (kind === "client_number") return `client:${id.toUpperCase()}`;
  return `id:${id.toLowerCase().slice(0, 100)}`;
}

/** The throttle key of an account, whichever identifier names it; the normalised identifier when none does. */
const accountThrottleKey = (customerId: number | undefined, identifier: string) =>
  customerId ? `acct:${customerId}` : normalizeIdentifier(identifier);

type LoginClient = { ip: string; device?: string; userAgent?: string };

/** Every function takes the handle to use (`q`: pool or transaction, decision 060). */
/** `publicUrl`: the shop's address, for the links of the welcome e-mail. */
export function createAccountsService(sessions: SessionService, publicUrl = "") {
  const throttle = createLoginThrottle();
  const devices = createKnownDevices();

  async function findByIdentifier(q: Db, identifier: string): Promise<SessionCustomer | undefined> {
    const id = identifier.trim();
    const kind = identifierKind(id);
    const where =
      kind === "email"
        ? sql`lower(${customers.email}) = ${id.toLowerCase()}`
        : kind === "phone"
          ? eq(customers.phone, phoneKey(id) ?? "")
          : kind === "client_number"
            ? eq(customers.clientNumber, id.toUpperCase())
            : undefined;
    if (!where) return undefined;
    const [row] = await q.select().from(customers).where(where).limit(1);
    return row;
  }

  /**
   * A session token for the right password; the same refusal whether the account exists or not.
   * Its own use case: called with the pool, so that a counted failure survives the refusal it causes.
   * `device` is the browser's known-device token: on this account's list, the per-account throttle lets it
   * through (the owner is not locked out by someone else's failures); a success returns the token to keep.
   */
  async function login(q: Db, identifier: string, password: string, client: LoginClient | string) {
    const { ip, device, userAgent } = typeof client === "string" ? ({ ip: client } as LoginClient) : client;
    const customer = await findByIdentifier(q, identifier);
    const keys = throttleKeys(accountThrottleKey(customer?.id, identifier), ip);
    const knownDevice = customer && device ? await devices.isKnown(q, customer.id, device) : false;
    const { accountBlocked } = await throttle.check(q, keys, Date.now(), { knownDevice });
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await (dummyHash ??= hashPassword("not-a-password-0!A"))));
    if (!customer || !ok) {
      await throttle.failure(q, keys);
      throw refused("account.login_failed");
    }
    await throttle.success(q, keys, { accountBlocked });
    const deviceToken = await devices.remember(q, customer.id, device);
    return { customer, token: await sessions.create(q, customer.id, undefined, userAgent), deviceToken };
  }

  /** The account and its first session, in the caller's transaction or a new one. */
  async function register(q: Db, input: Registration, lang: Lang) {
    const phone = input.phone ? phoneKey(input.phone) : null;
    const email = input.email.trim();
    const taken = await q
      .select({ id: customers.id })
      .from(customers)
      .where(
        phone
          ? or(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.phone, phone))
          : sql`lower(${customers.email}) = ${email.toLowerCase()}`,
      )
      .limit(1);
    if (taken.length) throw refused("account.already_registered");
    const passwordHash = await hashPassword(input.password);
    try {
      return await withTransaction(q, async (tx) => {
        // A professional account waits for the shop's approval when the setting is on (decision 143).
        const approval = initialApproval(await approvalSettingOf(tx), input);
        // The client number derives from the id: insert, then number it, in one transaction.
        const [row] = await tx
          .insert(customers)
          .values({
            clientNumber: `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20),
            title: input.title,
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company || null,
            siret: input.siret || null,
            vatNumber: input.vat_number || null,
            email,
            phone,
            passwordHash,
            lang,
            // The schema refused a registration without the box ticked: this is the notice's version it accepted.
            privacyVersion: PRIVACY_NOTICE.version,
            privacyAcceptedAt: sql`now()`,
            approval,
          })
          .returning();
        const [numbered] = await tx
          .update(customers)
          .set({ clientNumber: `C${100000 + row.id}` })
          .where(eq(customers.id, row.id))
          .returning();
        // The welcome e-mail, in the customer's language, leaves through the outbox once the account is committed.
        await enqueueMail(tx, {
          to: email,
          subject: translate(lang, "account.welcome_mail_subject"),
          // a professional account waiting for approval is told it cannot order yet
          text: translate(lang, approval === "pending" ? "account.welcome_mail_pending_text" : "account.welcome_mail_text", {
            name: `${numbered.firstName} ${numbered.lastName}`,
            number: numbered.clientNumber,
            link: `${publicUrl}${lang === "zh" ? "/zh" : ""}/mon-compte`,
          }),
        });
        return { customer: numbered, token: await sessions.create(tx, numbered.id) };
      });
    } catch (e) {
      // Two registrations racing on the same e-mail or phone: the unique index decides.
      if (
        (e as { code?: string; cause?: { code?: string } }).code === "23505" ||
        (e as { cause?: { code?: string } }).cause?.code === "23505"
      ) {
        throw conflict("account.already_registered");
      }
      throw e;
    }
  }

  return { login, register, findByIdentifier, logout: (q: Db, token: string) => sessions.revoke(q, token) };
}
