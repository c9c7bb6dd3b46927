// The back office's quotation pages over the real build and a real HTTP connection (decision 148): the list in fr and
// zh (requests first, state filter, search), a quotation made for the demo customer from its client number, its lines
// and prices edited, sent, cancelled through the page's forms with the answer in the page's language; every role
// without quotations:write gets 403 on each form and nothing changes; roles without quotations:read get 403 on both pages.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffContextOf, staffCookie } from "#server/test/staff.ts";
import { one } from "#server/test/payments.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office quotation pages", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, body: text(await res.text()), location: res.headers.get("location") };
  };
  const post = async (path: string, fields: [string, string][], cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: res.status, body: text(await res.text()), location: res.headers.get("location") };
  };
  const state = async (id: number) =>
    one<{ status: string; lines: number; total_ht: string; audits: number; mails: number }>(
      t.app.services.db,
      sql`select status, jsonb_array_length(lines)::int as lines, total_ht::text as total_ht,
            (select count(*)::int from audit_log where entity = 'quotation' and entity_id = ${String(id)}) as audits,
            (select count(*)::int from outbox_messages where (payload -> 'attachments' -> 0 ->> 'id')::int = ${id}
               and payload -> 'attachments' -> 0 ->> 'kind' = 'quotation') as mails
          from quotations where id = ${id}`,
    );
  const version = async (id: number) => (await t.app.services.staffQuotations.detail(t.app.services.db, id, "fr")).version;

  it("lists quotations in fr and zh, requests first, filtered and searched; roles without quotations get 403", async () => {
    const cs = await staff("service-client");
    const fr = await get("/admin/devis", cs);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("DV2026-000012");
    expect(fr.body).toContain("Demande à traiter");
    expect(fr.body).toContain("Nouveau devis pour un client");
    const zh = await get("/zh/admin/devis?state=request", cs);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("待处理的请求");
    expect(zh.body).toContain("DV2026-000012");
    expect((await get("/admin/devis?state=cancelled", cs)).body).not.toContain(">DV2026-000012<");
    expect((await get("/admin/devis?q=DV2026-000009", cs)).body).not.toContain(">DV2026-000012<");
    expect((await get("/admin/devis?state=perdu", cs)).body).toContain("État de devis inconnu.");
    // the accountant reads, without the forms
    const accounting = await get("/admin/devis", await staff("comptabilite"));
    expect(accounting.status).toBe(200);
    expect(accounting.body).not.toContain("Nouveau devis pour un client");
    const [{ id }] = await query<{ id: number }>(t.app.services.db, sql`select id from quotations where number = 'DV2026-000012'`);
    for (const who of ["entrepot", "planning", "catalogue"]) {
      expect((await get("/admin/devis", await staff(who))).status, who).toBe(403);
      expect((await get(`/admin/devis/${id}`, await staff(who))).status, who).toBe(403);
    }
    expect((await get("/admin/devis/999999", cs)).status).toBe(404);
    expect((await get("/admin/devis/abc", cs)).status).toBe(404);
  });

  it("makes a quotation for a client number, edits it, sends and cancels it through the forms", async () => {
    const cs = await staff("service-client");
    const bad = await post(
      "/admin/devis",
      [
        ["intent", "create"],
        ["client_number", "C999999"],
      ],
      cs,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Aucun client ne porte le numéro C999999.");
    const made = await post(
      "/admin/devis",
      [
        ["intent", "create"],
        ["client_number", "c100001"],
      ],
      cs,
    );
    expect(made.status).toBe(302);
    const id = Number(/\/admin\/devis\/(\d+)$/.exec(made.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    const page = await get(`/admin/devis/${id}`, cs);
    expect(page.body).toContain("Brouillon");
    expect(page.body).toContain("Ce devis n'a encore aucune ligne");
    const [m] = await query<{ id: number; reference: string }>(
      t.app.services.db,
      sql`select m.id, m.reference from models m join products p on p.id = m.product_id where p.active and not m.not_for_sale order by m.id limit 1`,
    );
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const add = await post(
      `/admin/devis/${id}`,
      [
        ["intent", "save"],
        ["edited", await version(id)],
        ["add_ref", m.reference],
        ["add_num", "20"],
        ["valid_until", until],
        ["note", "Client au téléphone"],
      ],
      cs,
    );
    expect(add.status, add.body.slice(0, 300)).toBe(200);
    expect(add.body).toContain("Devis enregistré.");
    const priced = await post(
      `/admin/devis/${id}`,
      [
        ["intent", "save"],
        ["edited", await version(id)],
        ["line_model", String(m.id)],
        ["line_num", "20"],
        ["line_price", "1,2345"],
        ["valid_until", until],
        ["note", ""],
      ],
      cs,
    );
    expect(priced.status).toBe(200);
    expect(await state(id)).toMatchObject({ lines: 1, total_ht: "24.69" });
    const tooPrecise = await post(
      `/zh/admin/devis/${id}`,
      [
        ["intent", "save"],
        ["edited", await version(id)],
        ["line_model", String(m.id)],
        ["line_num", "20"],
        ["line_price", "1.23456"],
        ["valid_until", until],
      ],
      cs,
    );
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body).toContain("不含税单价无效");
    const stale = await post(
      `/admin/devis/${id}`,
      [
        ["intent", "send"],
        ["edited", "draft.0.0"],
      ],
      cs,
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toContain("a été modifié entre-temps");
    const sent = await post(
      `/admin/devis/${id}`,
      [
        ["intent", "send"],
        ["edited", await version(id)],
      ],
      cs,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Devis envoyé à demo@comptoir-emballage.fr.");
    expect(await state(id)).toMatchObject({ status: "open", mails: 1 });
    const shown = await get(`/zh/admin/devis/${id}`, cs);
    expect(shown.body).toContain("已发送");
    expect(shown.body).toContain(`name="line_price" value="1.2345"`);
    expect(shown.body).toContain("€24.69 不含税");
    const cancelled = await post(
      `/admin/devis/${id}`,
      [
        ["intent", "cancel"],
        ["edited", await version(id)],
      ],
      await staff("gerance"),
    );
    expect(cancelled.body).toContain("Devis annulé.");
    expect(await state(id)).toMatchObject({ status: "cancelled", audits: 5 });
  });

  it("refuses every form to a role without quotations:write: 403 and nothing changes", async () => {
    const made = await t.app.services.staffQuotations.create(await staffContextOf(t.app, "direction@comptoir-emballage.fr"), "C100001");
    const id = made.id;
    const v = await version(id);
    const forms: Record<string, [string, [string, string][]]> = {
      create: [
        "/admin/devis",
        [
          ["intent", "create"],
          ["client_number", "C100001"],
        ],
      ],
      save: [
        `/admin/devis/${id}`,
        [
          ["intent", "save"],
          ["edited", v],
          ["add_ref", "X"],
          ["add_num", "1"],
          ["valid_until", "2030-01-01"],
        ],
      ],
      send: [
        `/admin/devis/${id}`,
        [
          ["intent", "send"],
          ["edited", v],
        ],
      ],
      cancel: [
        `/admin/devis/${id}`,
        [
          ["intent", "cancel"],
          ["edited", v],
        ],
      ],
    };
    const before = await state(id);
    const [{ n: count }] = await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from quotations`);
    for (const who of ["entrepot", "planning", "catalogue", "comptabilite"]) {
      const cookie = await staff(who);
      for (const [name, [url, fields]] of Object.entries(forms))
        expect((await post(url, fields, cookie)).status, `${who} ${name}`).toBe(403);
    }
    expect(await state(id)).toEqual(before);
    expect((await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from quotations`))[0].n).toBe(count);
    // a visitor goes to the login
    expect((await post(`/admin/devis/${id}`, forms.cancel[1], "")).location).toContain("/admin/connexion");
  });
});
