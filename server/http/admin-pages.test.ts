// The back office's team, audit log and sessions pages through the real build (DESIGN §9): a visitor goes to the
// login; every demo role gets each page and each action, or 403, and a refused action changes nothing; an action
// from another site is refused; the team's writes reach the outbox, the list and the audit log; zh answers in
// Chinese. Needs `npm run build` first (tests/fresh-build.ts). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { asc, count, eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, outboxMessages, staffSessions, staffUsers } from "#server/db/schema/index.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const DOMAIN = "@comptoir-emballage.fr";
/** Each demo account, and what its role may do here (written out: the test does not read the permission map). */
const ROLES = [
  { email: `direction${DOMAIN}`, team: true, write: true, audit: true },
  { email: `gerance${DOMAIN}`, team: true, write: false, audit: false },
  { email: `entrepot${DOMAIN}`, team: false, write: false, audit: false },
  { email: `planning${DOMAIN}`, team: false, write: false, audit: false },
  { email: `service-client${DOMAIN}`, team: false, write: false, audit: false },
  { email: `catalogue${DOMAIN}`, team: false, write: false, audit: false },
  { email: `comptabilite${DOMAIN}`, team: false, write: false, audit: true },
];
const OWNER = ROLES[0].email;
/** This site's origin as `sameOrigin` (server/http/staff-auth.ts) sees it under app.inject: the Host "localhost:80". */
const ORIGIN = "http://localhost:80";
const DENIED = "Vous n&#x27;avez pas les droits pour cette action.";

type Fields = Record<string, string | number | string[]>;
const body = (fields: Fields) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, String(x));
  return p.toString();
};

describe.each(testDbKinds())("back-office team, audit and sessions pages (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  const db = () => t.app.services.db;
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, fields: Fields, origin: string | null = ORIGIN) =>
    t.app.inject({
      method: "POST",
      url,
      payload: body(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
        ...(origin === null ? {} : { origin }),
      },
    });
  const staffRow = async (email: string) => (await db().select().from(staffUsers).where(eq(staffUsers.email, email)))[0];
  const idOf = async (email: string) => (await staffRow(email)).id;
  /** What a team or session action could change: the staff rows, the audit log, the outbox, the sessions. */
  const snapshot = async () => ({
    staff: await db().select().from(staffUsers).orderBy(asc(staffUsers.id)),
    audit: (await db().select({ n: count() }).from(auditLog))[0].n,
    outbox: (await db().select({ n: count() }).from(outboxMessages))[0].n,
    sessions: await db()
      .select({ id: staffSessions.id, revokedAt: staffSessions.revokedAt })
      .from(staffSessions)
      .orderBy(asc(staffSessions.id)),
  });

  it("sends a visitor to the login, from every page and every action, in both languages", async () => {
    for (const path of ["equipe", "journal", "sessions"])
      for (const [prefix, login] of [
        ["/admin", "/admin/connexion"],
        ["/zh/admin", "/zh/admin/connexion"],
      ]) {
        const page = await get(`${prefix}/${path}`);
        expect(page.statusCode, `${prefix}/${path}`).toBe(302);
        expect(page.headers.location).toBe(login);
      }
    const before = await snapshot();
    for (const [url, fields] of [
      ["/admin/equipe", { intent: "invite", email: `x${DOMAIN}`, name: "X", roles: "warehouse" }],
      ["/admin/sessions", { intent: "revoke_others" }],
    ] as const) {
      const res = await post(url, undefined, fields);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe("/admin/connexion");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("opens each page to the roles that hold its permission, 403 to the others", async () => {
    for (const role of ROLES) {
      const cookie = await staffCookie(t.app, role.email);
      const team = await get("/admin/equipe", cookie);
      expect(team.statusCode, `${role.email} team`).toBe(role.team ? 200 : 403);
      if (!role.team) expect(team.body).toContain(DENIED);
      else {
        expect(team.headers["cache-control"]).toBe("private, no-store");
        expect(team.body).toContain("Claire Dubois");
        // the forms only to who may use them
        expect(team.body.includes('name="intent"'), role.email).toBe(role.write);
        expect(team.body.includes("Inviter un membre"), role.email).toBe(role.write);
      }
      const audit = await get("/admin/journal", cookie);
      expect(audit.statusCode, `${role.email} audit`).toBe(role.audit ? 200 : 403);
      if (!role.audit) expect(audit.body).toContain(DENIED);
      const sessions = await get("/admin/sessions", cookie);
      expect(sessions.statusCode, `${role.email} sessions`).toBe(200);
      expect(sessions.body).toContain("Cette session");
      // the navigation shows what the role opens
      expect(sessions.body.includes('href="/admin/equipe"'), role.email).toBe(role.team);
      expect(sessions.body.includes('href="/admin/journal"'), role.email).toBe(role.audit);
    }
  });

  it("refuses every team action to the roles without staff:write, changing nothing", async () => {
    const target = await idOf(`catalogue${DOMAIN}`);
    const intents: Fields[] = [
      { intent: "invite", email: `refuse${DOMAIN}`, name: "Refusé", roles: ["warehouse"] },
      { intent: "roles", id: target, roles: ["catalogue", "planner"] },
      { intent: "disable", id: target },
      { intent: "enable", id: target },
      { intent: "reset_second_factor", id: target },
      { intent: "nothing", id: target },
    ];
    for (const role of ROLES.filter((r) => !r.write)) {
      const cookie = await staffCookie(t.app, role.email);
      const before = await snapshot();
      for (const fields of intents) {
        const res = await post("/admin/equipe", cookie, fields);
        expect(res.statusCode, `${role.email} ${String(fields.intent)}`).toBe(403);
        expect(res.body).toContain(DENIED);
      }
      expect(await snapshot(), role.email).toEqual(before);
    }
  });

  it("refuses an action sent without this site's Origin, changing nothing", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const other = await staffCookie(t.app, OWNER);
    const otherId = (
      await db()
        .select()
        .from(staffSessions)
        .orderBy(sql`id desc`)
        .limit(1)
    )[0].id;
    const target = await idOf(`catalogue${DOMAIN}`);
    const before = await snapshot();
    for (const origin of [null, "http://evil.example", "https://localhost:80"]) {
      for (const [url, fields] of [
        ["/admin/equipe", { intent: "disable", id: target }],
        ["/admin/equipe", { intent: "invite", email: `cross${DOMAIN}`, name: "Cross", roles: "warehouse" }],
        ["/zh/admin/equipe", { intent: "roles", id: target, roles: "owner" }],
        ["/admin/sessions", { intent: "revoke", id: otherId }],
        ["/admin/sessions", { intent: "revoke_others" }],
      ] as const) {
        const res = await post(url, owner, fields, origin);
        expect(res.statusCode, `${url} ${origin}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await get("/admin/sessions", other)).statusCode).toBe(200);
  });

  it("invites a member: the outbox holds the e-mail, the list shows them invited; an e-mail taken or a field is refused", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const res = await post("/admin/equipe", owner, {
      intent: "invite",
      email: `nouvelle${DOMAIN}`,
      name: "Inès Nouvelle",
      roles: ["warehouse", "planner"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Invitation envoyée à nouvelle${DOMAIN}.`);
    const [mail] = await query<{ payload: { to: string; subject: string } }>(
      db(),
      sql`select payload from outbox_messages where payload->>'to' = ${`nouvelle${DOMAIN}`}`,
    );
    expect(mail.payload.subject).toBe("Votre accès à l'espace équipe de Comptoir");
    const row = await staffRow(`nouvelle${DOMAIN}`);
    expect(row).toMatchObject({ name: "Inès Nouvelle", roles: ["warehouse", "planner"], passwordHash: null });
    const list = await get("/admin/equipe", owner);
    const html = list.body.slice(list.body.indexOf(`data-staff="nouvelle${DOMAIN}"`));
    expect(html.slice(0, html.indexOf("</tr>"))).toMatch(
      /Inès Nouvelle.*nouvelle@comptoir-emballage\.fr.*Préparation \/ entrepôt, Planification des livraisons.*Invitation en attente.*Non activée.*Aucune connexion/s,
    );

    const before = await snapshot();
    const taken = await post("/admin/equipe", owner, { intent: "invite", email: `NOUVELLE${DOMAIN}`, name: "Autre", roles: "catalogue" });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain("Un membre de l&#x27;équipe utilise déjà cette adresse e-mail.");
    const fields = await post("/admin/equipe", owner, { intent: "invite", email: "pas-une-adresse", name: " " });
    expect(fields.statusCode).toBe(400);
    expect(fields.body).toContain("Veuillez saisir le nom.");
    expect(fields.body).toContain("Choisissez au moins un rôle.");
    const unknown = await post("/admin/equipe", owner, { intent: "invite", email: `r${DOMAIN}`, name: "R", roles: "chef" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Rôle inconnu.");
    expect(await snapshot()).toEqual(before);
  });

  it("changes a member's roles with its audit row, shown in the journal", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const target = await idOf(`catalogue${DOMAIN}`);
    const res = await post("/admin/equipe", owner, { intent: "roles", id: target, roles: ["catalogue", "customer_service"] });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Rôles enregistrés.");
    expect((await staffRow(`catalogue${DOMAIN}`)).roles).toEqual(["catalogue", "customer_service"]);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "set_roles"));
    expect(row).toMatchObject({
      staffId: await idOf(OWNER),
      entity: "staff",
      entityId: String(target),
      changes: { roles: { before: ["catalogue"], after: ["catalogue", "customer_service"] } },
    });
    const journal = await get(`/admin/journal?entity=staff&staff_id=${await idOf(OWNER)}`, owner);
    expect(journal.statusCode).toBe(200);
    expect(journal.body).toContain("Changement de rôles");
    expect(journal.body).toContain("catalogue → catalogue, customer_service");
    expect(journal.body).toContain(`staff #${target}`);
    // nothing ticked: refused, unchanged
    const before = await snapshot();
    const none = await post("/admin/equipe", owner, { intent: "roles", id: target });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Choisissez au moins un rôle.");
    const missing = await post("/admin/equipe", owner, { intent: "roles", id: 99999, roles: "owner" });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to demote or disable the last owner, and the owner's own disabling, in the page's language", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const me = await idOf(OWNER);
    const before = await snapshot();
    const demote = await post("/admin/equipe", owner, { intent: "roles", id: me, roles: "manager" });
    expect(demote.statusCode).toBe(400);
    expect(demote.body).toContain("La boutique doit garder au moins un propriétaire actif.");
    const self = await post("/admin/equipe", owner, { intent: "disable", id: me });
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain("Vous ne pouvez pas désactiver votre propre compte.");
    const zh = await post("/zh/admin/equipe", owner, { intent: "disable", id: me });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toContain("您不能停用自己的账户。");
    const zhOwner = await post("/zh/admin/equipe", owner, { intent: "roles", id: me, roles: "manager" });
    expect(zhOwner.body).toContain("店铺必须至少保留一名已启用的所有者。");
    const unknown = await post("/admin/equipe", owner, { intent: "promote", id: me });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Action inconnue.");
    expect(await snapshot()).toEqual(before);
  });

  it("disables a member (their sessions end), enables them, and resets a second factor, each audited", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const email = `planning${DOMAIN}`;
    const id = await idOf(email);
    const theirs = await staffCookie(t.app, email);
    const disable = await post("/admin/equipe", owner, { intent: "disable", id });
    expect(disable.statusCode).toBe(200);
    expect(disable.body).toContain("Le compte de Sophie Martin est désactivé.");
    expect((await staffRow(email)).disabledAt).not.toBeNull();
    expect((await get("/admin/sessions", theirs)).headers.location).toBe("/admin/connexion");
    const enable = await post("/admin/equipe", owner, { intent: "enable", id });
    expect(enable.statusCode).toBe(200);
    expect(enable.body).toContain("Le compte de Sophie Martin est réactivé.");
    expect((await staffRow(email)).disabledAt).toBeNull();
    const reset = await post("/admin/equipe", owner, { intent: "reset_second_factor", id });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain("Sophie Martin configurera à nouveau la vérification en deux étapes");
    expect(await staffRow(email)).toMatchObject({ totpSecret: null, totpEnrolledAt: null });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(rows.map((r) => r.action)).toEqual(["disable", "enable", "reset_second_factor"]);
    const journal = await get(`/admin/journal?entity=staff`, owner);
    expect(journal.body).toContain("Réinitialisation de la vérification en deux étapes");
    // the factor's state, no secret
    expect(journal.body).toContain("second_factor</span> : enrolled → reset");
    expect(journal.body).not.toContain("totp_secret");
    // the marker stays in the page's data, never in its text
    expect(journal.body.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("[redacted]");
  });

  it("pages and filters the journal from the address, refusing an invalid filter", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const accountant = await staffCookie(t.app, `comptabilite${DOMAIN}`);
    const me = await idOf(OWNER);
    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 57 }, (_, i) => ({
          staffId: me,
          at: new Date(Date.UTC(2026, 0, 10, 12, i)),
          ip: "203.0.113.9",
          entity: "probe",
          entityId: String(i + 1),
          action: "touch",
          changes: { n: { before: i, after: i + 1 } },
        })),
      );
    const first = await get("/admin/journal?entity=probe", accountant);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("57 entrées");
    expect(first.body).toContain("Page 1 sur 2");
    expect(first.body).toContain("probe #57");
    expect(first.body).not.toContain("probe #7<");
    expect(first.body).toContain('href="/admin/journal?entity=probe&amp;page=2"');
    expect(first.body).toContain("10/01/2026 13:56"); // 12:56 UTC, Paris time
    const second = await get("/admin/journal?entity=probe&page=2", accountant);
    expect(second.body).toContain("Page 2 sur 2");
    expect(second.body).toContain("probe #7<");
    expect(second.body).toContain("probe #1<");
    expect(second.body).not.toContain("probe #8<");
    const day = await get("/admin/journal?entity=probe&from=2026-01-10&to=2026-01-10", owner);
    expect(day.body).toContain("57 entrées");
    const none = await get(`/admin/journal?entity=probe&staff_id=${await idOf(`gerance${DOMAIN}`)}`, owner);
    expect(none.body).toContain("Aucune entrée ne correspond à ces filtres.");
    const invalid = await get("/admin/journal?from=2026-13-01", owner);
    expect(invalid.statusCode).toBe(200);
    expect(invalid.body).toContain("Date invalide (format AAAA-MM-JJ).");
    expect(invalid.body).not.toContain("probe #");
    const zh = await get("/zh/admin/journal?entity=probe&page=2", owner);
    expect(zh.body).toContain("审计日志");
    expect(zh.body).toContain("第 2 页，共 2 页");
  });

  it("lists a member's own sessions and ends another one, or all the others, for every role", async () => {
    for (const role of ROLES) {
      const id = await idOf(role.email);
      const mine = await staffCookie(t.app, role.email);
      const [current] = await db()
        .select()
        .from(staffSessions)
        .orderBy(sql`id desc`)
        .limit(1);
      const other = await staffCookie(t.app, role.email);
      const [second] = await db()
        .select()
        .from(staffSessions)
        .orderBy(sql`id desc`)
        .limit(1);
      const page = await get("/admin/sessions", mine);
      expect(page.body).toContain(`name="id" value="${second.id}"`);
      expect(page.body).not.toContain(`name="id" value="${current.id}"`);
      // another member's session, or the current one, is not theirs to end here
      const before = await snapshot();
      const foreign = await db()
        .select()
        .from(staffSessions)
        .where(sql`${staffSessions.staffId} <> ${id}`)
        .limit(1);
      for (const target of [foreign[0].id, current.id]) {
        const res = await post("/admin/sessions", mine, { intent: "revoke", id: target });
        expect(res.statusCode, role.email).toBe(404);
        expect(res.body).toContain("Session inconnue ou déjà fermée.");
      }
      expect(await snapshot()).toEqual(before);
      const revoke = await post("/admin/sessions", mine, { intent: "revoke", id: second.id });
      expect(revoke.statusCode, role.email).toBe(200);
      expect(revoke.body).toContain("La session est fermée.");
      expect((await get("/admin/sessions", other)).headers.location).toBe("/admin/connexion");
      const a = await staffCookie(t.app, role.email);
      const b = await staffCookie(t.app, role.email);
      const all = await post("/admin/sessions", mine, { intent: "revoke_others" });
      expect(all.statusCode).toBe(200);
      expect(all.body).toMatch(/\d+ autres sessions fermées\./);
      for (const c of [a, b]) expect((await get("/admin/sessions", c)).statusCode).toBe(302);
      expect((await get("/admin/sessions", mine)).statusCode).toBe(200);
      const live = await db()
        .select()
        .from(staffSessions)
        .where(sql`${staffSessions.staffId} = ${id} and revoked_at is null`);
      expect(live.map((s) => s.id)).toEqual([current.id]);
    }
  });

  it("answers the zh pages in Chinese", async () => {
    const owner = await staffCookie(t.app, OWNER);
    const team = await get("/zh/admin/equipe", owner);
    expect(team.statusCode).toBe(200);
    for (const text of ["团队成员", "邀请成员", "所有者", "已启用", "当前会话"].slice(0, 4)) expect(team.body, text).toContain(text);
    const sessions = await get("/zh/admin/sessions", owner);
    expect(sessions.body).toContain("我的会话");
    expect(sessions.body).toContain("当前会话");
    const journal = await get("/zh/admin/journal", owner);
    expect(journal.body).toContain("审计日志");
    expect(journal.body).toContain("修改角色");
    const denied = await get("/zh/admin/journal", await staffCookie(t.app, `entrepot${DOMAIN}`));
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toContain("您没有执行此操作的权限。");
  });
});
