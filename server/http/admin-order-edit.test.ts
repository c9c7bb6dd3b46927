// Editing an order's lines from the back office's order page, over the real build and a real HTTP connection: a first
// sending answers the preview (lines changed, totals before and after), the second edits; bad input gets a translated
// message and changes nothing; the roles without orders:edit get 403 for both sendings and nothing changes; a paid
// order's higher total shows its balance due, then paid (fr and zh).
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { makeOrder, one } from "#server/test/payments.ts";
import { editRevision } from "#core/orders/edit.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office order edit", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, body: text(await res.text()) };
  };
  const post = async (path: string, fields: [string, string][], cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: res.status, body: text(await res.text()) };
  };
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  /** An order of the demo customer: 10 of a model at 10 € HT (120,00 € TTC), in `status`. */
  async function order(status = "unpaid") {
    const { db } = t.app.services;
    const [{ id: model }] = await query<{ id: number }>(db, sql`select id from models order by id limit 1`);
    await query(db, sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false where id = ${model}`);
    const o = await makeOrder(db, 1, { status, lines: [[model, 10]] });
    return { ...o, model };
  }
  const state = async (id: number) => {
    const { db } = t.app.services;
    const row = await one<{ status: string; total_ttc: string; balance_due: string }>(
      db,
      sql`select status, total_ttc::text, balance_due::text from orders where id = ${id}`,
    );
    const lines = await query<{ id: number; num: number }>(db, sql`select id, num from order_lines where order_id = ${id} order by id`);
    const stock = await one<{ s: number }>(db, sql`select stock as s from models order by id limit 1`);
    return { ...row, lines, stock: stock.s };
  };
  /** The form's fields for the order as it is: its line at `num`, `extra` appended. */
  async function fields(id: number, num: string, extra: [string, string][] = []): Promise<[string, string][]> {
    const s = await state(id);
    return [
      ["intent", "edit"],
      ["revision", editRevision({ ...s, lines: s.lines })],
      ["line_id", String(s.lines[0].id)],
      ["line_num", num],
      ...extra,
    ];
  }

  it("lets customer service edit an unpaid order after a preview; bad input is refused in French and changes nothing", async () => {
    const o = await order();
    const cs = await staff("service-client");
    const url = `/admin/commandes/${o.number}`;
    const view = await get(url, cs);
    expect(view.status).toBe(200);
    expect(view.body).toContain("Modifier la commande");
    expect(view.body).toContain("Voir les nouveaux totaux…");

    const before = await state(o.id);
    for (const [bad, message] of [
      [await fields(o.id, "deux"), "Indiquez une quantité entière entre 0 et 100 000 (0 retire la ligne)."],
      [await fields(o.id, "0"), "Une commande garde au moins une ligne : pour tout retirer, annulez la commande."],
      [
        await fields(o.id, "10", [
          ["add_ref", "INCONNU-1"],
          ["add_num", "2"],
        ]),
        "Aucun article ne porte la référence INCONNU-1.",
      ],
      [await fields(o.id, "10", [["add_ref", "X"]]), "Indiquez une quantité entière entre 0 et 100 000 (0 retire la ligne)."],
      [await fields(o.id, "600"), "La référence REF dépasse la quantité maximale achetable (500)."],
    ] as const) {
      const res = await post(url, [...bad], cs);
      expect(res.status, message).toBeGreaterThanOrEqual(400);
      expect(res.body).toMatch(/role="alert"/);
      expect(res.body).toContain(message.split(" {{")[0]);
    }
    const stale = await post(url, [...(await fields(o.id, "12")).map(([k, v]): [string, string] => [k, k === "revision" ? "x" : v])], cs);
    expect(stale.status).toBe(409);
    expect(stale.body).toContain("La commande a changé depuis l'aperçu");
    expect(await state(o.id)).toEqual(before);

    const preview = await post(url, await fields(o.id, "12"), cs);
    expect(preview.status).toBe(200);
    expect(preview.body).toContain(`Confirmer la modification de la commande ${o.number}`);
    expect(preview.body).toContain("→ 12");
    expect(preview.body).toContain("144,00 € TTC");
    expect(preview.body).toContain("Commande non payée : le client paiera le nouveau montant, 144,00 € TTC.");
    expect(await state(o.id)).toEqual(before);

    const done = await post(url, [...(await fields(o.id, "12")), ["confirm", "yes"]], cs);
    expect(done.status).toBe(200);
    expect(done.body).toContain("Commande modifiée. Nouveau total : 144,00 € TTC.");
    const after = await state(o.id);
    expect(after).toMatchObject({ status: "unpaid", total_ttc: "144.00" });
    expect(after.lines[0].num).toBe(12);
    expect(after.stock).toBe(before.stock - 2);
    const page = (await get(url, cs)).body;
    expect(page).toContain("Commande modifiée</strong>, total 120,00 € TTC → 144,00 € TTC");
  });

  it("refuses the edit to every role without orders:edit (403, preview and confirmation alike) and nothing changes", async () => {
    const o = await order("processing");
    const url = `/admin/commandes/${o.number}`;
    const before = await state(o.id);
    for (const who of ["entrepot", "planning", "catalogue", "comptabilite"]) {
      const cookie = await staff(who);
      expect((await get(url, cookie)).body, who).not.toContain("Modifier la commande");
      expect((await post(url, await fields(o.id, "12"), cookie)).status, who).toBe(403);
      expect((await post(url, [...(await fields(o.id, "12")), ["confirm", "yes"]], cookie)).status, who).toBe(403);
      // bad input too: the permission is checked before the form is read
      expect((await post(url, [["intent", "edit"]], cookie)).status, who).toBe(403);
    }
    // customer service may not refund to the card
    const cs = await staff("service-client");
    expect((await post(url, [...(await fields(o.id, "5")), ["refund", "provider"], ["confirm", "yes"]], cs)).status).toBe(403);
    expect(await state(o.id)).toEqual(before);
    const events = await one<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from order_events where order_id = ${o.id}`);
    expect(events.n).toBe(0);
  });

  it("shows a paid order's balance due after an edit raised it, then paid (zh)", async () => {
    const o = await order("processing");
    const manager = await staff("gerance");
    const url = `/zh/admin/commandes/${o.number}`;
    expect((await get(url, manager)).body).toContain("修改订单");
    const preview = await post(url, await fields(o.id, "15"), manager);
    expect(preview.body).toContain("客户需补付差额 €60.00 含税：将收到付款链接。");
    const done = await post(url, [...(await fields(o.id, "15")), ["confirm", "yes"]], manager);
    expect(done.status).toBe(200);
    expect(done.body).toContain("订单已修改。新的合计：€180.00 含税。");
    expect((await get(url, manager)).body).toContain("修改后待补付：€60.00 含税");

    // the customer's pay step asks for the balance alone
    const pay = await get(`/zh/paymentcb?order_id=${o.number}`, t.demo);
    expect(pay.status).toBe(200);
    expect(pay.body).toMatch(/待补付金额（订单修改）(<!-- -->)?：<\/dt>/);
    expect(pay.body).toContain("€60.00 含税");
    expect(pay.body).toContain(`您的订单 ${o.number} 已修改，合计增加`);

    // the customer pays the balance through the provider: the page then shows it paid
    const { db, payments } = t.app.services;
    const [{ email }] = await query<{ email: string }>(db, sql`select email from customers where id = 1`);
    const started = await payments.leavePayment({ db, customer: { id: 1, email }, lang: "zh" }, { id: o.id });
    const token = started.redirect_url.split("/").pop()!;
    await query(db, sql`update sandbox_sessions set status = 'done', outcome = 'succeeded', notified_at = now() where token = ${token}`);
    const outcome = await payments.handleNotification(db, {
      eventId: `evt_edit_page_${token}`,
      type: "payment.succeeded",
      payload: {},
      paymentId: started.payment_id,
      providerRef: token,
      outcome: "succeeded",
      amountCents: 6000,
      currency: "EUR",
      transactionId: `txn_${token}`,
      method: "card",
    });
    expect(outcome).toBe("processed");
    const after = (await get(url, manager)).body;
    expect(after).not.toContain("修改后待补付");
    expect(after).toContain("已用银行卡补付差额：€60.00 含税");
  });
});
