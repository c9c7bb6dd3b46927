// The preparation page and its PDF downloads through the real build (DESIGN §9): a visitor or a customer's session
// gets the staff login and no file; each demo role opens the page and the downloads or gets 403; the page lists the
// orders to prepare by day and mode, in French and in Chinese; the downloads are PDFs in the page's language; a
// selection without orders goes back to the page with its reason; starting the ticked orders' preparation moves
// them, refused to the planner (403, nothing changes). Needs `npm run build` first (tests/fresh-build.ts).
import { translate } from "#core/i18n/translate.ts";
import { describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { pdfToText } from "#server/test/pdf-text.ts";

const DOMAIN = "@comptoir-emballage.fr";
/** Each demo account and whether its role reads the preparation (written out: the test does not read the permission map). */
const ROLES = [
  { email: `direction${DOMAIN}`, reads: true },
  { email: `gerance${DOMAIN}`, reads: true },
  { email: `entrepot${DOMAIN}`, reads: true },
  { email: `planning${DOMAIN}`, reads: true },
  { email: `service-client${DOMAIN}`, reads: false },
  { email: `catalogue${DOMAIN}`, reads: false },
  { email: `comptabilite${DOMAIN}`, reads: false },
];
const SITE = { host: "shop.test", origin: "http://shop.test" };
const DAY = "2031-03-04";
const numbersOf = (html: string) => [...html.matchAll(/<th scope="row"[^>]*><a [^>]*>(CE\d{4}-\d{6})<\/a>/g)].map((m) => m[1]);

describe("back-office preparation", () => {
  const t = pagesAppPerSuite("pglite");
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: { host: SITE.host, ...(cookie ? { cookie } : {}) } });
  const post = (app: FastifyInstance, url: string, body: string, cookie: string) =>
    app.inject({ method: "POST", url, headers: { ...SITE, cookie, "content-type": "application/x-www-form-urlencoded" }, payload: body });
  let day: { id: number; number: string }[] = [];
  const planDay = async () => {
    day = await query<{ id: number; number: string }>(
      t.app.services.db,
      sql`update orders set planned_delivery_date = ${DAY}, status = 'planned', delivery_status = 'confirmed', delivery_reply_by = null
          where number in ('CE2026-000162', 'CE2026-000177') returning id, number`,
    );
    day.sort((a, b) => a.number.localeCompare(b.number));
  };

  it("gives a visitor and a customer's session the staff login, and no file", async () => {
    await planDay();
    for (const cookie of [undefined, t.demo]) {
      for (const [url, login] of [
        ["/admin/preparation", "/admin/connexion"],
        [`/admin/preparation/liste.pdf?date=${DAY}`, "/admin/connexion"],
        [`/zh/admin/preparation/dossier.pdf?order=${day[0].id}`, "/zh/admin/connexion"],
      ]) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe(login);
        expect(res.headers["content-type"] ?? "").not.toContain("pdf");
      }
    }
  });

  it("opens the page and its downloads to the roles that read the preparation, 403 to the others", async () => {
    for (const role of ROLES) {
      const cookie = await staffCookie(t.app, role.email);
      const page = await get("/admin/preparation", cookie);
      const file = await get(`/admin/preparation/liste.pdf?order=${day[0].id}`, cookie);
      expect([page.statusCode, file.statusCode], role.email).toEqual(role.reads ? [200, 200] : [403, 403]);
      expect(file.headers["content-type"] === "application/pdf", role.email).toBe(role.reads);
      const home = await get("/admin", cookie);
      expect(home.body.includes('href="/admin/preparation"'), role.email).toBe(role.reads);
    }
  });

  it("lists the orders to prepare by day and mode, and speaks Chinese under /zh/admin", async () => {
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const all = await get("/admin/preparation", warehouse);
    expect(all.body).toContain("Préparation des commandes");
    expect(numbersOf(all.body)).toEqual(expect.arrayContaining([...day.map((o) => o.number), "CE2026-000158"]));
    const ofDay = await get(`/admin/preparation?date=${DAY}`, warehouse);
    expect(numbersOf(ofDay.body)).toEqual(day.map((o) => o.number));
    expect(ofDay.body).toContain("Toute la journée du 4 mars 2031");
    expect(ofDay.body).toContain('name="intent" value="day_file"');
    expect(ofDay.body).toContain("Les documents d&#x27;une journée sont préparés en arrière-plan");
    expect(ofDay.body).toContain("Commencer la préparation de la sélection");
    expect(numbersOf((await get(`/admin/preparation?date=${DAY}&mode=parcel`, warehouse)).body)).toEqual([]);
    const bad = await get("/admin/preparation?date=04/03/2031", warehouse);
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain("Date de livraison prévue invalide (AAAA-MM-JJ).");
    const zh = await get(`/zh/admin/preparation?date=${DAY}`, warehouse);
    expect(zh.body).toContain("订单备货");
    expect(zh.body).toContain("当天拣货单（PDF）");
    expect(zh.body).toContain("整天的单据在后台生成");
    // the planner reads it, without the start
    expect((await get("/admin/preparation", await staffCookie(t.app, `planning${DOMAIN}`))).body).not.toContain(
      "Commencer la préparation de la sélection",
    );
  });

  /** Asks for a day's papers: the job's page. */
  const dayJob = async (cookie: string, fields: Record<string, string>, lang = "") => {
    const res = await post(
      t.app,
      `${lang}/admin/preparation?date=${DAY}`,
      new URLSearchParams({ intent: "day_file", ...fields }).toString(),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${lang}/admin/travaux/\\d+$`));
    return res.headers.location as string;
  };
  /** The job's page once it has finished (the worker of the app runs it, as the page's own refresh waits for it). */
  const finished = async (page: string, cookie: string) => {
    for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const res = await get(page, cookie);
      expect(res.statusCode).toBe(200);
      if (/data-job-status="(done|failed)"/.test(res.body)) return res.body;
    }
    throw new Error(`${page} did not finish`);
  };

  it("makes a whole day's papers as a job: its page with a progress bar, then the PDF for its asker only", async () => {
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const page = await dayJob(warehouse, { file: "picking", date: DAY });
    const done = await finished(page, warehouse);
    expect(done).toContain("Documents de préparation du 4 mars 2031");
    expect(done).toContain("Terminé");
    expect(done).toMatch(/<progress[^>]*value="100"/);
    expect(done).toContain(`href="${page}/fichier"`);
    const picking = await get(`${page}/fichier`, warehouse);
    expect(picking.headers["content-disposition"]).toBe(`attachment; filename="liste-de-preparation-${DAY}.pdf"`);
    expect(picking.headers["cache-control"]).toBe("private, no-store");
    expect(picking.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfToText(picking.rawPayload);
    expect(text).toContain("Liste de préparation");
    for (const o of day) expect(text).toContain(o.number);
    // another staff member who reads the preparation does not see it; a role that does not cannot ask
    const manager = await staffCookie(t.app, `gerance${DOMAIN}`);
    expect((await get(page, manager)).statusCode).toBe(404);
    expect((await get(`${page}/fichier`, manager)).statusCode).toBe(404);
    const before = (await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from jobs`))[0].n;
    const cs = await staffCookie(t.app, `service-client${DOMAIN}`);
    const refused = await post(t.app, `/admin/preparation?date=${DAY}`, `intent=day_file&file=all&date=${DAY}`, cs);
    expect(refused.statusCode).toBe(403);
    expect((await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from jobs`))[0].n).toBe(before);
    // in Chinese, the file too; a day without orders to prepare says so
    const zhPage = await dayJob(warehouse, { file: "all", date: DAY }, "/zh");
    expect(await finished(zhPage, warehouse)).toContain("已完成");
    expect((await get(`${zhPage}/fichier`, warehouse)).headers["content-disposition"]).toBe(
      `attachment; filename="preparation-${DAY}-zh.pdf"`,
    );
    const empty = await dayJob(warehouse, { file: "slips", date: "2031-03-05", mode: "pallet" });
    expect(await finished(empty, warehouse)).toContain("Aucune commande de cette sélection n&#x27;est à préparer.");
    // a day asked of the direct download goes back to the page
    const direct = await get(`/admin/preparation/liste.pdf?date=${DAY}`, warehouse);
    expect(direct.statusCode).toBe(302);
    expect(direct.headers.location).toContain("refused=admin.prep_day_by_job");
  });

  it("downloads the ticked orders' papers as PDFs in the page's language, named after the order", async () => {
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const slip = await get(`/zh/admin/preparation/bons.pdf?order=${day[1].id}`, warehouse);
    expect(slip.headers["content-disposition"]).toBe(`attachment; filename="bons-de-livraison-${day[1].number}-zh.pdf"`);
    const zh = await pdfToText(slip.rawPayload);
    expect(zh).toContain("送货单");
    expect(zh).toContain(day[1].number);
    expect(zh).not.toContain(day[0].number);
    const both = await get(`/admin/preparation/dossier.pdf?order=${day[0].id}&order=${day[1].id}`, warehouse);
    const all = await pdfToText(both.rawPayload);
    expect(all.indexOf("Liste de préparation")).toBeLessThan(all.indexOf("Bon de livraison"));
  });

  it("sends a selection without any order back to the page, which says why", async () => {
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    for (const [url, key] of [
      ["/admin/preparation/liste.pdf", "admin.prep_nothing_selected"],
      ["/admin/preparation/bons.pdf?order=999999", "admin.prep_nothing_found"],
      ["/admin/preparation/liste.pdf?order=abc", "admin.prep_selection_invalid"],
    ]) {
      const res = await get(url, warehouse);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toContain(`refused=${key}`);
    }
    const back = await get("/admin/preparation?date=2031-03-05&mode=pallet&refused=admin.prep_nothing_found", warehouse);
    expect(back.body).toContain("Aucune commande de cette sélection n&#x27;est à préparer.");
    const unknown = await get("/admin/preparation/autre.pdf?date=2031-03-04", warehouse);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(translate("fr", "common.error.page_not_found")); // the page, not "null"
  });

  it("starts the ticked orders' preparation and says how each went; the planner is refused and nothing changes", async () => {
    const statuses = async () =>
      (
        await t.app.services.db
          .select({ s: orders.status })
          .from(orders)
          .where(
            inArray(
              orders.id,
              day.map((o) => o.id),
            ),
          )
      ).map((o) => o.s);
    const body = (ids: number[]) =>
      new URLSearchParams([["intent", "start_preparation"], ...ids.map((id) => ["order", String(id)])]).toString();
    const planner = await staffCookie(t.app, `planning${DOMAIN}`);
    const refused = await post(t.app, `/admin/preparation?date=${DAY}`, body(day.map((o) => o.id)), planner);
    expect(refused.statusCode).toBe(403);
    expect(await statuses()).toEqual(["planned", "planned"]);
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const none = await post(t.app, "/admin/preparation", "intent=start_preparation", warehouse);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Cochez au moins une commande.");
    const [delivered] = await query<{ id: number; number: string }>(
      t.app.services.db,
      sql`select id, number from orders where status = 'delivered' limit 1`,
    );
    const started = await post(t.app, `/admin/preparation?date=${DAY}`, body([...day.map((o) => o.id), delivered.id]), warehouse);
    expect(started.statusCode).toBe(200);
    for (const o of day) expect(started.body).toContain(`${o.number} : préparation commencée.`);
    expect(started.body).toContain(`${delivered.number} : Impossible : la commande est livrée.`);
    expect(await statuses()).toEqual(["preparing", "preparing"]);
    const zh = await post(t.app, `/zh/admin/preparation?date=${DAY}`, body([day[0].id]), warehouse);
    expect(zh.body).toContain(`${day[0].number}：`);
  });
});
