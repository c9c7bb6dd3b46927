// The content and shops pages over the real build and a real HTTP connection (decision 155): who may read and write
// them (owner, manager, catalogue role; others 403 with nothing changed), a page created in fr and zh with its text
// sanitised and its footer link on the storefront at once, a stale form refused (409), a shop's hours refused when
// wrong (in the page's language) and shown by the storefront's shops page when saved.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office content and shops pages", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie = "") => {
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
  const audits = async () =>
    (
      await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from audit_log where entity in ('content_page', 'shop')`)
    )[0].n;
  /** Waits (at most 2 s) for the storefront to show what a commit changed. */
  async function until(ok: () => Promise<boolean>) {
    for (let i = 0; i < 40; i++) {
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("condition not met in 2 s");
  }
  const page = (change: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      intent: "save",
      version: "",
      slug: "retrait-express",
      title_fr: "Retrait express",
      title_zh: "快速自提",
      body_fr: `<h2>En 1 h</h2><p>Commandez, <a href="/magasins" onmouseover="alert(1)">venez</a>.<script>alert("xss")</script></p><img src=x onerror=alert(1)>`,
      body_zh: "<p>一小时内自提。</p>",
      in_footer: "on",
      position: "0",
      ...change,
    });
  const versionOf = (body: string) => /name="version" value="([0-9a-f]+)"/.exec(body)?.[1] ?? "";

  it("lets the owner, the manager and the catalogue role in, in fr and zh; other roles get 403 on every page and write", async () => {
    for (const who of ["direction", "gerance", "catalogue"]) {
      const cookie = await staff(who);
      const list = await get("/admin/contenu", cookie);
      expect(list.status, who).toBe(200);
      expect(list.body).toContain("Pages de contenu");
      expect(list.body).toContain("Livraison");
      const shops = await get("/admin/magasins", cookie);
      expect(shops.status, who).toBe(200);
      expect(shops.body).toContain("Magasins et horaires");
      expect(shops.body).toContain('value="08:30"');
      // the navigation shows both to these roles
      expect(list.body).toContain('href="/admin/contenu"');
      expect(list.body).toContain('href="/admin/magasins"');
    }
    const owner = await staff("direction");
    const zh = await get("/zh/admin/contenu", owner);
    expect(zh.body).toContain("内容页面");
    expect(zh.body).toContain("配送");
    expect((await get("/zh/admin/magasins", owner)).body).toContain("门店和营业时间");
    expect((await get("/zh/admin/contenu/1", owner)).body).toContain("正文（中文）");
    expect((await get("/admin/contenu/1", owner)).body).toContain("Nom dans l'adresse");
    expect((await get("/admin/contenu/999999", owner)).status).toBe(404);
    expect((await get("/admin/contenu/abc", owner)).status).toBe(404);
    for (const who of ["entrepot", "service-client", "comptabilite", "planning"]) {
      const cookie = await staff(who);
      for (const path of ["/admin/contenu", "/admin/contenu/1", "/admin/contenu/nouvelle", "/admin/magasins"])
        expect((await get(path, cookie)).status, `${who} ${path}`).toBe(403);
      const own = await get("/admin/sessions", cookie);
      expect(own.body.includes('href="/admin/contenu"') || own.body.includes('href="/admin/magasins"'), who).toBe(false);
      expect((await post("/admin/contenu/nouvelle", page({ slug: `x-${who}` }), cookie)).status, who).toBe(403);
      expect((await post("/admin/magasins", [["shop", "1"]], cookie)).status, who).toBe(403);
    }
    expect((await get("/admin/contenu")).status).toBe(302);
    expect(await audits()).toBe(0);
  });

  it("creates a page with its text sanitised: the storefront shows it and its footer link at once, in fr and zh", async () => {
    const cookie = await staff("catalogue");
    const created = await post("/admin/contenu/nouvelle", page(), cookie);
    expect(created.status).toBe(302);
    const id = /\/admin\/contenu\/(\d+)\?enregistree$/.exec(created.location ?? "")?.[1];
    expect(id).toBeDefined();
    const edit = await get(`/admin/contenu/${id}?enregistree`, cookie);
    expect(edit.body).toContain("Page enregistrée");
    const shown = await get(`/content/${id}-retrait-express`);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("Retrait express");
    expect(shown.body).toContain(`<h2>En 1 h</h2><p>Commandez, <a href="/magasins">venez</a>.</p>`);
    expect(shown.body).not.toContain('alert("xss")');
    expect(shown.body).not.toContain("onerror");
    expect(shown.body).not.toContain("onmouseover");
    await until(async () => (await get("/")).body.includes(`href="/content/${id}-retrait-express"`));
    expect((await get(`/zh/content/${id}-retrait-express`)).body).toContain("一小时内自提。");
    expect(await audits()).toBe(1);
  });

  it("refuses bad fields in the page's language, a slug taken, and a stale form (409); nothing changes", async () => {
    const owner = await staff("direction");
    const n = await audits();
    const bad = await post("/admin/contenu/nouvelle", page({ slug: "Pas bon !", title_fr: "" }), owner);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Lettres minuscules sans accent, chiffres et tirets seulement");
    const zh = await post("/zh/admin/contenu/nouvelle", page({ slug: "ok-zh", title_zh: "" }), owner);
    expect(zh.status).toBe(400);
    expect(zh.body).toContain("请填写标题。");
    const taken = await post("/admin/contenu/nouvelle", page(), owner);
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("Une autre page porte déjà ce nom d'adresse.");
    const version = versionOf((await get("/admin/contenu/1", owner)).body);
    expect(version).not.toBe("");
    const changed = await post("/admin/contenu/1", page({ slug: "livraison", title_fr: "Livraison et retrait", version }), owner);
    expect(changed.status).toBe(200);
    expect(changed.body).toContain("Page enregistrée");
    const stale = await post("/admin/contenu/1", page({ slug: "livraison", title_fr: "Autre titre", version }), await staff("gerance"));
    expect(stale.status).toBe(409);
    expect(stale.body).toContain("Cette page a été modifiée entre-temps");
    const staleDelete = await post(
      "/admin/contenu/1",
      [
        ["intent", "delete"],
        ["version", version],
      ],
      owner,
    );
    expect(staleDelete.status).toBe(409);
    expect((await get("/content/1-livraison")).body).toContain("Livraison et retrait");
    expect(await audits()).toBe(n + 1);
  });

  it("refuses a shop's wrong hours in zh, saves good ones with an audit row: the shops page shows them", async () => {
    const owner = await staff("direction");
    const form = (await get("/admin/magasins", owner)).body;
    const version = versionOf(form);
    const fields = (change: Record<string, string>): [string, string][] =>
      Object.entries({
        shop: "1",
        version,
        name_fr: "Comptoir de l'Emballage – Aubervilliers",
        name_zh: "欧贝维利耶店",
        address_fr: "12 rue de la Haie-Coq, 93300 Aubervilliers",
        address_zh: "12 rue de la Haie-Coq, 93300 Aubervilliers（法国）",
        phone: "01 48 33 20 10",
        email: "aubervilliers@comptoir-emballage.fr",
        lat: "48.9064",
        lng: "2.3796",
        position: "1",
        ...Object.fromEntries(
          [1, 2, 3, 4, 5, 6].flatMap((d) => [
            [`open_${d}`, "07:15"],
            [`close_${d}`, "18:30"],
          ]),
        ),
        closed_7: "on",
        ...change,
      });
    const n = await audits();
    const bad = await post("/zh/admin/magasins", fields({ open_2: "19:00" }), owner);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("关门时间必须晚于开门时间。");
    expect(await audits()).toBe(n);
    const saved = await post("/admin/magasins", fields({}), await staff("gerance"));
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Magasin enregistré");
    await until(async () => (await get("/magasins")).body.includes("07:15 – 18:30"));
    expect((await get("/zh/magasins")).body).toContain("欧贝维利耶店");
    const stale = await post("/admin/magasins", fields({ open_1: "06:00" }), owner);
    expect(stale.status).toBe(409);
    expect(stale.body).toContain("Ce magasin a été modifié entre-temps");
    expect(await audits()).toBe(n + 1);
  });
});
