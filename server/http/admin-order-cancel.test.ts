// Cancelling an order from the back office's order page over the real build: a first sending only asks for the
// confirmation, the second cancels; the refund's ways a role may choose (customer service: a credit note; the manager:
// the card too), the payments and refunds with their state; roles without orders:cancel get 403 and bad input a
// translated message, and nothing changes; fr and zh.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { makeOrder } from "#server/test/payments.ts";

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
const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office order cancellation", () => {
  const t = pagesAppPerSuite("pglite");
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  const statusOf = async (id: number) => (await t.app.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
  /** A paid order of the seed not cancelled yet (paid without a card payment the provider knows). */
  async function paidOrder(): Promise<{ id: number; number: string; total_ttc: string }> {
    const [o] = await query<{ id: number; number: string; total_ttc: string }>(
      t.app.services.db,
      sql`select id, number, total_ttc::text from orders where status in ('processing', 'planned') order by id limit 1`,
    );
    return o;
  }
  /** A new order of the demo customer paid by card through the sandbox (its notice handled as the webhook would). */
  async function cardOrder() {
    const { db, payments } = t.app.services;
    const o = await makeOrder(db, 1);
    const [{ email }] = await query<{ email: string }>(db, sql`select email from customers where id = 1`);
    const started = await payments.leavePayment({ db, customer: { id: 1, email }, lang: "fr" }, { id: o.id });
    const token = started.redirect_url.split("/").pop()!;
    await query(db, sql`update sandbox_sessions set status = 'done', outcome = 'succeeded', notified_at = now() where token = ${token}`);
    await payments.handleNotification(db, {
      eventId: `evt_page_${token}`,
      type: "payment.succeeded",
      payload: {},
      paymentId: started.payment_id,
      providerRef: token,
      outcome: "succeeded",
      amountCents: 12000,
      currency: "EUR",
      transactionId: `txn_${token}`,
      method: "card",
    });
    return o;
  }

  it("lets customer service cancel a paid order with a credit note, after a confirmation step (fr)", async () => {
    const o = await paidOrder();
    const cs = await staff("service-client");
    const url = `/admin/commandes/${o.number}`;
    const view = text((await page(t.app, url, cs)).body);
    expect(view).toContain("Annuler la commande");
    expect(view).toContain("Par un avoir :");
    expect(view).not.toContain("Sur la carte bancaire du client");
    // bad input: a translated message, nothing changes
    const empty = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: " " }, cs);
    expect(empty.statusCode).toBe(400);
    expect(text(empty.body)).toMatch(/role="alert"[^>]*>Indiquez le motif de l'annulation \(300 caractères au plus\)\.</);
    const long = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: "x".repeat(301), confirm: "yes" }, cs);
    expect(long.statusCode).toBe(400);
    const way = await post(t.app, url, { intent: "cancel", refund: "cheque", reason: "Erreur", confirm: "yes" }, cs);
    expect(way.statusCode).toBe(400);
    expect(text(way.body)).toMatch(/role="alert"[^>]*>Indiquez comment rembourser le client/);
    // a paid order is not cancelled without its refund
    const none = await post(t.app, url, { intent: "cancel", refund: "none", reason: "Erreur", confirm: "yes" }, cs);
    expect(none.statusCode).toBe(400);
    // the card is not this role's, nor this order's
    expect((await post(t.app, url, { intent: "cancel", refund: "provider", reason: "Erreur", confirm: "yes" }, cs)).statusCode).toBe(403);
    expect(await statusOf(o.id)).not.toBe("cancelled");

    const asked = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: "Erreur de référence" }, cs);
    expect(asked.statusCode).toBe(200);
    expect(text(asked.body)).toContain(`Confirmer l'annulation de la commande ${o.number}`);
    expect(text(asked.body)).toContain("Motif : Erreur de référence");
    expect(await statusOf(o.id)).not.toBe("cancelled");
    const done = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: "Erreur de référence", confirm: "yes" }, cs);
    expect(done.statusCode).toBe(200);
    expect(text(done.body)).toContain("La commande est maintenant : Annulée.");
    expect(await statusOf(o.id)).toBe("cancelled");
    const after = text((await page(t.app, url, cs)).body);
    expect(after).toContain("remboursée par un avoir");
    expect(after).toContain("Motif : Erreur de référence");
    expect(after).not.toContain("Annuler la commande…");
    // sent again, it is refused: the order is cancelled already
    const again = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: "Encore", confirm: "yes" }, cs);
    expect(again.statusCode).toBe(400);
    expect(text(again.body)).toMatch(/role="alert"[^>]*>Impossible : la commande est annulée\.</);
  });

  it("refuses the cancellation to the warehouse, the planner and the catalogue, and nothing changes", async () => {
    const o = await paidOrder();
    const url = `/admin/commandes/${o.number}`;
    for (const who of ["entrepot", "planning", "catalogue"]) {
      const cookie = await staff(who);
      const res = await post(t.app, url, { intent: "cancel", refund: "credit_note", reason: "Erreur", confirm: "yes" }, cookie);
      expect(res.statusCode, who).toBe(403);
      // bad input too: the permission is checked before the form is read
      expect((await post(t.app, url, { intent: "cancel" }, cookie)).statusCode, who).toBe(403);
    }
    expect(text((await page(t.app, url, await staff("entrepot"))).body)).not.toContain("Annuler la commande");
    expect(await statusOf(o.id)).not.toBe("cancelled");
    const [{ n }] = await query<{ n: number }>(
      t.app.services.db,
      sql`select count(*)::int as n from order_events where order_id = ${o.id} and event = 'cancel'`,
    );
    expect(n).toBe(0);
  });

  it("lets the manager refund by card; the page shows the payment and its refund until the provider made it (zh)", async () => {
    const o = await cardOrder();
    const manager = await staff("gerance");
    const url = `/zh/admin/commandes/${o.number}`;
    const view = text((await page(t.app, url, manager)).body);
    expect(view).toContain("取消订单");
    expect(view).toContain("退回客户银行卡：€120.00 含税");
    expect(view).toContain("付款与退款");
    expect(view).toContain("付款（sandbox）");
    const asked = await post(t.app, url, { intent: "cancel", refund: "provider", reason: "客户重复下单" }, manager);
    expect(text(asked.body)).toContain(`确认取消订单 ${o.number}`);
    const done = await post(t.app, url, { intent: "cancel", refund: "provider", reason: "客户重复下单", confirm: "yes" }, manager);
    expect(done.statusCode).toBe(200);
    expect(text(done.body)).toContain("订单状态已更新为：已取消。");
    expect(await statusOf(o.id)).toBe("cancelled");
    expect(text((await page(t.app, url, manager)).body)).toContain("处理中");
    await t.app.services.payments.refundDue(t.app.services.db);
    const after = text((await page(t.app, url, manager)).body);
    expect(after).toContain("已完成");
    expect(after).toContain("已退款");
    expect(after).toContain("退回银行卡");
  });

  it("cancels an unpaid order with nothing to refund (zh)", async () => {
    const o = await makeOrder(t.app.services.db, 1);
    const url = `/zh/admin/commandes/${o.number}`;
    const cs = await staff("service-client");
    expect(text((await page(t.app, url, cs)).body)).toContain("订单未付款：无需退款。");
    const res = await post(t.app, url, { intent: "cancel", refund: "none", reason: "客户取消", confirm: "yes" }, cs);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(o.id)).toBe("cancelled");
  });
});
