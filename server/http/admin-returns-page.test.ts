// The back office's returns pages over the real build and a real HTTP connection (decision 141): the inbox in fr and
// zh with its status filter, a request's page and its steps (accept, refuse with a reason, receive, refund by credit
// note), the order page's credit note by hand, the owner's card-refund limit for customer service; every role without the step's permission gets 403 and nothing changes.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffContextOf, staffCookie } from "#server/test/staff.ts";
import { makeOrder, one } from "#server/test/payments.ts";
import { pdfToText } from "#server/test/pdf-text.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office returns pages", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  let seq = 0;
  const staff = (who: string) => staffCookie(t.app, `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
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

  /** A delivered, paid order of the demo customer (4 of a model, 48,00 € TTC) and a return of 3 of them. */
  async function request() {
    const { db } = t.app.services;
    const [{ id: model }] = await query<{ id: number }>(db, sql`select id from models order by id limit 1`);
    const o = await makeOrder(db, 1, { status: "delivered", lines: [[model, 4]], ht: "40.00", tva: "8.00" });
    await query(db, sql`update orders set delivered_at = now() where id = ${o.id}`);
    const [line] = await query<{ id: number }>(db, sql`select id from order_lines where order_id = ${o.id}`);
    const r = await t.app.services.returns.request(
      contextOf(db, 1, "fr"),
      {
        order_id: o.id,
        lines: [{ line_id: line.id, num: 3 }],
        reason: "wrong_item",
        comment: "Mauvais format",
        idempotency_key: `page-return-${++seq}-0123456789abcdef`,
      },
      new Date(),
    );
    return { order: o, id: r.id, line: line.id, model };
  }
  const state = async (id: number) => {
    const { db } = t.app.services;
    const r = await one<{ status: string }>(db, sql`select status from return_requests where id = ${id}`);
    const notes = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from credit_notes where order_id = (select order_id from return_requests where id = ${id})`,
    );
    const audits = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where entity = 'return' and entity_id = ${String(id)}`,
    );
    return { status: r.status, notes: notes.n, audits: audits.n };
  };
  const stockOf = async (model: number) =>
    (await one<{ s: number }>(t.app.services.db, sql`select stock as s from models where id = ${model}`)).s;

  it("lists the requests in fr and zh, requested first, with a status filter; roles without returns get 403", async () => {
    const r = await request();
    const cs = await staff("service-client");
    const fr = await get("/admin/retours", cs);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("<h1");
    expect(fr.body).toContain("Retours");
    expect(fr.body).toContain(`Retour n° ${r.id}`);
    expect(fr.body).toContain(r.order.number);
    expect(fr.body).toContain("Tous (à traiter d'abord)");
    const zh = await get("/zh/admin/retours?status=requested", cs);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain(`退货 ${r.id} 号`);
    expect(zh.body).toContain("已申请");
    const refused = await get("/admin/retours?status=refused", cs);
    expect(refused.body).not.toContain(`Retour n° ${r.id}<`);
    const bad = await get("/admin/retours?status=perdu", cs);
    expect(bad.body).toContain("Choisissez un statut de la liste.");
    expect((await get("/admin/retours", await staff("comptabilite"))).status).toBe(200);
    for (const who of ["entrepot", "planning", "catalogue"]) {
      expect((await get("/admin/retours", await staff(who))).status, who).toBe(403);
      expect((await get(`/admin/retours/${r.id}`, await staff(who))).status, who).toBe(403);
    }
    expect((await get("/admin/retours/999999", cs)).status).toBe(404);
  });

  it("refuses a step to every role without its permission: 403 and nothing changes", async () => {
    const r = await request();
    const url = `/admin/retours/${r.id}`;
    const receive: [string, string][] = [
      ["intent", "receive"],
      ["line_id", String(r.line)],
      ["received", "3"],
      ["resaleable", String(r.line)],
    ];
    const steps: Record<string, [string, string][]> = {
      accept: [["intent", "accept"]],
      refuse: [
        ["intent", "refuse"],
        ["reason", "Non"],
      ],
      receive,
      refund_credit_note: [
        ["intent", "refund"],
        ["way", "credit_note"],
      ],
      refund_card: [
        ["intent", "refund"],
        ["way", "card"],
      ],
    };
    const before = await state(r.id);
    const stock = await stockOf(r.model);
    // warehouse, planner and catalogue hold no returns permission; the accountant reads returns but does not answer them
    const denied: [string, string[]][] = [
      ["entrepot", Object.keys(steps)],
      ["planning", Object.keys(steps)],
      ["catalogue", Object.keys(steps)],
      ["comptabilite", ["accept", "refuse", "receive"]],
    ];
    for (const [who, names] of denied) {
      const cookie = await staff(who);
      for (const name of names) expect((await post(url, steps[name], cookie)).status, `${who} ${name}`).toBe(403);
    }
    expect(await state(r.id)).toEqual(before);
    expect(await stockOf(r.model)).toBe(stock);
    // the order page's credit note by hand: the accountant's (and the owner's, the manager's)
    const credit: [string, string][] = [
      ["intent", "credit"],
      ["kind", "gesture"],
      ["amount", "5"],
      ["reason", "Retard"],
    ];
    for (const who of ["entrepot", "planning", "service-client"])
      expect((await post(`/admin/commandes/${r.order.number}`, credit, await staff(who))).status, who).toBe(403);
    expect((await state(r.id)).notes).toBe(0);
  });

  it("takes a request through accept, receive and a credit note (fr then zh); a refusal needs its reason", async () => {
    const r = await request();
    const cs = await staff("service-client");
    const url = `/admin/retours/${r.id}`;
    const page = await get(url, cs);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Retour n° ${r.id}`);
    expect(page.body).toContain("Mauvais format");
    expect(page.body).toContain("Accepter le retour");
    expect(page.body).toContain("Motif du refus (lu par le client)");

    const noReason = await post(url, [["intent", "refuse"]], cs);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toContain("Indiquez le motif du refus (300 caractères au plus).");
    expect((await state(r.id)).status).toBe("requested");

    const accepted = await post(url, [["intent", "accept"]], cs);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toContain("Retour mis à jour : Accepté.");
    expect(accepted.body).toContain("Enregistrer la réception");

    const stock = await stockOf(r.model);
    const over = await post(
      url,
      [
        ["intent", "receive"],
        ["line_id", String(r.line)],
        ["received", "4"],
      ],
      cs,
    );
    expect(over.status).toBe(400);
    expect(over.body).toContain("Référence REF : au plus 3 unités reçues.");
    const received = await post(
      url,
      [
        ["intent", "receive"],
        ["line_id", String(r.line)],
        ["received", "2"],
        ["resaleable", String(r.line)],
      ],
      cs,
    );
    // 2 of the 3 asked came back: they alone are credited and go back to stock
    expect(received.status).toBe(200);
    expect(received.body).toContain("Valeur des articles reçus : 24,00 € TTC");
    expect(await stockOf(r.model)).toBe(stock + 2);

    const zh = await post(
      `/zh${url}`,
      [
        ["intent", "refund"],
        ["way", "credit_note"],
      ],
      cs,
    );
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("退货已更新：已退款。");
    expect(zh.body).toMatch(/已开具抵用单 AV\d{4}-\d+/);
    expect(await state(r.id)).toEqual({ status: "refunded", notes: 1, audits: 3 });
    // its PDF, as the customer gets it: the 2 units received, 24,00 € TTC
    const { number } = await one<{ number: string }>(t.app.services.db, sql`select number from credit_notes where return_id = ${r.id}`);
    const res = await fetch(`${base}/admin/avoirs/${number}.pdf`, { headers: { cookie: cs } });
    expect(res.status).toBe(200);
    const pdf = (await pdfToText(Buffer.from(await res.arrayBuffer()))).replace(/[\u00a0\u202f]/g, " ");
    expect(pdf).toContain(number);
    expect(pdf).toContain("24,00 €");
    expect(pdf).not.toContain("36,00 €");
  });

  it("refuses a request with the reason the customer then reads on /suivi-commande", async () => {
    const r = await request();
    const res = await post(
      `/admin/retours/${r.id}`,
      [
        ["intent", "refuse"],
        ["reason", "Articles déjà utilisés"],
      ],
      await staff("service-client"),
    );
    expect(res.status).toBe(200);
    expect(res.body).toContain("Motif du refus : Articles déjà utilisés");
    const customer = await get("/suivi-commande", t.demo);
    expect(customer.status).toBe(200);
    expect(customer.body).toContain("Motif du refus : Articles déjà utilisés");
  });

  it("lets the accountant issue a credit note by hand from the order page, never above what is left", async () => {
    const r = await request();
    const accountant = await staff("comptabilite");
    const url = `/admin/commandes/${r.order.number}`;
    const page = await get(url, accountant);
    expect(page.body).toContain("Avoir ou remboursement manuel");
    expect(page.body).toContain("Au plus 48,00 € TTC peut encore être rendu.");
    const tooMuch = await post(
      url,
      [
        ["intent", "credit"],
        ["kind", "amount"],
        ["amount", "48,01"],
        ["reason", "Erreur de prix"],
      ],
      accountant,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toContain("Au plus 48,00 € TTC peut encore être rendu sur cette commande.");
    const bad = await post(
      url,
      [
        ["intent", "credit"],
        ["kind", "amount"],
        ["amount", "douze"],
        ["reason", "Erreur"],
      ],
      accountant,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Indiquez un montant en euros supérieur à 0 (par exemple 12,50).");
    const done = await post(
      `/zh${url}`,
      [
        ["intent", "credit"],
        ["kind", "gesture"],
        ["amount", "12,50"],
        ["reason", "Livraison en retard"],
      ],
      accountant,
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatch(/已开具抵用单 AV\d{4}-\d+：[^<]*12[.,]50/);
    const note = await one<{ reason: string; amount_ttc: string }>(
      t.app.services.db,
      sql`select reason, amount_ttc::text from credit_notes where order_id = ${r.order.id}`,
    );
    expect(note).toEqual({ reason: "Geste commercial : Livraison en retard", amount_ttc: "12.50" });
  });

  it("lets the accountant refund by hand to the card that paid the order (fr, zh); customer service gets 403", async () => {
    const { db } = t.app.services;
    const r = await request();
    // paid by card, as a succeeded provider payment of the order's transaction
    await query(db, sql`update orders set transaction_id = ${`txn-page-${r.order.id}`} where id = ${r.order.id}`);
    await query(
      db,
      sql`insert into payments (order_id, provider, amount, status, provider_ref, transaction_id, paid_at)
          values (${r.order.id}, 'sandbox', 48.00, 'succeeded', ${`ref-page-${r.order.id}`}, ${`txn-page-${r.order.id}`}, now())`,
    );
    const url = `/admin/commandes/${r.order.number}`;
    const accountant = await staff("comptabilite");
    const page = await get(url, accountant);
    expect(page.body).toContain("Sur la carte qui a payé la commande (au plus 48,00");
    const refund: [string, string][] = [
      ["intent", "credit"],
      ["way", "card"],
      ["kind", "gesture"],
      ["amount", "7,50"],
      ["reason", "Livraison en retard"],
    ];
    const refunds = async () =>
      query<{ amount: string }>(
        db,
        sql`select r.amount::text from refunds r join payments p on p.id = r.payment_id where p.order_id = ${r.order.id}`,
      );
    expect((await post(url, refund, await staff("service-client"))).status).toBe(403);
    expect(await refunds()).toEqual([]);
    const done = await post(`/zh${url}`, refund, accountant);
    expect(done.status).toBe(200);
    expect(done.body).toMatch(/已申请向银行卡退款 €7\.50/);
    expect(await refunds()).toEqual([{ amount: "7.50" }]);
    expect((await get(url, accountant)).body).toContain("Sur la carte qui a payé la commande (au plus 40,50");
  });

  it("lets the owner set customer service's card limit (fr, zh), shown where the card refund is offered; others get 403", async () => {
    const { db } = t.app.services;
    const limitRow = async () =>
      (await query<{ value: unknown }>(db, sql`select value from site_config where key = 'serviceCardRefundLimit'`))[0]?.value;
    const limitAudits = async () =>
      (
        await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from audit_log where entity = 'setting' and entity_id = 'serviceCardRefundLimit'`,
        )
      ).n;
    const owner = await staff("direction");
    const cs = await staff("service-client");
    const form = 'aria-labelledby="card-limit-setting"';

    // only settings:write sees the form; every other role's post is refused and changes nothing
    expect((await get("/admin/retours", owner)).body).toContain(form);
    for (const who of ["gerance", "entrepot", "planning", "service-client", "catalogue", "comptabilite"]) {
      const cookie = await staff(who);
      const page = await get("/admin/retours", cookie);
      if (page.status === 200) expect(page.body, who).not.toContain(form);
      expect((await post("/admin/retours", [["limit", "1000"]], cookie)).status, who).toBe(403);
    }
    expect(await limitRow()).toBeUndefined();
    expect(await limitAudits()).toBe(0);

    // a received return of 36,00 € TTC: under the default 300 €, customer service may refund it by card
    const r = await request();
    const csCtx = await staffContextOf(t.app, "service-client@comptoir-emballage.fr");
    await t.app.services.returnDesk.accept(csCtx, r.id);
    await t.app.services.returnDesk.receive(csCtx, r.id, [{ line_id: r.line, received: 3, resaleable: true }]);
    const before = await get(`/admin/retours/${r.id}`, cs);
    expect(before.body).toContain("Rembourser 36,00 € TTC sur la carte");
    expect(before.body).toContain("Le service client rembourse sur la carte jusqu'à 300,00 € TTC");

    // the owner lowers it to 20,50 € (typed with a comma): customer service no longer sees the card refund
    const saved = await post("/admin/retours", [["limit", "20,5"]], owner);
    expect(saved.body).toContain("Limite enregistrée : 20,50 € TTC.");
    expect(await limitRow()).toBe("20.50");
    const after = await get(`/admin/retours/${r.id}`, cs);
    expect(after.body).not.toContain("sur la carte</button>");
    expect(after.body).not.toContain("Rembourser 36,00 € TTC sur la carte");
    expect(after.body).toContain("Le service client rembourse sur la carte jusqu'à 20,50 € TTC");
    const refused = await post(
      `/admin/retours/${r.id}`,
      [
        ["intent", "refund"],
        ["way", "card"],
      ],
      cs,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Ce remboursement dépasse la limite du service client (20,50 € TTC)");

    // in Chinese, 0: customer service never refunds by card
    const zh = await post("/zh/admin/retours", [["limit", "0"]], owner);
    expect(zh.body).toContain("限额已保存：");
    expect(await limitRow()).toBe("0.00");
    const zhPage = await get(`/zh/admin/retours/${r.id}`, cs);
    expect(zhPage.body).toContain("客服不能向银行卡退款，由财务处理。");
    expect(zhPage.body).not.toContain("到银行卡</button>");

    // bad values: a translated message, nothing changes
    for (const bad of ["100000.01", "-3", "12.345", "beaucoup"])
      expect((await post("/admin/retours", [["limit", bad]], owner)).body, bad).toContain(
        "Indiquez un montant en euros de 0 à 100 000, avec deux décimales au plus.",
      );
    expect((await post("/zh/admin/retours", [["limit", "abc"]], owner)).body).toContain(
      "请输入 0 至 100 000 欧元之间的金额，最多两位小数。",
    );
    expect(await limitRow()).toBe("0.00");
    expect(await limitAudits()).toBe(2);

    // raised again: the limit no longer stops it (this order was not paid by card: the card step answers instead)
    await post("/admin/retours", [["limit", "36"]], owner);
    const next = await post(
      `/admin/retours/${r.id}`,
      [
        ["intent", "refund"],
        ["way", "card"],
      ],
      cs,
    );
    expect(next.body).not.toContain("dépasse la limite");
    expect(next.body).toContain("La carte de la commande ne peut plus rembourser ce montant");
    await query(db, sql`delete from site_config where key = 'serviceCardRefundLimit'`);
  });

  it("credits chosen lines, then the whole of what is left, from the order page in fr and zh; 403 without the permission", async () => {
    const r = await request();
    const url = `/admin/commandes/${r.order.number}`;
    const accountant = await staff("comptabilite");
    const count = async () =>
      (await one<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from credit_notes where order_id = ${r.order.id}`)).n;
    const zh = await get(`/zh${url}`, accountant);
    expect(zh.body).toContain("整单：剩余可退金额（");
    expect(zh.body).toContain("REF — Article（订购：4）");
    const fr = await get(url, accountant);
    expect(fr.body).toContain("Toute la commande : ce qui reste à rendre (48,00 € TTC)");
    expect(fr.body).toContain("REF — Article (commandé : 4)");
    const byLines = (qty: string, cookie: string, prefix = "") =>
      post(
        `${prefix}${url}`,
        [
          ["intent", "credit"],
          ["kind", "amount"],
          ["scope", "lines"],
          ["amount", ""],
          ["line_id", String(r.line)],
          ["qty", qty],
          ["reason", "Carton abîmé"],
        ],
        cookie,
      );
    const forbidden = await byLines("1", await staff("service-client"));
    expect(forbidden.status).toBe(403);
    expect(await count()).toBe(0);
    const none = await byLines("0", accountant);
    expect(none.status).toBe(400);
    expect(none.body).toContain("Indiquez pour au moins une ligne une quantité entre 0 et la quantité commandée.");
    const over = await byLines("5", accountant, "/zh");
    expect(over.status).toBe(400);
    expect(over.body).toContain("请至少为一行填写 0 到订购数量之间的数量。");
    expect(await count()).toBe(0);
    // 1 of 4 at 10,00 € HT, 20 % VAT
    const first = await byLines("1", accountant, "/zh");
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/已开具抵用单 AV\d{4}-\d+：[^<]*12[.,]00/);
    const whole: [string, string][] = [
      ["intent", "credit"],
      ["kind", "gesture"],
      ["scope", "whole"],
      ["reason", "Client fidèle"],
    ];
    const done = await post(url, whole, accountant);
    expect(done.status).toBe(200);
    expect(done.body).toMatch(/Avoir AV\d{4}-\d+ émis : 36,00 € TTC/);
    expect(done.body).toContain("Rien ne peut plus être rendu sur cette commande.");
    const again = await post(url, whole, accountant);
    expect(again.status).toBe(400);
    expect(again.body).toContain("Rien ne peut plus être rendu sur cette commande.");
    const notes = await query<{ reason: string; amount_ttc: string }>(
      t.app.services.db,
      sql`select reason, amount_ttc::text from credit_notes where order_id = ${r.order.id} order by id`,
    );
    expect(notes).toEqual([
      { reason: "Lignes 1 × REF : Carton abîmé", amount_ttc: "12.00" },
      { reason: "Geste commercial : Client fidèle", amount_ttc: "36.00" },
    ]);
  });
});
