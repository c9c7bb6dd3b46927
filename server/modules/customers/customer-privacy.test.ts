// A customer's data on request (decision 147): the export holds the account's data and never a password or token
// hash; the erasure is refused while an order is unpaid or in progress, then removes the person's data from every
// customer table (the e-mail is found nowhere), keeps the invoices (the PDF still renders) and the orders, ends the
// login, and audits ids only. Roles without customers:write are refused, nothing changes, no audit row.
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, customers, newsletterSubscriptions, orders } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const EMAIL = "demo@comptoir-emballage.fr";
/** Every table that holds a customer's own data (orders and documents are kept by law: decision 147). */
const CUSTOMER_TABLES = [
  "customers",
  "addresses",
  "sessions",
  "password_resets",
  "receipt_arrangements",
  "wishlists",
  "carts",
  "newsletter_subscriptions",
  "questions",
  "question_notes",
  "attachments",
  "return_requests",
  "notifications",
  "outbox_messages",
  "known_devices",
  "idempotency_keys",
];
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe.each(testDbKinds())("a customer's data on request (%s)", (kind) => {
  let t: TestApp;
  const s = () => t.app.services;
  const ctxOf = (who: string) => staffContextOf(t.app, DEMO_STAFF.find((m) => m.roles.includes(who as never))!.email);
  const auditCount = async () => (await query<{ n: number }>(s().db, sql`select count(*)::int as n from audit_log`))[0].n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await s().newsletter.subscribe(s().db, EMAIL.toUpperCase(), "fr");
  }, 120_000);
  afterAll(() => t?.close());

  it("refuses the export and the erasure to every role without customers:write; nothing is written", async () => {
    for (const role of STAFF_ROLES.filter((r) => !ROLE_PERMISSIONS[r].includes("customers:write"))) {
      const ctx = await ctxOf(role);
      const before = await auditCount();
      expect(await refusal(s().customerPrivacy.exportData(ctx, "C100001"))).toBe("admin.permission_denied");
      expect(await refusal(s().customerPrivacy.erase(ctx, "C100001"))).toBe("admin.permission_denied");
      expect(await auditCount()).toBe(before);
    }
    const [c] = await s().db.select().from(customers).where(eq(customers.clientNumber, "C100001"));
    expect(c.email).toBe(EMAIL);
  });

  it("exports everything held about the customer, never a password or token hash, and audits it", async () => {
    const ctx = await ctxOf("owner");
    const data = await s().customerPrivacy.exportData(ctx, "c100001");
    const text = JSON.stringify(data);
    expect(data.account.email).toBe(EMAIL);
    expect(text).not.toMatch(/password_?hash|token_?hash|scrypt\$|storage_?key/i);
    expect(data.orders.length).toBeGreaterThan(0);
    expect(data.orders.some((o) => o.lines.length > 0)).toBe(true);
    expect(data.invoices.length).toBeGreaterThan(0);
    expect(data.addresses.length).toBeGreaterThan(0);
    expect(data.newsletter?.lang).toBe("fr");
    for (const k of ["credit_notes", "returns", "questions", "quotations", "quick_order_lists", "sessions", "receiving_times"])
      expect(data).toHaveProperty(k);
    const [row] = await s().db.select().from(auditLog).where(eq(auditLog.action, "data_export"));
    expect(row).toMatchObject({ entity: "customer", entityId: "C100001" });
    expect(JSON.stringify(row.changes ?? null)).not.toContain(EMAIL);
  });

  it("refuses the erasure of an account with an unpaid or in-progress order, nothing changed", async () => {
    const ctx = await ctxOf("owner");
    const before = await auditCount();
    expect(await refusal(s().customerPrivacy.erase(ctx, "C100001"))).toBe("admin.customer_erase_unpaid");
    const [c] = await s().db.select().from(customers).where(eq(customers.clientNumber, "C100001"));
    await s().db.update(orders).set({ status: "delivered", balanceDue: "0" }).where(eq(orders.status, "unpaid"));
    expect(await refusal(s().customerPrivacy.erase(ctx, "C100001"))).toBe("admin.customer_erase_in_progress");
    expect(await auditCount()).toBe(before);
    expect((await s().db.select().from(customers).where(eq(customers.id, c.id)))[0].email).toBe(EMAIL);
  });

  it("erases the personal data, keeps the invoices and orders, ends the login, audits ids only", async () => {
    const ctx = await ctxOf("owner");
    const [c] = await s().db.select().from(customers).where(eq(customers.clientNumber, "C100001"));
    await s()
      .db.update(orders)
      .set({ status: "delivered", balanceDue: "0" })
      .where(sql`${orders.customerId} = ${c.id} and ${orders.status} not in ('delivered', 'picked_up', 'cancelled')`);
    const ordersBefore = (await s().db.select().from(orders).where(eq(orders.customerId, c.id))).length;
    const [invoiced] = await query<{ number: string }>(
      s().db,
      sql`select o.number from invoices i join orders o on o.id = i.order_id where i.customer_id = ${c.id} limit 1`,
    );
    // a staff note about one of the customer's questions, naming them
    const noted = await query(
      s().db,
      sql`insert into question_notes (question_id, staff_id, body)
          select q.id, ${ctx.staff.id}, ${`Rappeler ${EMAIL}`} from questions q where q.customer_id = ${c.id} limit 1 returning id`,
    );
    expect(noted).toHaveLength(1);
    expect(await s().customerPrivacy.erase(ctx, "C100001")).toEqual({ erased: true });

    for (const table of CUSTOMER_TABLES) {
      const [{ n }] = await query<{ n: number }>(
        s().db,
        sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text ilike ${`%${EMAIL}%`}`,
      );
      expect([table, n]).toEqual([table, 0]);
    }
    const [after] = await s().db.select().from(customers).where(eq(customers.id, c.id));
    expect(after).toMatchObject({ firstName: "—", lastName: "—", company: null, siret: null, phone: null, clientNumber: "C100001" });
    expect(await s().db.select().from(newsletterSubscriptions)).toHaveLength(0);
    expect((await s().db.select().from(orders).where(eq(orders.customerId, c.id))).length).toBe(ordersBefore);
    const pdf = await s().documents.staffInvoicePdf(s().db, invoiced.number, "fr");
    expect(pdf.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // the old password no longer opens the account, nor does the placeholder
    expect(await refusal(s().accounts.login(s().db, EMAIL, "Demo1234!", "10.9.9.1"))).toBe("account.login_failed");
    expect(await refusal(s().accounts.login(s().db, after.email, "erased", "10.9.9.2"))).toBe("account.login_failed");

    const [row] = await s().db.select().from(auditLog).where(eq(auditLog.action, "erase"));
    expect(row).toMatchObject({ entity: "customer", entityId: "C100001" });
    expect(JSON.stringify(row.changes)).not.toMatch(/demo@|Dupont/i);
    // a second erasure is refused
    expect(await refusal(s().customerPrivacy.erase(ctx, "C100001"))).toBe("admin.customer_already_erased");
    // nor can the erased account be approved again (its placeholder address would be mailed): nothing changes
    expect(await refusal(s().customerApproval.decide(ctx, "C100001", "approve", "Bienvenue"))).toBe("admin.customer_already_erased");
    expect((await s().db.select().from(customers).where(eq(customers.id, c.id)))[0].approval).toBe("refused");
  });
});
