// The category tree's page over the real build and a real HTTP connection (decision 156): the tree in French and
// Chinese, a category renamed and shown in the storefront's menu at once, a move under its own sub-category and a
// stale form refused with their messages (fr, zh), a category created. Roles × actions: without catalogue:read,
// 403 everywhere; with it alone (customer service), the tree but no form and no write.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("back office category tree", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  const send = async (path: string, cookie: string, init: RequestInit = {}) => {
    if (!base) {
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    }
    const res = await fetch(`${base}${path}`, { ...init, headers: { cookie, origin: base, ...(init.headers ?? {}) }, redirect: "manual" });
    return { status: res.status, body: await res.text() };
  };
  const post = (path: string, cookie: string, fields: [string, string][]) =>
    send(path, cookie, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  /** Every field of a category's form as the page filled it, with `change`. */
  const categoryFields = (html: string, id: number, change: Record<string, string>): [string, string][] => {
    const form = html.slice(html.indexOf(`id="category-${id}"`));
    const body = form.slice(0, form.indexOf("</form>"));
    const fields: [string, string][] = [];
    for (const m of body.matchAll(/<input([^>]*)>/g)) {
      const name = /name="([^"]+)"/.exec(m[1])?.[1];
      if (!name) continue;
      if (/type="checkbox"/.test(m[1])) {
        if (/checked/.test(m[1])) fields.push([name, "on"]);
        continue;
      }
      fields.push([name, change[name] ?? /value="([^"]*)"/.exec(m[1])?.[1] ?? ""]);
    }
    const parent = /<select name="parent"[^>]*>[\s\S]*?<option value="(\d+)" selected/.exec(body)?.[1];
    fields.push(["parent", change.parent ?? parent ?? ""]);
    return fields;
  };
  /** A first-level category with a sub-category, and that sub-category. */
  const branch = async () =>
    (
      await query<{ id: number; name: string; child: number }>(
        t.app.services.db,
        sql`select c.id, f.name, (select min(s.id) from categories s where s.parent_id = c.id) as child
            from categories c join category_translations f on f.category_id = c.id and f.lang = 'fr'
            where c.level = 1 and exists (select 1 from categories s where s.parent_id = c.id) order by c.position, c.id limit 1`,
      )
    )[0];

  it("shows the tree, renames a category (the storefront's menu at once), refuses a loop and a stale form (fr, zh)", async () => {
    const cookie = await staff("catalogue");
    const c = await branch();
    const page = await send("/admin/catalogue/categories", cookie);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain("Catégories");
    expect(text(page.body)).toContain(c.name);
    expect(page.body).toContain(`id="category-${c.id}"`);
    expect((await send("/admin/catalogue", cookie)).body).toContain('href="/admin/catalogue/categories"');
    const zh = await send("/zh/admin/catalogue/categories", cookie);
    expect(text(zh.body)).toContain("分类树");

    const loop = await post("/zh/admin/catalogue/categories", cookie, categoryFields(page.body, c.id, { parent: String(c.child) }));
    expect(loop.status).toBe(400);
    expect(text(loop.body)).toContain("分类不能移动到其自身或其子分类之下");
    const loopFr = await post("/admin/catalogue/categories", cookie, categoryFields(page.body, c.id, { parent: String(c.child) }));
    expect(text(loopFr.body)).toContain("Une catégorie ne peut pas être déplacée sous elle-même");

    // the storefront's home page rendered (and kept) before the rename
    expect(text((await send("/", "")).body)).toContain(c.name);
    const saved = await post("/admin/catalogue/categories", cookie, categoryFields(page.body, c.id, { name_fr: "Rayon Zorglub" }));
    expect(saved.status).toBe(200);
    expect(text(saved.body)).toContain("Modifications enregistrées");
    let shown = "";
    for (let i = 0; i < 40 && !shown.includes("Rayon Zorglub"); i++) {
      shown = text((await send("/", "")).body);
      if (!shown.includes("Rayon Zorglub")) await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown).toContain("Rayon Zorglub");

    // the same page's form again: the category changed since, 409 and nothing written
    const stale = await post("/admin/catalogue/categories", cookie, categoryFields(page.body, c.id, { name_fr: "Trop tard" }));
    expect(stale.status).toBe(409);
    expect(text(stale.body)).toContain("Cette catégorie a été modifiée entre-temps");
    const [row] = await query<{ name: string }>(
      t.app.services.db,
      sql`select name from category_translations where category_id = ${c.id} and lang = 'fr'`,
    );
    expect(row.name).toBe("Rayon Zorglub");
  });

  it("creates a category, and says a missing name in Chinese", async () => {
    const cookie = await staff("direction");
    const c = await branch();
    const created = await post("/admin/catalogue/categories", cookie, [
      ["intent", "create"],
      ["name_fr", "Nouveautés Zorglub"],
      ["name_zh", ""],
      ["parent", String(c.id)],
      ["visible", "on"],
    ]);
    expect(created.status).toBe(200);
    expect(text(created.body)).toContain("Catégorie créée");
    expect(text(created.body)).toContain("Nouveautés Zorglub");
    const bad = await post("/zh/admin/catalogue/categories", cookie, [
      ["intent", "create"],
      ["name_fr", " "],
      ["parent", String(c.id)],
    ]);
    expect(bad.status).toBe(400);
    expect(text(bad.body)).toContain("请填写分类的法文名称");
  });

  it("answers 403 to roles without catalogue:read, and to writes without catalogue:write, in both languages", async () => {
    const c = await branch();
    const roles: [string, { read: boolean; write: boolean }][] = [
      ["direction", { read: true, write: true }],
      ["gerance", { read: true, write: true }],
      ["catalogue", { read: true, write: true }],
      ["service-client", { read: true, write: false }],
      ["entrepot", { read: false, write: false }],
      ["planning", { read: false, write: false }],
      ["comptabilite", { read: false, write: false }],
    ];
    for (const [who, may] of roles) {
      const cookie = await staff(who);
      for (const lang of ["", "/zh"]) {
        const page = await send(`${lang}/admin/catalogue/categories`, cookie);
        expect(page.status, `${who} ${lang} tree`).toBe(may.read ? 200 : 403);
        if (may.read) expect(page.body.includes(`id="category-${c.id}"`), `${who} form`).toBe(may.write);
        // an empty form: refused for its fields (400) when the role may write, 403 otherwise
        const write = await post(`${lang}/admin/catalogue/categories`, cookie, [["intent", "create"]]);
        expect(write.status, `${who} ${lang} create`).toBe(may.write ? 400 : 403);
      }
    }
  });
});
