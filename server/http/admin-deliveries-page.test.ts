// The back office's delivery board over the real build (decision 138): a planner sees the rounds and the orders to
// plan, plans one (refused past the round's capacity unless forced), accepts proposed dates, takes a date back, sets a
// capacity and downloads a round sheet; a role without planning gets 403 and nothing changes; fr and zh.
import { translate } from "#core/i18n/translate.ts";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { deliveryCapacities, orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { addWorkingDays, shopToday } from "#core/aftersales/deliveries.ts";

const SITE = { host: "shop.test", origin: "http://shop.test" };
const page = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: "GET", url, headers: { host: SITE.host, cookie } });
const post = (app: FastifyInstance, url: string, fields: Record<string, string | string[]>, cookie: string) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return app.inject({
    method: "POST",
    url,
    headers: { ...SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: body.toString(),
  });
};

describe("back office delivery board", () => {
  const t = pagesAppPerSuite("pglite");
  const today = shopToday(new Date());
  const date = (n: number) => addWorkingDays(today, n + 1);
  const planner = () => staffCookie(t.app, "planning@comptoir-emballage.fr");
  const statusOf = async (id: number) =>
    (await t.app.services.db.select({ s: orders.status, d: orders.plannedDeliveryDate }).from(orders).where(eq(orders.id, id)))[0];

  /** A delivered order of the demo set back to paid and unplanned, to `zip`. */
  async function toPlan(number: string, zip = "75011"): Promise<{ id: number; number: string }> {
    const [o] = await query<{ id: number; number: string }>(
      t.app.services.db,
      sql`update orders set status = 'processing', planned_delivery_date = null, delivery_status = null, delivery_reply_by = null,
            delivery_proposed_date = null, shipped_at = null, delivered_at = null,
            delivery_address = jsonb_set(delivery_address, '{zip_code}', to_jsonb(${zip}::text))
          where number = ${number} returning id, number`,
    );
    return o;
  }

  it("shows a planner the rounds of two weeks and the orders to plan, in French", async () => {
    const cookie = await planner();
    const o = await toPlan("CE2026-000123");
    const view = await page(t.app, "/admin/livraisons", cookie);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain("Planification des livraisons");
    expect(view.body).toContain("Paris et petite/grande couronne");
    expect(view.body).toContain("Commandes à planifier");
    expect(view.body).toContain(o.number);
    expect(view.body).toContain("Première date possible");
    // the demo delivery awaiting its customer's answer, on its round, with its appointment
    expect(view.body).toContain("CE2026-000177");
    expect(view.body).toContain("À confirmer par le client");
    expect(view.body).toContain("Sur rendez-vous");
    expect(view.body).toContain("Feuille de route (PDF)");
    // the navigation shows the section
    expect(view.body).toContain(">Planification<");
  });

  it("plans an order on a date, refuses a full round unless forced, accepts proposed dates and takes a date back", async () => {
    const cookie = await planner();
    const o = await toPlan("CE2026-000131");
    const planned = await post(t.app, "/admin/livraisons", { intent: "plan", order: String(o.id), date: date(1) }, cookie);
    expect(planned.statusCode).toBe(200);
    expect(planned.body).toContain(`Commande ${o.number} planifiée le`);
    expect(await statusOf(o.id)).toEqual({ s: "planned", d: date(1) });
    // a full round: refused with its figures, then forced
    const full = await toPlan("CE2026-000150", "59000");
    await t.app.services.db.update(deliveryCapacities).set({ pallets: 0 }).where(eq(deliveryCapacities.zoneCode, "z1"));
    const refused = await post(t.app, "/admin/livraisons", { intent: "plan", order: String(full.id), date: date(2) }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("Nord, Normandie et Centre");
    expect(refused.body).toContain("n&#x27;a plus la place");
    expect((await statusOf(full.id)).s).toBe("processing");
    const forced = await post(t.app, "/admin/livraisons", { intent: "plan", order: String(full.id), date: date(2), force: "on" }, cookie);
    expect(forced.statusCode).toBe(200);
    expect((await statusOf(full.id)).s).toBe("planned");
    // bad input: a clear message, nothing changes
    const bad = await post(t.app, "/admin/livraisons", { intent: "plan", order: String(o.id), date: "demain" }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Date invalide");
    // taken back, then planned again at its proposed date from the list's box
    const back = await post(t.app, "/admin/livraisons", { intent: "unplan", order: String(o.id) }, cookie);
    expect(back.body).toContain(`La date de livraison de la commande ${o.number} est retirée`);
    expect(await statusOf(o.id)).toEqual({ s: "processing", d: null });
    const accepted = await post(t.app, "/admin/livraisons", { intent: "plan_proposed", pick: [`${o.id}:${date(3)}`] }, cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain(`1 commande planifiée : ${o.number}.`);
    expect(await statusOf(o.id)).toEqual({ s: "planned", d: date(3) });
    const none = await post(t.app, "/admin/livraisons", { intent: "plan_proposed" }, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Cochez au moins une commande");
  });

  it("refuses the board to roles without planning, and planning to the warehouse: 403, nothing changes", async () => {
    const o = await toPlan("CE2026-000176");
    for (const email of ["entrepot", "catalogue", "comptabilite", "service-client"]) {
      const cookie = await staffCookie(t.app, `${email}@comptoir-emballage.fr`);
      expect((await page(t.app, "/admin/livraisons", cookie)).statusCode, email).toBe(403);
      expect((await page(t.app, "/admin/livraisons/capacites", cookie)).statusCode, email).toBe(403);
      expect((await page(t.app, `/admin/livraisons/tournee/${date(1)}/paris`, cookie)).statusCode, email).toBe(403);
      const refused = await post(t.app, "/admin/livraisons", { intent: "plan", order: String(o.id), date: date(1), force: "on" }, cookie);
      expect(refused.statusCode, email).toBe(403);
      const capacity = await post(
        t.app,
        "/admin/livraisons/capacites",
        { intent: "default", zone: "paris", pallets: "1", parcels: "1" },
        cookie,
      );
      expect(capacity.statusCode, email).toBe(403);
    }
    expect(await statusOf(o.id)).toEqual({ s: "processing", d: null });
    const [paris] = await t.app.services.db.select().from(deliveryCapacities).where(eq(deliveryCapacities.zoneCode, "paris"));
    expect(paris.pallets).toBe(24);
  });

  it("sets a zone's capacity, and says a bad one", async () => {
    const cookie = await planner();
    const view = await page(t.app, "/admin/livraisons/capacites", cookie);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain("Capacité habituelle par zone");
    const saved = await post(t.app, "/admin/livraisons/capacites", { intent: "default", zone: "z3", pallets: "9", parcels: "45" }, cookie);
    expect(saved.body).toContain("Capacité enregistrée.");
    const [z3] = await t.app.services.db.select().from(deliveryCapacities).where(eq(deliveryCapacities.zoneCode, "z3"));
    expect(z3).toMatchObject({ pallets: 9, parcels: 45 });
    const bad = await post(t.app, "/admin/livraisons/capacites", { intent: "default", zone: "z3", pallets: "-1", parcels: "4" }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Indiquez un nombre entier de palettes");
  });

  it("downloads the round sheet of a date and zone as a PDF", async () => {
    const cookie = await planner();
    const [planned] = await query<{ d: string }>(
      t.app.services.db,
      sql`select planned_delivery_date::text as d from orders where number = 'CE2026-000177'`,
    );
    const res = await page(t.app, `/admin/livraisons/tournee/${planned.d}/paris`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tournee-${planned.d}-paris.pdf"`);
    expect(res.headers["cache-control"]).toContain("no-store");
    const text = await pdfToText(res.rawPayload);
    expect(text).toContain("Feuille de route");
    expect(text).toContain("CE2026-000177");
    const zh = await page(t.app, `/zh/admin/livraisons/tournee/${planned.d}/paris`, cookie);
    expect(await pdfToText(zh.rawPayload)).toContain("路线单");
    expect((await page(t.app, `/admin/livraisons/tournee/${planned.d}/mars`, cookie)).statusCode).toBe(404);
    const badDate = await page(t.app, "/admin/livraisons/tournee/2026-02-30/paris", cookie);
    expect(badDate.statusCode).toBe(404);
    expect(badDate.body).toContain(translate("fr", "common.error.page_not_found")); // the page, not "null"
  });

  it("speaks Chinese under /zh/admin", async () => {
    const cookie = await planner();
    const view = await page(t.app, "/zh/admin/livraisons", cookie);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain("送货计划");
    expect(view.body).toContain("待安排的订单");
    expect(view.body).toContain("巴黎及大区");
    expect((await page(t.app, "/zh/admin/livraisons/capacites", cookie)).body).toContain("各区域的常规运力");
  });
});
