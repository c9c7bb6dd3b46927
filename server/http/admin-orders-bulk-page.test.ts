// The order queue's bulk actions through the real build: each role sees only the actions it may take; an event moves
// every ticked order it can (each audited) and reports the one in a wrong state with the machine's reason; a role
// without the permission gets 403 and nothing moves; bad input is said and changes nothing; the export is a CSV file
// for Excel; Chinese under /zh. Needs `npm run build` first.
import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditLog, orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffContextOf, staffCookie } from "#server/test/staff.ts";

const DOMAIN = "@comptoir-emballage.fr";
const SITE = { host: "shop.test", origin: "http://shop.test" };
const page = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: "GET", url, headers: { host: SITE.host, cookie } });
/** A form as the browser sends it: `order` repeated once per ticked box. */
const post = (app: FastifyInstance, url: string, fields: [string, string][], cookie: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
const ticked = (intent: string, ids: number[]): [string, string][] => [
  ["intent", intent],
  ...ids.map((id): [string, string] => ["order", String(id)]),
];

describe("back office bulk actions on the order queue", () => {
  const t = pagesAppPerSuite("pglite");
  const idsOf = async (...numbers: string[]) => {
    const rows = await t.app.services.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.number, numbers));
    return numbers.map((n) => rows.find((r) => r.number === n)!.id);
  };
  const statusOf = async (id: number) => (await t.app.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

  it("shows each role only the actions it may take", async () => {
    const warehouse = await page(t.app, "/admin/commandes", await staffCookie(t.app, `entrepot${DOMAIN}`));
    expect(warehouse.body).toContain('role="group" aria-label="Actions sur la sélection"');
    for (const label of ['value="start_preparation"', 'value="deliver"', 'value="export"']) expect(warehouse.body).toContain(label);
    expect(warehouse.body).toMatch(/formaction="\/admin\/commandes\/export"/i);
    expect(warehouse.body).toContain('role="status" aria-live="polite"');
    const accountant = await page(t.app, "/admin/commandes", await staffCookie(t.app, `comptabilite${DOMAIN}`));
    expect(accountant.body).toContain('value="export"');
    expect(accountant.body).not.toContain('value="start_preparation"');
    expect(accountant.body).not.toContain('value="deliver"');
  });

  it("moves every ticked order it can, each audited, and reports the one in a wrong state", async () => {
    const [planned, other, delivered] = await idsOf("CE2026-000162", "CE2026-000177", "CE2026-000150");
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const res = await post(t.app, "/admin/commandes", ticked("start_preparation", [planned, other, delivered]), warehouse);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("2 commandes passées à l&#x27;état « En préparation » : CE2026-000162, CE2026-000177");
    expect(res.body).toContain("1 commande refusée :");
    expect(res.body).toContain("CE2026-000150 : Impossible : la commande est livrée.");
    expect([await statusOf(planned), await statusOf(other), await statusOf(delivered)]).toEqual(["preparing", "preparing", "delivered"]);
    const audited = await t.app.services.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.action, "start_preparation")));
    expect(audited.map((a) => Number(a.id)).sort()).toEqual([planned, other].sort());

    // delivered from shipped only
    const ctx = await staffContextOf(t.app, `entrepot${DOMAIN}`);
    await t.app.services.orderLife.apply(ctx, planned, { type: "mark_ready", parcels: 1, pallets: 0, weight_kg: 8 });
    await t.app.services.orderLife.apply(ctx, planned, { type: "ship", carrier: "GLS", tracking: "GLS-1" });
    const delivering = await post(t.app, "/admin/commandes", ticked("deliver", [planned, other]), warehouse);
    expect(delivering.body).toContain("1 commande passée à l&#x27;état « Livrée » : CE2026-000162");
    expect(delivering.body).toContain("CE2026-000177 : Impossible : la commande est en préparation.");
    expect([await statusOf(planned), await statusOf(other)]).toEqual(["delivered", "preparing"]);
  });

  it("refuses a role without the permission (403) and bad input, and nothing moves", async () => {
    const [pickup, unpaid] = await idsOf("CE2026-000158", "CE2026-000171");
    for (const email of ["comptabilite", "service-client", "planning", "catalogue"]) {
      const res = await post(
        t.app,
        "/admin/commandes",
        ticked("start_preparation", [pickup]),
        await staffCookie(t.app, `${email}${DOMAIN}`),
      );
      expect(res.statusCode, email).toBe(403);
    }
    expect(await statusOf(pickup)).toBe("processing");
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const none = await post(t.app, "/admin/commandes", ticked("start_preparation", []), warehouse);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Cochez au moins une commande.");
    const unknown = await post(t.app, "/admin/commandes", ticked("cancel", [pickup, unpaid]), warehouse);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Action groupée inconnue.");
    expect([await statusOf(pickup), await statusOf(unpaid)]).toEqual(["processing", "unpaid"]);
  });

  it("exports the ticked orders as a CSV file for Excel, to the roles that read orders", async () => {
    const ids = await idsOf("CE2026-000123", "CE2026-000150");
    const res = await post(t.app, "/admin/commandes/export", ticked("export", ids), await staffCookie(t.app, `comptabilite${DOMAIN}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="commandes-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("\ufeffN° de commande;Passée le;N° client;Société;Statut;Total HT (€);TVA (€);Total TTC (€)");
    expect(lines[1]).toMatch(/^CE2026-000123;\d\d\/\d\d\/2026 \d\d:\d\d;C100001;Boulangerie Dupont;Livrée;\d+,\d\d;\d+,\d\d;\d+,\d\d$/);
    expect(lines[2]).toMatch(/^CE2026-000150;.*;C100002;/);
    expect(lines).toHaveLength(4); // and the last line's end
    const catalogue = await post(t.app, "/admin/commandes/export", ticked("export", ids), await staffCookie(t.app, `catalogue${DOMAIN}`));
    expect(catalogue.statusCode).toBe(403);
    const none = await post(t.app, "/admin/commandes/export", ticked("export", []), await staffCookie(t.app, `entrepot${DOMAIN}`));
    expect(none.statusCode).toBe(400);
    expect(none.body).toBe("Cochez au moins une commande.");
  });

  it("answers in Chinese under /zh", async () => {
    const [delivered] = await idsOf("CE2026-000131");
    const cookie = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const res = await post(t.app, "/zh/admin/commandes", ticked("start_preparation", [delivered]), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("1 个订单未能处理：");
    expect(res.body).toContain("CE2026-000131：无法操作：该订单已送达。");
    const csv = await post(t.app, "/zh/admin/commandes/export", ticked("export", [delivered]), cookie);
    expect(csv.body.split("\r\n")[0]).toBe("\ufeff订单号;下单时间;客户编号;公司;状态;不含税总额（€）;增值税（€）;含税总额（€）");
    expect(csv.body).toMatch(/CE2026-000131;2026\/\d\d\/\d\d \d\d:\d\d;C100001;Boulangerie Dupont;已送达;\d+\.\d\d;/);
  });
});
