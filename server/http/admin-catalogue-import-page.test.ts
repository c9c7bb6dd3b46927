// The catalogue import's pages and the export over the real build and a real HTTP connection: the catalogue staff
// download the catalogue as CSV, upload a Windows-1252 file with a decimal comma, see its columns recognised, run the
// dry run (a refused line named with its reason, a change field by field) in French and in Chinese, and apply it as a
// job. A file too big or not a CSV gets its message and no import. Roles without `catalogue:import` get 403 for the
// pages, the upload and the file, and no navigation entry.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** "Référence;Prix HT;Stock" lines in Windows-1252 (é = 0xE9), as a French Excel saves them. */
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => (c === "é" ? 0xe9 : c.charCodeAt(0))));

describe("back office catalogue import", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const send = async (path: string, cookie: string, init: RequestInit = {}) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { cookie, origin: base, ...(init.headers ?? {}) },
      redirect: "manual",
    });
    return {
      status: res.status,
      location: res.headers.get("location"),
      type: res.headers.get("content-type") ?? "",
      body: await res.text(),
    };
  };
  const upload = (path: string, cookie: string, bytes: Uint8Array<ArrayBuffer>, name = "tarifs.csv", type = "text/csv") => {
    const form = new FormData();
    form.append("file", new File([bytes], name, { type }));
    return send(path, cookie, { method: "POST", body: form });
  };
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    send(path, cookie, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("exports the catalogue, then uploads, maps, dry-runs and applies a Windows-1252 file (fr, then zh)", async () => {
    const cookie = await staff("catalogue");
    const page = await send("/admin/catalogue/import", cookie);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain("Import et export du catalogue");
    expect(page.body).toContain('href="/admin/catalogue/import"'); // its navigation entry

    const file = await send("/admin/catalogue/export.csv", cookie);
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    const lines = file.body
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Référence;Produit;Libellé FR;Libellé ZH;Prix HT;Prix site HT;TVA %;Stock;Achat max;Hors vente;Non GLS");
    const [reference, , , , price] = lines[1].split(";");
    expect(price).toMatch(/^\d+,\d{4}$/);

    const sent = await upload(
      "/admin/catalogue/import",
      cookie,
      latin1(`Référence;Prix HT;Stock\r\n${reference};77,7;12\r\nINCONNUE-1;1;1\r\n`),
    );
    expect(sent.status).toBe(302);
    const id = /\/admin\/catalogue\/import\/(\d+)$/.exec(sent.location ?? "")?.[1];
    expect(id).toBeDefined();
    const mapping = text((await send(`/admin/catalogue/import/${id}`, cookie)).body);
    expect(mapping).toContain("Import « tarifs.csv »");
    expect(mapping).toContain("2 lignes · Windows-1252 · séparateur « ; »");

    const checked = await post(`/admin/catalogue/import/${id}`, cookie, {
      intent: "check",
      col_0: "reference",
      col_1: "price",
      col_2: "stock",
      preset_name: "Tarif fournisseur",
    });
    expect(checked.status).toBe(302);
    const dry = text((await send(`/admin/catalogue/import/${id}?filter=all`, cookie)).body);
    expect(dry).toContain("À modifier : 1 · inchangées : 0 · refusées : 1.");
    expect(dry).toContain("Référence : référence inconnue");
    expect(dry).toContain("77,7000</ins>");
    expect(dry).toContain("Appliquer la modification");

    const zh = text((await send(`/zh/admin/catalogue/import/${id}?filter=refused`, cookie)).body);
    expect(zh).toContain("1 行待修改，0 行不变，1 行被拒绝。");
    expect(zh).toContain("未知编号");

    const applied = await post(`/admin/catalogue/import/${id}`, cookie, { intent: "apply" });
    expect(applied.status).toBe(302);
    await t.app.services.jobWorker.runDue();
    const after = text((await send(`/admin/catalogue/import/${id}`, cookie)).body);
    expect(after).toContain('data-import-status="applied"');
    expect(after).toContain("Télécharger le rapport (CSV)");
    const [m] = await query<{ price: string; stock: number }>(
      t.app.services.db,
      sql`select price::text as price, stock from models where reference = ${reference}`,
    );
    expect(m).toEqual({ price: "77.7000", stock: 12 });
    // the preset is offered for the next file
    const next = await upload("/admin/catalogue/import", cookie, new TextEncoder().encode("Référence;Prix HT\r\nX;1\r\n"));
    expect(text((await send(`${next.location}`, cookie)).body)).toContain("Tarif fournisseur");
  });

  it("refuses a file that is not a CSV, a file too big, and a mapping without the reference, with their messages", async () => {
    const cookie = await staff("direction");
    const pdf = await upload("/admin/catalogue/import", cookie, new Uint8Array([37, 80, 68, 70]), "tarifs.pdf", "application/pdf");
    expect(pdf.status).toBe(400);
    expect(text(pdf.body)).toContain("Le fichier doit être un CSV (.csv ou .txt).");
    const big = await upload("/admin/catalogue/import", cookie, new Uint8Array(5 * 1024 * 1024 + 100 * 1024).fill(65));
    expect(big.status).toBe(413);
    const broken = await upload("/zh/admin/catalogue/import", cookie, new TextEncoder().encode('ref;prix\r\nA;"12\r\n'));
    expect(broken.status).toBe(400);
    expect(text(broken.body)).toContain("第 2 行：有一个引号没有闭合。");
    const ok = await upload("/admin/catalogue/import", cookie, new TextEncoder().encode("Code;Tarif\r\nA;1\r\n"));
    const id = ok.location!.split("/").pop();
    const refused = await post(`/admin/catalogue/import/${id}`, cookie, { intent: "check", col_0: "", col_1: "price" });
    expect(refused.status).toBe(400);
    expect(text(refused.body)).toContain("Indiquez la colonne de la référence.");
  });

  it("answers 403 to every role without catalogue:import: pages, upload and export, in both languages", async () => {
    const mine = await upload("/admin/catalogue/import", await staff("catalogue"), new TextEncoder().encode("Référence;Stock\r\nA;1\r\n"));
    const id = mine.location!.split("/").pop();
    for (const who of ["entrepot", "planning", "service-client", "comptabilite"]) {
      const cookie = await staff(who);
      for (const lang of ["", "/zh"]) {
        expect((await send(`${lang}/admin/catalogue/import`, cookie)).status, `${who} ${lang}`).toBe(403);
        expect((await send(`${lang}/admin/catalogue/import/${id}`, cookie)).status).toBe(403);
        const file = await send(`${lang}/admin/catalogue/export.csv`, cookie);
        expect(file.status).toBe(403);
        expect(file.type).not.toContain("text/csv");
        expect((await upload(`${lang}/admin/catalogue/import`, cookie, new TextEncoder().encode("Référence\r\nA\r\n"))).status).toBe(403);
        expect(
          (await post(`${lang}/admin/catalogue/import/${id}`, cookie, { intent: "check", col_0: "reference", col_1: "stock" })).status,
        ).toBe(403);
      }
      expect((await send("/admin", cookie)).body, who).not.toContain('href="/admin/catalogue/import"');
    }
  });
});
