// The back office's order page over the real build: the next steps a role may take, each refused to a role without
// its permission (and nothing changes), a step taken moves the order, internal notes written by who may (never on the
// customer's page), and the page speaks the staff member's language.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { orderNotes, orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const SITE = { host: "shop.test", origin: "http://shop.test" };
const page = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: "GET", url, headers: { host: SITE.host, cookie } });
const post = (app: FastifyInstance, url: string, fields: Record<string, string>, cookie: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

describe("back office order page", () => {
  const t = pagesAppPerSuite("pglite");

  async function paidOrder(): Promise<{ id: number; number: string }> {
    const [o] = await query<{ id: number; number: string }>(
      t.app.services.db,
      sql`select id, number from orders where pickup_method = 1 and status in ('processing', 'planned') order by id limit 1`,
    );
    return o;
  }
  const statusOf = async (id: number) => (await t.app.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

  it("shows a paid order with the steps the warehouse may take, and takes one", async () => {
    const o = await paidOrder();
    const warehouse = await staffCookie(t.app, "entrepot@comptoir-emballage.fr");
    const view = await page(t.app, `/admin/commandes/${o.number}`, warehouse);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`Commande ${o.number}`);
    expect(view.body).toContain("Commencer la préparation");
    const moved = await post(t.app, `/admin/commandes/${o.number}`, { intent: "start_preparation" }, warehouse);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain("La commande est maintenant : En préparation.");
    expect(await statusOf(o.id)).toBe("preparing");
    // the packing is read as typed ("212,4") and refused when it is not a count
    const bad = await post(
      t.app,
      `/admin/commandes/${o.number}`,
      { intent: "mark_ready", parcels: "deux", pallets: "0", weight_kg: "12" },
      warehouse,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Indiquez le nombre de colis et de palettes");
    expect(await statusOf(o.id)).toBe("preparing");
    await post(t.app, `/admin/commandes/${o.number}`, { intent: "mark_ready", parcels: "2", pallets: "1", weight_kg: "212,4" }, warehouse);
    expect(await statusOf(o.id)).toBe("ready");
    const after = await page(t.app, `/admin/commandes/${o.number}`, warehouse);
    expect(after.body).toContain("Remettre au transporteur");
    expect(after.body).toContain("212,40");
  });

  it("refuses a step to a role without its permission, and an order page to a role without orders", async () => {
    const o = await paidOrder();
    const planner = await staffCookie(t.app, "planning@comptoir-emballage.fr");
    const view = await page(t.app, `/admin/commandes/${o.number}`, planner);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain("Commencer la préparation");
    const refused = await post(t.app, `/admin/commandes/${o.number}`, { intent: "start_preparation" }, planner);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(o.id)).not.toBe("preparing");
    const catalogue = await staffCookie(t.app, "catalogue@comptoir-emballage.fr");
    expect((await page(t.app, `/admin/commandes/${o.number}`, catalogue)).statusCode).toBe(403);
    expect(
      (await page(t.app, "/admin/commandes/CE2026-999999", await staffCookie(t.app, "gerance@comptoir-emballage.fr"))).statusCode,
    ).toBe(404);
  });

  it("adds an internal note for a role that edits orders, refuses it to the others and when blank; the customer never sees it", async () => {
    const number = "CE2026-000123"; // the demo customer's
    const [{ id }] = await t.app.services.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    const count = async () => (await t.app.services.db.select().from(orderNotes).where(eq(orderNotes.orderId, id))).length;
    const service = await staffCookie(t.app, "service-client@comptoir-emballage.fr");
    const view = await page(t.app, `/admin/commandes/${number}`, service);
    expect(view.body).toContain("Notes internes");
    expect(view.body).toContain("Aucune note pour cette commande.");
    const added = await post(
      t.app,
      `/admin/commandes/${number}`,
      { intent: "note", note: "Rappeler avant 11 h 30 : quai fermé l'après-midi." },
      service,
    );
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain("Note ajoutée.");
    expect(added.body).toContain("Rappeler avant 11 h 30 : quai fermé l&#x27;après-midi.");
    expect(added.body).toContain("Li Wei");
    expect(await count()).toBe(1);

    const blank = await post(t.app, `/admin/commandes/${number}`, { intent: "note", note: "   " }, service);
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain("Veuillez saisir la note.");
    const long = await post(t.app, `/admin/commandes/${number}`, { intent: "note", note: "x".repeat(2001) }, service);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("La note ne doit pas dépasser 2 000 caractères.");
    // the warehouse reads the note but may not write one: no form, and 403
    const warehouse = await staffCookie(t.app, "entrepot@comptoir-emballage.fr");
    const read = await page(t.app, `/admin/commandes/${number}`, warehouse);
    expect(read.body).toContain("quai fermé");
    expect(read.body).not.toContain("Ajouter la note");
    expect((await post(t.app, `/admin/commandes/${number}`, { intent: "note", note: "Note" }, warehouse)).statusCode).toBe(403);
    expect(await count()).toBe(1);

    const customer = await page(t.app, `/order-detail?id=${number}`, t.demo);
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toContain(number);
    expect(customer.body).not.toContain("quai fermé");
  });

  it("speaks Chinese under /zh/admin", async () => {
    const o = await paidOrder();
    const view = await page(t.app, `/zh/admin/commandes/${o.number}`, await staffCookie(t.app, "service-client@comptoir-emballage.fr"));
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain("历史记录");
    expect(view.body).toContain("内部备注");
  });
});
