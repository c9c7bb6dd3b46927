// Transactions that compose (decision 060): services take the handle, use cases nest, the pool is guarded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database, type Db } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { afterCommit, assertOutsideTransaction, withTransaction } from "#server/db/tx.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";
import { createMailer } from "#server/mail.ts";
import { createSessionService } from "#server/modules/accounts/sessions.service.ts";
import { createAccountsService } from "#server/modules/accounts/accounts.service.ts";
import { createAddressesService } from "#server/modules/accounts/addresses.service.ts";
import { createIdentityService } from "#server/modules/accounts/identity.service.ts";
import { createPasswordResetService } from "#server/modules/accounts/password-reset.service.ts";
import { createNewsletterService } from "#server/modules/newsletter/newsletter.service.ts";
import { contextOf, type SessionContext } from "#server/context.ts";

const registration = (email: string, phone = "") => ({
  title: "Mme" as const,
  first_name: "Lucie",
  last_name: "Bernard",
  company: "",
  email,
  phone,
  password: "Fleurs2026!",
  confirm: "Fleurs2026!",
  siret: "",
  vat_number: "",
  accept_privacy: true as const,
});
const address = {
  title: "Mme" as const,
  first_name: "Lucie",
  last_name: "Bernard",
  company: "",
  line1: "3 rue des Lilas",
  line2: "",
  zip_code: "75011",
  city: "Paris",
  country: "FR" as const,
  phone: "0611223344",
};

const count = async (q: Db, table: string, where = sql`true`) =>
  (await query<{ n: number }>(q, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0].n;

describe.each(testDbKinds())("transactions on %s", (kind) => {
  let database: Database;
  let db: Db;
  const sessions = createSessionService();
  const accounts = createAccountsService(sessions);
  const addresses = createAddressesService();
  const identity = createIdentityService();
  const passwordReset = createPasswordResetService("https://shop.example");
  const newsletter = createNewsletterService({ linkSecret: "test-link-secret-16", publicUrl: "http://localhost" });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.close());

  it("lets a service called inside a transaction see the rows written before it in that transaction", async () => {
    await withTransaction(db, async (tx) => {
      const { customer, token } = await accounts.register(tx, registration("voit@exemple.fr"), "fr");
      expect((await accounts.findByIdentifier(tx, "voit@exemple.fr"))?.id).toBe(customer.id);
      expect((await sessions.resolve(tx, token))?.customer.id).toBe(customer.id);
      const ctx: SessionContext = { db: tx, customer, lang: "fr" };
      const saved = await addresses.save(ctx, { ...address, kind: "delivery" });
      expect((await addresses.list(ctx)).delivery.map((a) => a.id)).toEqual([saved.id]);
      await identity.update(ctx, {
        title: "Mme",
        first_name: "Lucie",
        last_name: "Martin",
        company: "",
        phone: "",
        siret: "",
        vat_number: "",
      });
      expect((await accounts.findByIdentifier(tx, customer.clientNumber))?.lastName).toBe("Martin");
    });
    expect(await count(db, "customers", sql`email = 'voit@exemple.fr'`)).toBe(1);
  });

  it("rolls every step of a multi-service use case back when its last step fails", async () => {
    const email = "annule@exemple.fr";
    const committed: string[] = [];
    await expect(
      withTransaction(db, async (tx) => {
        const { customer } = await accounts.register(tx, registration(email, "0699887766"), "fr");
        await addresses.save(contextOf(tx, customer.id), { ...address, kind: "delivery" });
        await addresses.save(contextOf(tx, customer.id), { ...address, kind: "invoice" });
        await newsletter.subscribe(tx, email, "fr");
        await passwordReset.request(tx, email, "fr"); // reset row + its e-mail in the outbox
        afterCommit(() => committed.push("after commit"));
        // a nested use case joins the same transaction
        await withTransaction(tx, async (inner) => {
          // the welcome e-mail and the reset's
          expect(await count(inner, "outbox_messages", sql`payload->>'to' = ${email}`)).toBe(2);
        });
        throw new Error("last step failed");
      }),
    ).rejects.toThrow("last step failed");
    expect(await count(db, "customers", sql`email = ${email}`)).toBe(0);
    expect(await count(db, "addresses", sql`line1 = '3 rue des Lilas' and customer_id not in (select id from customers)`)).toBe(0);
    expect(await count(db, "newsletter_subscriptions", sql`email = ${email}`)).toBe(0);
    expect(await count(db, "outbox_messages", sql`payload->>'to' = ${email}`)).toBe(0);
    expect(await count(db, "password_resets", sql`customer_id not in (select id from customers)`)).toBe(0);
    expect(committed).toEqual([]); // no wake-up, no cache drop for a rolled-back use case
  });

  it("fails at once on a pool query inside a transaction (PGlite would wait forever for its one connection)", async () => {
    // Drizzle wraps the driver's error: the guard's message is its cause.
    const e = await withTransaction(db, async () => db.select().from(customers).limit(1)).catch((x: Error) => x);
    expect(String((e as Error & { cause?: Error }).cause)).toMatch(/query on the pool inside a transaction/);
    await expect(withTransaction(db, async () => withTransaction(db, async () => 1))).rejects.toThrow(/inside a transaction/);
    // the pool works again once the transaction is over
    expect(await db.select({ id: customers.id }).from(customers).limit(1)).toHaveLength(1);
  }, 5_000);

  it("runs every account service inside one transaction without touching the pool", async () => {
    // Any pool query would throw (above); on PGlite without the guard it would hang past the timeout.
    await withTransaction(db, async (tx) => {
      const email = "tout@exemple.fr";
      const { customer, token } = await accounts.register(tx, registration(email, "0655443322"), "fr");
      await expect(accounts.login(tx, email, "Faux2026!", "10.9.9.9")).rejects.toMatchObject({
        kind: "refused",
        key: "account.login_failed",
      });
      const login = await accounts.login(tx, email, "Fleurs2026!", "10.9.9.9");
      const resolved = (await sessions.resolve(tx, login.token))!;
      const ctx: SessionContext = { db: tx, customer: resolved.customer, lang: "fr" };
      expect(resolved.customer.id).toBe(customer.id);
      await identity.changeEmail(ctx, "tout2@exemple.fr", "Fleurs2026!");
      await identity.changePassword(ctx, resolved.sessionId, "Fleurs2026!", "Jardin2026!");
      const d = await addresses.save(ctx, { ...address, kind: "delivery" });
      const i = await addresses.save(ctx, { ...address, kind: "invoice" });
      await addresses.save(ctx, { ...address, id: d.id, kind: "delivery", city: "Lyon", zip_code: "69001" });
      await addresses.addCombination(ctx, d.id, i.id);
      const d2 = await addresses.save(ctx, { ...address, kind: "delivery" });
      await addresses.setDefault(ctx, d2.id);
      await addresses.remove(ctx, d.id);
      await newsletter.subscribe(tx, "tout2@exemple.fr", "zh");
      await passwordReset.request(tx, "tout2@exemple.fr", "fr");
      const [mail] = await query<{ text: string }>(
        tx,
        sql`select payload->>'text' as text from outbox_messages where payload->>'to' = 'tout2@exemple.fr'`,
      );
      const code = /code de vérification : (\d{6})/.exec(mail.text)![1];
      const link = /token=([\w-]+)/.exec(mail.text)![1];
      expect(await passwordReset.tokenIsValid(tx, link)).toBe(true);
      await passwordReset.resetWithCode(tx, "tout2@exemple.fr", code, "Ruche2026!");
      await expect(passwordReset.resetWithToken(tx, link, "Ruche2026!")).rejects.toMatchObject({ key: "account.reset_link_invalid" });
      await accounts.logout(tx, token);
      expect(await sessions.resolve(tx, token)).toBeNull();
    });
    expect(await count(db, "customers", sql`email = 'tout2@exemple.fr'`)).toBe(1);
  }, 20_000);

  it("refuses a network call (the mailer) inside a transaction and sends nothing", async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: "shop@exemple.fr", DATA_DIR: "/nonexistent" });
      const mail = { to: "client@exemple.fr", subject: "Test", text: "Bonjour" };
      await expect(withTransaction(db, () => mailer.send(mail))).rejects.toThrow(/sending e-mail inside a database transaction/);
      expect(() => assertOutsideTransaction("x")).not.toThrow();
      await mailer.send(mail); // outside, it sends
      expect(smtp.received.map((r) => r.to)).toEqual([["client@exemple.fr"]]);
      mailer.close?.();
    } finally {
      await smtp.close();
    }
  });
});
