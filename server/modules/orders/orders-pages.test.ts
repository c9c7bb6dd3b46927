// The order pages through the real build (decision 063, 072): each customer sees their own orders, another
// customer's order is the 404 page, a visitor goes to /connexion, and no page is cached or public.
// Needs `npm run build` first. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";

describe.each(testDbKinds())("order pages (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  let demo: string;
  let martin: string;
  let martinOrder: { id: number; number: string };
  let demoOrder: { id: number; number: string };

  beforeAll(async () => {
    ({ demo, martin } = t);
    [martinOrder] = await query(t.database.db, sql`select id, number from orders where customer_id = 2 limit 1`);
    [demoOrder] = await query(t.database.db, sql`select id, number from orders where number = 'CE2026-000162'`);
  });
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const personal = (res: Awaited<ReturnType<typeof page>>, url: string) => {
    expect(res.headers["x-render-cache"], url).toBeUndefined();
    expect(res.headers["cache-control"], url).toBe("private, no-store");
  };

  it("shows the history with numbers, totals and state labels, paged, in fr and zh", async () => {
    for (const url of ["/historique-commandes", "/center/historique-commandes"]) {
      const res = await page(url, demo);
      expect(res.statusCode, url).toBe(200);
      personal(res, url);
      for (const text of [
        "CE2026-000171",
        "CE2026-000123",
        "En attente de paiement",
        "Livraison planifiée le 26/11/2026",
        "Annulée le 21/10/2026",
        "Livrée",
      ]) {
        expect(res.body, `${url} ${text}`).toContain(text);
      }
      expect(res.body).not.toContain(martinOrder.number);
    }
    const zh = await page("/zh/historique-commandes", demo);
    expect(zh.body).toContain("我的订单记录");
    expect(zh.body).toContain("待付款");
    personal(zh, "/zh/historique-commandes");
    // Martin's history holds his order only
    const m = await page("/historique-commandes", martin);
    expect(m.body).toContain(martinOrder.number);
    expect(m.body).not.toContain("CE2026-000171");
  });

  it("pages the history by ten", async () => {
    // 12 more orders for the demo customer: 18 in all, two pages
    await query(
      t.database.db,
      sql`insert into orders (number, customer_id, status, total_ht, total_tva, total_ttc, created_at)
      select 'CE2025-' || lpad(g::text, 6, '0'), 1, 'delivered', 10, 2, 12, timestamp '2025-01-01' + g * interval '1 day' from generate_series(1, 12) g`,
    );
    const p1 = await page("/historique-commandes", demo);
    expect(p1.body).toContain("Page 1 sur 2");
    expect(p1.body).toContain("CE2026-000171");
    expect(p1.body).not.toContain("CE2025-000001");
    const p2 = await page("/historique-commandes?page=2", demo);
    expect(p2.body).toContain("Page 2 sur 2");
    expect(p2.body).toContain("CE2025-000001");
    expect(p2.body).not.toContain("CE2026-000171");
    await query(t.database.db, sql`delete from orders where number like 'CE2025-%'`);
  });

  it("states the terms of sale accepted with the order, and the account the privacy notice it accepted (fr, zh)", async () => {
    const db = t.database.db;
    const detail = (lang: "fr" | "zh") => page(`${lang === "zh" ? "/zh" : ""}/order-detail?id=${demoOrder.number}`, demo);
    // an order placed before acceptances were recorded says nothing of them
    expect((await detail("fr")).body).not.toContain("Conditions générales de vente acceptées");
    await query(db, sql`update orders set cgv_version = '2026-01', cgv_accepted_at = '2026-11-05T13:32:00Z' where id = ${demoOrder.id}`);
    await query(db, sql`update customers set privacy_version = '2026-01', privacy_accepted_at = '2026-03-02T08:05:00Z' where id = 1`);
    t.app.services.sessions.forgetAll();
    try {
      expect((await detail("fr")).body).toContain("Conditions générales de vente acceptées (version 2026-01) le 5 novembre 2026 à 14:32.");
      expect((await detail("zh")).body).toContain("已于 2026年11月5日 14:32 接受销售条款（版本 2026-01）。");
      const account = await page("/mon-compte", demo);
      personal(account, "/mon-compte");
      expect(account.body).toContain("Politique de confidentialité acceptée (version 2026-01) le 2 mars 2026 à 09:05.");
      expect((await page("/zh/mon-compte", demo)).body).toContain("已于 2026年3月2日 09:05 接受隐私政策（版本 2026-01）。");
      expect((await page("/mon-compte", martin)).body).not.toContain("Politique de confidentialité acceptée");
    } finally {
      await query(db, sql`update orders set cgv_version = null, cgv_accepted_at = null where id = ${demoOrder.id}`);
      await query(db, sql`update customers set privacy_version = null, privacy_accepted_at = null where id = 1`);
      t.app.services.sessions.forgetAll();
    }
  });

  it("shows an order's detail to its owner only, on every path, never cached", async () => {
    for (const url of [
      `/order-detail?id=${demoOrder.id}`,
      `/orderdetail?id=${demoOrder.number}`,
      `/center/order-detail?id=${demoOrder.id}`,
      `/zh/order-detail?id=${demoOrder.number}`,
    ]) {
      const res = await page(url, demo);
      expect(res.statusCode, url).toBe(200);
      personal(res, url);
      expect(res.body).toContain(demoOrder.number);
      expect(res.body).toContain("75011"); // delivery address snapshot
    }
    const fr = await page(`/order-detail?id=${demoOrder.id}`, demo);
    expect(fr.body).toContain("Commander à nouveau");
    expect(fr.body).toContain("Total TTC");
    expect(fr.body).toContain("TVA 20\u00a0%"); // the rate as charged, a no-break space before %
    for (const url of [
      `/order-detail?id=${martinOrder.id}`,
      `/orderdetail?id=${martinOrder.number}`,
      `/order-detail?id=999999`,
      "/order-detail?id=abc",
      "/order-detail",
      `/confirmation-commande?id=${martinOrder.id}`,
    ]) {
      const res = await page(url, demo);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("Traiteur Martin");
      expect(res.body, url).not.toContain("Vincennes");
    }
    // the data request of a client-side navigation too
    const data = await page(`/order-detail.data?id=${martinOrder.id}`, demo);
    expect(data.body).not.toContain("Vincennes");
    const own = await page(`/order-detail.data?id=${martinOrder.id}`, martin);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain("Vincennes");
    expect(own.headers["x-render-cache"]).toBeUndefined();
  });

  it("tracks the recent orders and confirms a new one", async () => {
    const tr = await page("/suivi-commande", demo);
    expect(tr.statusCode).toBe(200);
    personal(tr, "/suivi-commande");
    expect(tr.body).toContain("Commande passée");
    expect(tr.body).toContain("CE2026-000171");
    expect((await page("/center/suivi-commande", demo)).statusCode).toBe(200);
    const [unpaid] = await query<{ id: number }>(t.database.db, sql`select id from orders where number = 'CE2026-000171'`);
    for (const url of [`/confirmation-commande?id=${unpaid.id}`, `/zh/confirmation-commande?id=${unpaid.id}`]) {
      const res = await page(url, demo);
      expect(res.statusCode, url).toBe(200);
      personal(res, url);
      expect(res.body).toContain("CE2026-000171");
    }
    const fr = (await page(`/confirmation-commande?id=${unpaid.id}`, demo)).body;
    expect(fr).toContain("Elle est en attente de paiement.");
    // the confirmation names the delivery mode charged and the invoice address, as the detail does
    expect(fr).toContain("Livraison sur palette");
    expect(fr).toContain('data-testid="order-invoice-address"');
    expect((await page(`/zh/confirmation-commande?id=${unpaid.id}`, demo)).body).toContain("托盘配送");
  });

  it("sends a visitor to the login page and caches none of the pages", async () => {
    for (const url of [
      "/historique-commandes",
      `/order-detail?id=${demoOrder.id}`,
      `/orderdetail?id=${demoOrder.id}`,
      "/suivi-commande",
      `/confirmation-commande?id=${demoOrder.id}`,
      "/zh/center/historique-commandes",
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/\/connexion\?redirect=/);
      expect(res.headers["x-render-cache"], url).toBeUndefined();
    }
    expect(t.cache.entries().some(([url]) => /commande|order/.test(url))).toBe(false);
  });

  it("links the orders from the account home", async () => {
    const res = await page("/mon-compte", demo);
    expect(res.body).toContain('href="/historique-commandes"');
    expect(res.body).toContain('href="/suivi-commande"');
  });

  it("makes the account home a summary: recent orders, credit balance, dates to confirm, unread notifications", async () => {
    const [newest] = await query<{ number: string }>(
      t.database.db,
      sql`select number from orders where customer_id = 1 order by created_at desc, id desc limit 1`,
    );
    for (const [url, texts] of [
      ["/mon-compte", ["Mes dernières commandes", "Solde de mes avoirs", "Toutes mes commandes"]],
      ["/zh/mon-compte", ["我的最近订单", "我的退款凭证余额"]],
    ] as const) {
      const res = await page(url, demo);
      expect(res.statusCode, url).toBe(200);
      personal(res, url);
      for (const text of texts) expect(res.body, `${url} ${text}`).toContain(text);
      expect(res.body, url).toContain(newest.number);
      expect(res.body, url).toContain('data-testid="home-deliveries"');
      expect(res.body, url).toContain('data-testid="home-unread"');
    }
    // another customer's orders are not listed
    expect((await page("/mon-compte", martin)).body).not.toContain(newest.number);
  });
});
