// The catalogue editor's pages over the real build and a real HTTP connection (decision 154): the models' list in
// French and Chinese (prices with 4 decimals, search, navigation entry), a model edited on its product's page and
// shown on the storefront's product page at once, a stale form (409) and a bad price (400) with their messages, a
// bulk edit previewed then applied. Roles × actions: without catalogue:read, 403 everywhere; with it alone (customer
// service), the pages but no write.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { productUrl } from "#core/slug.ts";
import sharp from "sharp";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** The hidden field `name` of the form whose id is `form` (or of the first form). */
const hidden = (html: string, name: string, after = "") => {
  const from = after ? html.indexOf(after) : 0;
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html.slice(from))?.[1] ?? "";
};

describe("back office catalogue editor", () => {
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
  const model = async () =>
    (
      await query<{ id: number; product_id: number; reference: string; price: string; name: string }>(
        t.app.services.db,
        sql`select m.id, m.product_id, m.reference, m.price::text as price,
              (select name from product_translations where product_id = p.id and lang = 'fr') as name
            from models m join products p on p.id = m.product_id
            where p.active and not m.not_for_sale and not exists (select 1 from promotions x where x.model_id = m.id)
            order by m.id limit 1`,
      )
    )[0];
  /** Every field of a model's form as the page filled it, with `change`. */
  const modelFields = (html: string, id: number, change: Record<string, string>): [string, string][] => {
    const form = html.slice(html.indexOf(`id="model-${id}"`));
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
    return fields;
  };

  it("lists, edits a model (shown on the storefront at once), and says a stale form and a bad price (fr, zh)", async () => {
    const cookie = await staff("catalogue");
    const m = await model();
    const list = await send(`/admin/catalogue?q=${encodeURIComponent(m.reference)}`, cookie);
    expect(list.status).toBe(200);
    const fr = text(list.body);
    expect(fr).toContain("Catalogue");
    expect(list.body).toContain('href="/admin/catalogue"'); // its navigation entry
    expect(list.body).toContain(`href="/admin/catalogue/produits/${m.product_id}"`);
    expect(fr).toMatch(/\d+,\d{4} € HT/);
    const zh = text((await send(`/zh/admin/catalogue?q=${encodeURIComponent(m.reference)}`, cookie)).body);
    expect(zh).toContain("不含税价格");
    expect(zh).toMatch(/€\d+\.\d{4} 不含税/);

    const path = `/admin/catalogue/produits/${m.product_id}`;
    const page = await send(path, cookie);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain("Enregistrer le modèle");
    const shopUrl = productUrl("fr", { id: m.product_id, name: m.name });
    expect((await send(shopUrl, "")).status).toBe(200);
    expect(text((await send(shopUrl, "")).body)).not.toContain("66,4321");

    const bad = await post(`/zh${path}`, cookie, modelFields(page.body, m.id, { price: "-3" }));
    expect(bad.status).toBe(400);
    expect(text(bad.body)).toContain("价格必须是不小于 0 的金额");

    const saved = await post(path, cookie, modelFields(page.body, m.id, { price: "66,4321" }));
    expect(saved.status).toBe(200);
    expect(text(saved.body)).toContain("Modifications enregistrées");
    const [row] = await query<{ price: string }>(t.app.services.db, sql`select price::text as price from models where id = ${m.id}`);
    expect(row.price).toBe("66.4321");
    // the storefront's product page, at once (its rendered page dropped by the table's notification)
    let shown = "";
    for (let i = 0; i < 40 && !shown.includes("66,4321"); i++) {
      shown = text((await send(shopUrl, "")).body);
      if (!shown.includes("66,4321")) await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown).toContain("66,4321");

    // the same page's form again: the row changed since, 409 and nothing written
    const stale = await post(path, cookie, modelFields(page.body, m.id, { price: "1" }));
    expect(stale.status).toBe(409);
    expect(text(stale.body)).toContain("Ce produit a été modifié entre-temps");
    const [still] = await query<{ price: string }>(t.app.services.db, sql`select price::text as price from models where id = ${m.id}`);
    expect(still.price).toBe("66.4321");
  });

  it("previews a bulk edit, then applies it to the ticked models", async () => {
    const cookie = await staff("direction");
    const m = await model();
    const fields: [string, string][] = [
      ["kind", "set_stock"],
      ["bulk_stock", "321"],
      ["scope", "selected"],
      ["model", String(m.id)],
    ];
    const preview = await post("/admin/catalogue", cookie, [["intent", "preview"], ...fields]);
    expect(preview.status).toBe(200);
    expect(text(preview.body)).toContain("1 modèle sélectionné : 1 à modifier, 0 déjà à jour.");
    const plan = hidden(preview.body, "plan");
    expect(plan).not.toBe("");
    const applied = await post("/admin/catalogue", cookie, [["intent", "apply"], ["plan", plan], ...fields]);
    expect(applied.status).toBe(200);
    expect(text(applied.body)).toContain("1 modèle modifié.");
    const [row] = await query<{ stock: number }>(t.app.services.db, sql`select stock from models where id = ${m.id}`);
    expect(row.stock).toBe(321);
    const zh = await post("/zh/admin/catalogue", cookie, [
      ["intent", "preview"],
      ["kind", "set_stock"],
      ["bulk_stock", "1"],
    ]);
    expect(zh.status).toBe(400);
    expect(text(zh.body)).toContain("请至少勾选一个型号");
  });

  it("uploads a product's image (the storefront's page shows it at once) and refuses a file that is not one (fr, zh)", async () => {
    const m = await model();
    const path = `/admin/catalogue/produits/${m.product_id}`;
    const upload = async (lang: string, cookie: string, bytes: Buffer, name: string) => {
      const page = await send(`${lang}${path}`, cookie);
      const form = new FormData();
      form.set("intent", "image");
      form.set("revision", hidden(page.body, "revision", 'name="intent" value="image"'));
      form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
      return send(`${lang}${path}`, cookie, { method: "POST", body: form });
    };
    const cookie = await staff("catalogue");
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const saved = await upload("", cookie, photo, "photo.jpg");
    expect(saved.status).toBe(200);
    expect(text(saved.body)).toContain("Image enregistrée");
    const shopUrl = productUrl("fr", { id: m.product_id, name: m.name });
    let shown = "";
    for (let i = 0; i < 40 && !shown.includes('type="image/avif"'); i++) {
      shown = (await send(shopUrl, "")).body;
      if (!shown.includes('type="image/avif"')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown).toMatch(new RegExp(`srcset="/media/produits/${m.product_id}-[0-9a-f]{16}-315\\.avif 315w`, "i"));
    const img = new RegExp(`/media/produits/${m.product_id}-[0-9a-f]{16}-630\\.webp`).exec(shown)![0];
    expect((await send(img, "")).status).toBe(200);
    // a drawing named .jpg: its bytes say it is not a photo
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>');
    const bad = await upload("/zh", cookie, svg, "photo.jpg");
    expect(bad.status).toBe(400);
    expect(text(bad.body)).toContain("此文件不是 JPEG、PNG 或 WebP 图片");
    expect((await upload("", await staff("service-client"), photo, "photo.jpg")).status).toBe(403);
  });

  it("answers 403 to roles without catalogue:read, and to writes without catalogue:write, in both languages", async () => {
    const m = await model();
    const write: [string, string][] = [
      ["intent", "preview"],
      ["kind", "set_stock"],
      ["bulk_stock", "1"],
      ["model", String(m.id)],
    ];
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
        expect((await send(`${lang}/admin/catalogue`, cookie)).status, `${who} ${lang} list`).toBe(may.read ? 200 : 403);
        expect((await send(`${lang}/admin/catalogue/produits/${m.product_id}`, cookie)).status, `${who} product`).toBe(
          may.read ? 200 : 403,
        );
        expect((await post(`${lang}/admin/catalogue`, cookie, write)).status, `${who} bulk`).toBe(may.write ? 200 : 403);
        const product = await post(`${lang}/admin/catalogue/produits/${m.product_id}`, cookie, [["intent", "product"]]);
        expect(product.status, `${who} product write`).toBe(may.write ? 400 : 403);
      }
      const home = await send("/admin", cookie);
      expect(home.body.includes('href="/admin/catalogue"'), who).toBe(may.read);
    }
  });
});
