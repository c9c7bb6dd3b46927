// The back office's customers (decision 143): the list's search (company without accents, client number, SIRET and
// phone as typed, e-mail), the approval filter and pending accounts first; the customer's page; staff's decision on a
// professional account (audited, a notice and an e-mail in the customer's language), the setting, ending a session
// (the customer's session really ends); each write refused to the roles without its permission, nothing changed.
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, customers, notifications, outboxMessages, siteConfig } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { registrationSchema } from "#core/validation/account.ts";
import { staffCustomerQuerySchema } from "#core/validation/staff-customers.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const DOMAIN = "@comptoir-emballage.fr";
const emailOf = (role: string) => DEMO_STAFF.find((s) => s.roles.includes(role as never))!.email;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe.each(testDbKinds())("back office customers (%s)", (kind) => {
  let t: TestApp;
  let seq = 0;
  const s = () => t.app.services;
  const list = (q: Record<string, unknown>) => s().staffCustomers.list(s().db, staffCustomerQuerySchema.parse(q));
  const numbers = async (q: Record<string, unknown>) => (await list(q)).list.map((r) => r.client_number);
  const approvalOf = async (clientNumber: string) =>
    (await s().db.select({ a: customers.approval }).from(customers).where(eq(customers.clientNumber, clientNumber)))[0].a;
  const auditCount = async () => (await query<{ n: number }>(s().db, sql`select count(*)::int as n from audit_log`))[0].n;

  /** A registration through the accounts service (as the registration page does), professional when `company`. */
  async function register(company: string, lang: "fr" | "zh" = "fr", siret = "") {
    const n = ++seq;
    const input = registrationSchema.parse({
      title: "Mme",
      first_name: "Anne",
      last_name: `Essai${n}`,
      company,
      email: `essai${n}-${kind}@exemple.fr`,
      phone: `07 00 00 ${String(n).padStart(2, "0")} 1${n % 10}`,
      siret,
      vat_number: "",
      password: "Essai-Solide9",
      confirm: "Essai-Solide9",
      accept_privacy: true,
    });
    return (await s().accounts.register(s().db, input, lang)).customer;
  }
  const setting = async (on: boolean) => s().customerApproval.setSetting(await staffContextOf(t.app, `direction${DOMAIN}`), on);

  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  it("keeps the demo customers approved and lets a new account order when the setting is off", async () => {
    expect(await approvalOf("C100001")).toBe("approved");
    expect(await approvalOf("C100002")).toBe("approved");
    expect(await s().customerApproval.settingOn({ db: s().db })).toBe(false);
    expect((await register("Fleurs Sans Attente")).approval).toBe("approved");
  });

  it("makes a professional account pending when the setting is on; a private one stays approved", async () => {
    await setting(true);
    expect((await register("Épicerie Pending", "zh")).approval).toBe("pending");
    expect((await register("", "fr", "73282932000074")).approval).toBe("pending");
    expect((await register("")).approval).toBe("approved");
    const [audit] = await s()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "setting"), eq(auditLog.entityId, "proApproval")));
    expect(audit.changes).toMatchObject({ on: { before: false, after: true } });
    // the welcome e-mail of a pending account says it cannot order yet
    const [mail] = await query<{ body: string }>(
      s().db,
      sql`select payload::text as body from outbox_messages where payload::text like '%Essai2%' order by id desc limit 1`,
    );
    expect(mail.body).toContain("审核");
  });

  it("searches by company without accents, client number, SIRET and phone as typed, e-mail; pending first", async () => {
    expect(await numbers({ q: "boulangerie dupont" })).toEqual(["C100001"]);
    expect(await numbers({ q: "c100002" })).toEqual(["C100002"]);
    expect(await numbers({ q: "812 345 678 00019" })).toEqual(["C100001"]);
    expect(await numbers({ q: "06 23 45 67 89" })).toEqual(["C100002"]);
    expect(await numbers({ q: "+33 6 23 45 67 89" })).toEqual(["C100002"]);
    expect(await numbers({ q: "ACHAT@traiteur" })).toEqual(["C100002"]);
    expect(await numbers({ q: "epicerie pending" })).toHaveLength(1);
    expect(await numbers({ q: "100%_" })).toEqual([]);
    const all = await list({ page_size: "100" });
    const pending = all.list.filter((r) => r.approval === "pending");
    expect(pending.length).toBe(2);
    expect(all.list.slice(0, 2).map((r) => r.approval)).toEqual(["pending", "pending"]);
    expect((await list({ approval: "pending" })).list.map((r) => r.client_number)).toEqual(pending.map((r) => r.client_number));
    expect(await s().staffCustomers.pendingCount(s().db)).toBe(2);
    const first = await list({ page_size: "20" });
    expect(first.total).toBe(all.total);
  });

  it("shows the customer's page: identity, addresses, orders, invoices, credit balance, sessions; 404 for an unknown one", async () => {
    const d = await s().staffCustomers.detail(s().db, "c100001");
    expect(d.customer.company).toBe("Boulangerie Dupont");
    expect(d.addresses.length).toBeGreaterThan(0);
    expect(d.orders.length).toBeGreaterThan(0);
    expect(d.orders_count).toBeGreaterThanOrEqual(d.orders.length);
    expect(d.credit_balance).toMatch(/^\d+\.\d\d$/);
    await expect(s().staffCustomers.detail(s().db, "C999999")).rejects.toMatchObject({ key: "admin.customer_not_found" });
  });

  it("approves a pending account: audited, told to the customer in their language; a second approval is refused", async () => {
    const [c] = await s()
      .db.select()
      .from(customers)
      .where(sql`${customers.company} = 'Épicerie Pending'`);
    const service = await staffContextOf(t.app, `service-client${DOMAIN}`);
    expect(await s().customerApproval.decide(service, c.clientNumber, "approve", "Bienvenue !")).toEqual({ approval: "approved" });
    expect(await approvalOf(c.clientNumber)).toBe("approved");
    const [audit] = await s()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, c.clientNumber), eq(auditLog.action, "approve")));
    expect(audit.changes).toMatchObject({ approval: { before: "pending", after: "approved" } });
    const [notice] = await s().db.select().from(notifications).where(eq(notifications.customerId, c.id));
    expect(notice).toMatchObject({ kind: "account_approved", ref: c.clientNumber });
    const mails = await s()
      .db.select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload} ->> 'to' = ${c.email}`);
    const decision = mails.map((m) => JSON.stringify(m.payload)).find((p) => p.includes("已通过"));
    expect(decision).toContain("Bienvenue !");
    expect(await refusal(s().customerApproval.decide(service, c.clientNumber, "approve", ""))).toBe("admin.customer_already_approved");
    expect(await refusal(s().customerApproval.decide(service, "C999999", "refuse", "x"))).toBe("admin.customer_not_found");
  });

  it("refuses each write to each role without its permission (403): nothing changes, no audit row", async () => {
    const [pending] = await s().db.select().from(customers).where(eq(customers.approval, "pending"));
    const token = await s().sessions.create(s().db, pending.id);
    const [session] = await s().sessions.list(s().db, pending.id);
    const audits = await auditCount();
    for (const role of STAFF_ROLES) {
      const ctx = await staffContextOf(t.app, emailOf(role));
      const may = (p: string) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(p);
      if (!may("customers:write")) {
        expect(await refusal(s().customerApproval.decide(ctx, pending.clientNumber, "approve", "")), role).toBe("admin.permission_denied");
        expect(await refusal(s().customerApproval.decide(ctx, pending.clientNumber, "refuse", "Non")), role).toBe(
          "admin.permission_denied",
        );
        expect(await refusal(s().customerApproval.revokeSession(ctx, pending.clientNumber, session.id)), role).toBe(
          "admin.permission_denied",
        );
      }
      if (!may("settings:write")) expect(await refusal(s().customerApproval.setSetting(ctx, false)), role).toBe("admin.permission_denied");
    }
    expect(await approvalOf(pending.clientNumber)).toBe("pending");
    expect(await s().sessions.resolve(s().db, token)).not.toBeNull();
    expect(await s().customerApproval.settingOn({ db: s().db })).toBe(true);
    expect(await auditCount()).toBe(audits);
  });

  it("ends a customer's session: their token stops working at once, audited; another customer's session is not theirs", async () => {
    const [c] = await s().db.select().from(customers).where(eq(customers.clientNumber, "C100002"));
    const token = await s().sessions.create(s().db, c.id, undefined, "Mozilla/5.0 (Windows NT 10.0) Chrome/120");
    const kept = await s().sessions.create(s().db, c.id);
    expect((await s().sessions.resolve(s().db, token))?.customer.id).toBe(c.id); // cached now
    const listed = await s().staffCustomers.detail(s().db, "C100002");
    const target = listed.sessions.find((x) => x.user_agent.includes("Chrome"))!;
    const manager = await staffContextOf(t.app, `gerance${DOMAIN}`);
    expect(await refusal(s().customerApproval.revokeSession(manager, "C100001", target.id))).toBe("admin.customer_session_gone");
    await s().customerApproval.revokeSession(manager, "C100002", target.id);
    expect(await s().sessions.resolve(s().db, token)).toBeNull();
    expect(await s().sessions.resolve(s().db, kept)).not.toBeNull();
    expect(await refusal(s().customerApproval.revokeSession(manager, "C100002", target.id))).toBe("admin.customer_session_gone");
    const [audit] = await s()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, "C100002"), eq(auditLog.action, "session_revoke")));
    expect(audit.changes).toMatchObject({ state: { before: "live", after: "revoked" } });
  });

  it("turns the setting off again (owner only); accounts keep their approval", async () => {
    await setting(false);
    const [row] = await s().db.select().from(siteConfig).where(eq(siteConfig.key, "proApproval"));
    expect(row.value).toBe(false);
    expect(await s().staffCustomers.pendingCount(s().db)).toBe(1);
  });
});
