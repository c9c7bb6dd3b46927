// The back office's customers over the real build and a real HTTP connection, in French and Chinese: the list with
// its search and the pending accounts first, the customer page with its sections, staff approving and refusing a
// professional account (a refusal needs its message), ending a customer's session, the approval setting; each write
// refused (403) to the roles without its permission, nothing changed; the buyer's pages say the account awaits
// approval.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe("back office customers", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  let seq = 0;
  const staff = (who: string) => staffCookie(t.app, who.includes("@") ? who : `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, body: text(await res.text()) };
  };
  const post = async (path: string, fields: [string, string][], cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: res.status, body: text(await res.text()) };
  };
  /** A professional account in `approval`, with its client number. */
  async function pro(approval = "pending", lang = "fr") {
    const n = ++seq;
    const [c] = await query<{ id: number; client_number: string }>(
      t.app.services.db,
      sql`insert into customers (client_number, title, first_name, last_name, company, siret, email, password_hash, approval, lang)
          values (${`C77000${n}`}, 'Mme', 'Lise', ${`Pro${n}`}, ${`Bazar Étoilé ${n}`}, '73282932000074', ${`bazar${n}@exemple.fr`}, 'x', ${approval}, ${lang})
          returning id, client_number`,
    );
    return c;
  }
  const approvalOf = async (id: number) =>
    (
      await t.app.services.db.select({ a: customers.approval, m: customers.approvalMessage }).from(customers).where(eq(customers.id, id))
    )[0];

  it("lists customers in French and Chinese, searched, pending accounts first, each linking to its page", async () => {
    const c = await pro();
    const cs = await staff("service-client");
    const fr = await get("/admin/clients", cs);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("Validation des comptes professionnels");
    expect(fr.body).toContain("1 compte professionnel attend votre validation.");
    // the pending account comes before the demo customers
    expect(fr.body.indexOf(c.client_number)).toBeLessThan(fr.body.indexOf("C100001"));
    expect(fr.body).toContain(`href="/admin/clients/${c.client_number}"`);
    const found = await get("/admin/clients?q=06+12+34+56+78", cs);
    expect(found.body).toContain("Boulangerie Dupont");
    expect(found.body).not.toContain("Traiteur Martin");
    const bySiret = await get("/admin/clients?q=898+765+432+00027", cs);
    expect(bySiret.body).toContain("Traiteur Martin");
    expect(bySiret.body).not.toContain("Boulangerie Dupont");
    const zh = await get("/zh/admin/clients?approval=pending", cs);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("专业账户审核");
    expect(zh.body).toContain("待审核");
    expect(zh.body).toContain(c.client_number);
    expect(zh.body).not.toContain("C100001");
    const bad = await get("/admin/clients?approval=maybe&page_size=7", cs);
    expect(bad.body).toContain("Choisissez un état de validation de la liste.");
    expect(bad.body).toContain("Choisissez 20, 50 ou 100 clients par page.");
    // the navigation shows the section to the roles that read customers
    expect((await get("/admin", cs)).body).toContain('href="/admin/clients"');
    expect((await get("/admin", await staff("entrepot"))).body).not.toContain('href="/admin/clients"');
  });

  it("shows the customer's page in French and Chinese, with its orders linking to their pages; 404 for an unknown one", async () => {
    const cs = await staff("service-client");
    const fr = await get("/admin/clients/C100001", cs);
    expect(fr.status).toBe(200);
    for (const s of [
      "Identité",
      "Validation du compte",
      "Adresses",
      "Horaires de réception",
      "Commandes",
      "Factures",
      "Avoirs",
      "Retours",
      "Questions",
      "Sessions ouvertes",
    ])
      expect(fr.body, s).toContain(s);
    expect(fr.body).toContain("Solde d'avoirs disponible");
    const [o] = await query<{ number: string }>(
      t.app.services.db,
      sql`select number from orders where customer_id = 1 order by created_at desc, id desc limit 1`,
    );
    expect(fr.body).toContain(`href="/admin/commandes/${o.number}"`);
    const zh = await get("/zh/admin/clients/C100001", cs);
    expect(zh.body).toContain("身份信息");
    expect(zh.body).toContain("登录会话");
    expect(zh.body).toContain(`href="/zh/admin/commandes/${o.number}"`);
    expect((await get("/admin/clients/C999999", cs)).status).toBe(404);
  });

  it("approves and refuses a professional account; a refusal needs its message; the buyer's pages say it awaits approval", async () => {
    const c = await pro("pending", "zh");
    const cs = await staff("service-client");
    const url = `/admin/clients/${c.client_number}`;
    // the buyer's account page and checkout say the account awaits approval
    const token = await t.app.services.sessions.create(t.app.services.db, c.id);
    const home = await get("/zh/mon-compte", `uid=${token}`);
    expect(home.body).toContain("您的专业账户正在等待审核");
    const checkout = await get("/commande", `uid=${token}`);
    expect(checkout.body).toContain("Votre compte professionnel est en attente de validation");

    const blank = await post(
      url,
      [
        ["intent", "refuse"],
        ["message", "  "],
      ],
      cs,
    );
    expect(blank.status).toBe(400);
    expect(blank.body).toContain("Écrivez au client la raison du refus.");
    expect((await approvalOf(c.id)).a).toBe("pending");
    const refused = await post(
      `/zh${url}`,
      [
        ["intent", "refuse"],
        ["message", "SIRET introuvable."],
      ],
      cs,
    );
    expect(refused.status).toBe(200);
    expect(refused.body).toContain("账户已被拒绝，已通知客户。");
    expect(await approvalOf(c.id)).toEqual({ a: "refused", m: "SIRET introuvable." });
    const again = await post(
      url,
      [
        ["intent", "refuse"],
        ["message", "Toujours non."],
      ],
      cs,
    );
    expect(again.body).toContain("Ce compte est déjà refusé.");
    const home2 = await get("/zh/mon-compte", `uid=${token}`);
    expect(home2.body).toContain("您的专业账户未通过审核");
    expect(home2.body).toContain("SIRET introuvable.");
    const ok = await post(
      url,
      [
        ["intent", "approve"],
        ["message", ""],
      ],
      cs,
    );
    expect(ok.body).toContain("Compte validé : le client en est informé.");
    expect((await approvalOf(c.id)).a).toBe("approved");
    expect((await get("/zh/mon-compte", `uid=${token}`)).body).not.toContain("您的专业账户");
  });

  it("ends a customer's session from the page: the customer is logged out at once", async () => {
    const c = await pro("approved");
    const { db, sessions } = t.app.services;
    const token = await sessions.create(db, c.id, undefined, "Mozilla/5.0 (Macintosh; Mac OS X) Firefox/130.0");
    expect((await get("/mon-compte", `uid=${token}`)).status).toBe(200);
    const cs = await staff("gerance");
    const page = await get(`/admin/clients/${c.client_number}`, cs);
    expect(page.body).toContain("Firefox · macOS");
    const [s] = await sessions.list(db, c.id);
    const done = await post(
      `/admin/clients/${c.client_number}`,
      [
        ["intent", "revoke"],
        ["session", String(s.id)],
      ],
      cs,
    );
    expect(done.body).toContain("Session terminée : le client est déconnecté de cet appareil.");
    expect((await get("/mon-compte", `uid=${token}`)).status).toBe(302);
    const gone = await post(
      `/admin/clients/${c.client_number}`,
      [
        ["intent", "revoke"],
        ["session", String(s.id)],
      ],
      cs,
    );
    expect(gone.body).toContain("Cette session est déjà terminée.");
  });

  it("refuses every write to each role without its permission (403): nothing changes", async () => {
    const c = await pro("pending");
    const { db, sessions } = t.app.services;
    const token = await sessions.create(db, c.id);
    const [s] = await sessions.list(db, c.id);
    const url = `/admin/clients/${c.client_number}`;
    const audits = async () => (await query<{ n: number }>(db, sql`select count(*)::int as n from audit_log`))[0].n;
    const before = await audits();
    for (const role of STAFF_ROLES) {
      const cookie = await staff(DEMO_STAFF.find((m) => m.roles.includes(role))!.email);
      const may = (p: string) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(p);
      if (!may("customers:read")) {
        expect((await get("/admin/clients", cookie)).status, role).toBe(403);
        expect((await get(url, cookie)).status, role).toBe(403);
      }
      if (!may("customers:write")) {
        for (const fields of [
          [
            ["intent", "approve"],
            ["message", ""],
          ],
          [
            ["intent", "refuse"],
            ["message", "Non."],
          ],
          [
            ["intent", "revoke"],
            ["session", String(s.id)],
          ],
        ] as [string, string][][])
          expect((await post(url, fields, cookie)).status, `${role} ${fields[0][1]}`).toBe(403);
      }
      if (!may("settings:write")) expect((await post("/admin/clients", [["approval", "on"]], cookie)).status, role).toBe(403);
    }
    expect((await approvalOf(c.id)).a).toBe("pending");
    expect(await sessions.resolve(db, token)).not.toBeNull();
    expect(await t.app.services.customerApproval.settingOn({ db })).toBe(false);
    expect(await audits()).toBe(before);
  });

  it("lets the owner turn the approval setting on and off", async () => {
    const owner = await staff("direction");
    const on = await post("/admin/clients", [["approval", "on"]], owner);
    expect(on.body).toContain("La validation des comptes professionnels est activée.");
    expect(await t.app.services.customerApproval.settingOn({ db: t.app.services.db })).toBe(true);
    const zh = await post("/zh/admin/clients", [["approval", "off"]], owner);
    expect(zh.body).toContain("专业账户审核已关闭。");
    const bad = await post("/admin/clients", [["approval", "maybe"]], owner);
    expect(bad.body).toContain("Réglage inconnu.");
  });
});
