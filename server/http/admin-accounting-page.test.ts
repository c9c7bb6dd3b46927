// The accounting export's page and file over the real build and a real HTTP connection: the accountant (and the owner,
// the manager) sees the period's journals with debit = credit in French and in Chinese, then downloads the CSV (BOM,
// ";", decimal commas); a bad period gets its translated message and no file; every other role gets 403 for the page
// and the file, and no entry in the navigation.
import { describe, expect, it } from "vitest";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { CSV_BOM } from "#core/csv.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");
const period = "from=2026-09-01&to=2026-11-30";

describe("back office accounting export", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "",
      disposition: res.headers.get("content-disposition"),
      body: await res.text(),
    };
  };
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  it("shows the accountant the period's journals, balanced, then gives the CSV (fr)", async () => {
    const cookie = await staff("comptabilite");
    const blank = await get("/admin/comptabilite", cookie);
    expect(blank.status).toBe(200);
    expect(text(blank.body)).toContain("Export comptable");
    expect(blank.body).not.toContain("Télécharger le fichier CSV");

    const page = await get(`/admin/comptabilite?${period}`, cookie);
    expect(page.status).toBe(200);
    const body = text(page.body);
    expect(body).toContain("Ventes (VT)");
    expect(body).toContain("Le total des débits est égal au total des crédits.");
    expect(body).toContain(`href="/admin/comptabilite/export?${period.replace("&", "&amp;")}"`);
    expect(body).toContain('href="/admin/comptabilite"'); // its navigation entry

    const file = await get(`/admin/comptabilite/export?${period}`, cookie);
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect(file.disposition).toBe('attachment; filename="ecritures-2026-09-01-2026-11-30.csv"');
    // fetch's text() drops the byte order mark: the first bytes say it is there
    const raw = new Uint8Array(await (await fetch(`${base}/admin/comptabilite/export?${period}`, { headers: { cookie } })).arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([...new TextEncoder().encode(CSV_BOM)]);
    const rows = file.body.replace(CSV_BOM, "").trimEnd().split("\r\n");
    expect(rows[0]).toBe("Journal;Date;Pièce;Compte;Libellé;Débit;Crédit");
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows.slice(1)) expect(r).toMatch(/^(VT|BQ);\d\d\/\d\d\/2026;[^;]+;\d{6};.+;\d+,\d\d;\d+,\d\d$/);
    const cents = (i: number) => rows.slice(1).reduce((s, r) => s + Math.round(Number(r.split(";")[i].replace(",", ".")) * 100), 0);
    expect(cents(5)).toBe(cents(6));
  });

  it("shows the same in Chinese, and refuses a bad period with its message and no file", async () => {
    const cookie = await staff("direction");
    const page = await get(`/zh/admin/comptabilite?${period}`, cookie);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain("会计导出");
    expect(text(page.body)).toContain("借方合计等于贷方合计。");
    expect(page.body).toContain(`href="/zh/admin/comptabilite/export?${period.replace("&", "&amp;")}"`);

    const long = await get("/zh/admin/comptabilite?from=2025-01-01&to=2026-06-30", cookie);
    expect(long.status).toBe(200);
    expect(text(long.body)).toContain("期间不能超过一年。");
    expect(long.body).not.toContain("下载 CSV 文件");
    const reversed = await get("/admin/comptabilite?from=2026-10-02&to=2026-10-01", cookie);
    expect(text(reversed.body)).toContain("La date de début ne peut pas être postérieure à la date de fin.");

    const refused = await get("/admin/comptabilite/export?from=2025-01-01&to=2026-06-30", cookie);
    expect(refused.status).toBe(400);
    expect(refused.type).toBe("text/plain; charset=utf-8");
    expect(refused.body).toBe("La période ne peut pas dépasser un an.");
    expect((await get("/zh/admin/comptabilite/export?from=x&to=2026-01-01", cookie)).status).toBe(400);
  });

  it("lets the manager in too", async () => {
    const cookie = await staff("gerance");
    expect((await get(`/admin/comptabilite?${period}`, cookie)).status).toBe(200);
    expect((await get(`/admin/comptabilite/export?${period}`, cookie)).status).toBe(200);
  });

  it("answers 403 and nothing else to every other role, page and file, in both languages", async () => {
    for (const who of ["entrepot", "planning", "service-client", "catalogue"]) {
      const cookie = await staff(who);
      for (const lang of ["", "/zh"]) {
        const page = await get(`${lang}/admin/comptabilite?${period}`, cookie);
        expect(page.status, `${who} ${lang} page`).toBe(403);
        expect(page.body).not.toContain("Ventes (VT)");
        const file = await get(`${lang}/admin/comptabilite/export?${period}`, cookie);
        expect(file.status, `${who} ${lang} file`).toBe(403);
        expect(file.type).not.toContain("text/csv");
        expect(file.body).not.toContain("411000");
      }
      const home = await get("/admin", cookie);
      expect(home.body, who).not.toContain('href="/admin/comptabilite"');
    }
  });
});
