// Card payment (decision 077) with the sandbox provider, end to end over real HTTP: the API starts a
// payment, the hosted card page is fetched and its form posted, the sandbox notifies the shop through the
// signed webhook, the order is paid exactly once with its invoice and e-mail. Then the webhook's defences
// (replay, signature, timestamp, amount) and the expiry race. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { translate } from "#core/i18n/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { get, post } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { listeningApp, makeOrder, one, type TestOrder } from "#server/test/payments.ts";
import type { TestApp } from "#server/test/app.ts";
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from "./sandbox-signature.ts";
import { createSandboxProvider } from "./sandbox.provider.ts";

const SECRET = "comptoir-sandbox-webhook-secret"; // the dev default

describe.each(testDbKinds())("card payment with the sandbox on %s", (kind) => {
  let t: TestApp & { url: string };
  let db: Db;
  let demo: string; // customer 1
  let martin: string; // customer 2
  let modelId: number;

  const leave = (o: TestOrder, token = demo, lang?: string) =>
    get(t.app, "/site/Sale/leavePayment", { order_id: String(o.id) }, { token, lang });
  const result = async (o: TestOrder, lang?: string) =>
    (await post(t.app, "/site/Index/getPaymentResult", { order_id: o.id }, { token: demo, lang })).json();
  const page = (path: string, init: RequestInit = {}) => fetch(`${t.url}${path}`, { redirect: "manual", ...init });
  const submit = (path: string, form: Record<string, string>) =>
    page(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
  const card = (number: string, extra: Record<string, string> = {}) => ({
    action: "pay",
    name: "Jeanne Martin",
    number,
    expiry: "12/39",
    cvc: "123",
    ...extra,
  });
  async function start(o: TestOrder, lang?: string): Promise<string> {
    const r = await leave(o, demo, lang);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.redirect_url as string;
  }
  const orderRow = (o: TestOrder) =>
    one<{ status: string; transaction_id: string | null; payment_method: string | null; paid: boolean; cancelled: boolean }>(
      db,
      sql`select status, transaction_id, payment_method, paid_at is not null as paid, cancelled_at is not null as cancelled from orders where id = ${o.id}`,
    );
  const invoices = (o: TestOrder) => query<{ number: string }>(db, sql`select number from invoices where order_id = ${o.id}`);
  const webhook = (body: string, header?: string) =>
    t.app.inject({
      method: "POST",
      url: "/payments/webhook/sandbox",
      headers: { "content-type": "application/json", ...(header ? { [SANDBOX_SIGNATURE_HEADER]: header } : {}) },
      payload: body,
    });
  const tokenOf = (redirect: string) => redirect.split("/").pop()!;

  beforeAll(async () => {
    t = await listeningApp(kind);
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    [{ id: modelId }] = await query<{ id: number }>(db, sql`select id from models order by id limit 1`);
    await query(db, sql`update models set stock = 50 where id = ${modelId}`);
  }, 120_000);
  afterAll(() => t.close());

  it("starts a payment only for the caller's own unpaid order, for the order's amount", async () => {
    const mine = await makeOrder(db, 1, { ht: "250.00", tva: "50.00" });
    const theirs = await makeOrder(db, 2);
    const paid = await makeOrder(db, 1, { status: "processing" });
    const cancelled = await makeOrder(db, 1, { status: "cancelled" });
    const payments = async () => (await one<{ n: number }>(db, sql`select count(*)::int as n from payments`)).n;
    const before = await payments();

    expect((await get(t.app, "/site/Sale/leavePayment", { order_id: String(mine.id) })).statusCode).toBe(401);
    const other = await leave(theirs);
    expect(other.statusCode).toBe(404);
    expect(other.json().info).toBe("Cette commande est introuvable.");
    const p = await leave(paid);
    expect(p.statusCode).toBe(400);
    expect(p.json().info).toBe("Cette commande est déjà payée.");
    const c = await leave(cancelled, demo, "zh");
    expect(c.statusCode).toBe(400);
    expect(c.json().info).toBe("该订单已取消，无法再支付。");
    expect((await get(t.app, "/site/Sale/leavePayment", { order_id: "abc" }, { token: demo })).statusCode).toBe(400);
    expect(await payments()).toBe(before);
    // the other customer's result is not found either
    expect((await post(t.app, "/site/Index/getPaymentResult", { order_id: mine.id }, { token: martin })).statusCode).toBe(404);

    const url = await start(mine);
    expect(url).toMatch(/^\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/);
    const row = await one<{ amount: string; currency: string; status: string; provider: string; attempts: number }>(
      db,
      sql`select amount::text as amount, currency, status, provider, (select count(*)::int from payment_attempts a where a.payment_id = p.id) as attempts
      from payments p where order_id = ${mine.id}`,
    );
    expect(row).toEqual({ amount: "300.00", currency: "EUR", status: "pending", provider: "sandbox", attempts: 1 });
    const s = await one<{ amount_cents: number; success_url: string }>(
      db,
      sql`select amount_cents, success_url from sandbox_sessions where token = ${tokenOf(url)}`,
    );
    expect(s).toEqual({ amount_cents: 30000, success_url: `/payment/result/success?order_id=${mine.id}` });
    expect((await result(mine)).data).toMatchObject({ status: "unpaid", paid: false, pending: true, failure: null, can_repay: true });
    // both calls are in the API reference
    const doc = (await t.app.inject({ url: "/site/openapi.json" })).json();
    expect(doc.paths["/site/Sale/leavePayment"].get).toBeDefined();
    expect(doc.paths["/site/Index/getPaymentResult"].post).toBeDefined();
  });

  it("serves the hosted page in test mode, fr and zh, with a strict CSP and no script", async () => {
    const o = await makeOrder(db, 1);
    const url = await start(o);
    const r = await page(url);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(r.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await r.text();
    expect(html).toContain("MODE TEST");
    expect(html).toContain('<label for="f-number">Numéro de carte</label>');
    expect(html).toContain("120,00");
    expect(html).not.toMatch(/<script|style=/i);
    const css = await page("/sandbox/sandbox.css");
    expect(css.headers.get("content-type")).toContain("text/css");
    const zh = await (await page(`${url}?lang=zh`)).text();
    expect(zh).toContain("测试模式");
    expect(zh).toContain("卡号");
    expect(html).toContain('placeholder="MM/AA"');
    expect(zh).toContain('placeholder="MM/YY"');
    // a started-in-Chinese payment comes back to /zh
    const o2 = await makeOrder(db, 1);
    const url2 = await start(o2, "zh");
    expect(await (await page(url2)).text()).toContain("银行卡支付");
    const s = await one<{ success_url: string }>(db, sql`select success_url from sandbox_sessions where token = ${tokenOf(url2)}`);
    expect(s.success_url).toBe(`/zh/payment/result/success?order_id=${o2.id}`);
    expect((await page("/sandbox/pay/unknown-token-unknown-token")).status).toBe(404);
  });

  it("checks the card number (Luhn), the expiry and the CVC with translated messages, changing nothing", async () => {
    const o = await makeOrder(db, 1);
    const url = await start(o);
    const bad = await submit(url, card("4242 4242 4242 4241", { expiry: "01/20", cvc: "12" }));
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain("Le numéro de carte n&#39;est pas valide.");
    expect(html).toContain("Cette carte est expirée.");
    expect(html).toContain("Le cryptogramme visuel compte 3 ou 4 chiffres.");
    expect(html).toContain('aria-invalid="true" aria-describedby="e-number"');
    expect(html).toContain('value="4242 4242 4242 4241"'); // kept for correction; the CVC is not
    const zh = await submit(url, card("", { expiry: "13/30", lang: "zh", name: "" }));
    const zhHtml = await zh.text();
    expect(zhHtml).toContain("请输入卡号。");
    expect(zhHtml).toContain("有效期格式应为 MM/YY。");
    expect(zhHtml).toContain("请输入持卡人姓名。");
    const s = await one<{ status: string }>(db, sql`select status from sandbox_sessions where token = ${tokenOf(url)}`);
    expect(s.status).toBe("open");
    expect((await orderRow(o)).status).toBe("unpaid");
  });

  it("success card: the webhook pays the order once, with its invoice and the e-mail with the invoice link", async () => {
    const o = await makeOrder(db, 1);
    const url = await start(o);
    const r = await submit(url, card("4242 4242 4242 4242"));
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/payment/result/success?order_id=${o.id}`);
    const row = await orderRow(o);
    expect(row).toMatchObject({ status: "processing", payment_method: "card", paid: true });
    expect(row.transaction_id).toMatch(/^txn_sbx_/);
    const inv = await invoices(o);
    expect(inv).toHaveLength(1);
    expect(inv[0].number).toMatch(/^FA\d{4}-\d{6}$/);
    const mail = await one<{ to: string; subject: string; text: string }>(
      db,
      sql`select payload->>'to' as to, payload->>'subject' as subject, payload->>'text' as text from outbox_messages order by id desc limit 1`,
    );
    expect(mail.to).toBe("demo@comptoir-emballage.fr");
    expect(mail.subject).toContain(inv[0].number);
    expect(mail.text).toContain(`${t.url}/documents/invoice/${o.id}.pdf`);
    const res = (await result(o)).data;
    expect(res).toMatchObject({
      order_id: o.id,
      status: "processing",
      paid: true,
      pending: false,
      failure: null,
      can_repay: false,
      payment_method: "card",
      invoice_number: inv[0].number,
      invoice_url: `/documents/invoice/${o.id}.pdf`,
    });
    const detail = (await get(t.app, "/site/Sale/orderDetial", { id: String(o.id) }, { token: demo })).json().data;
    expect(detail).toMatchObject({
      can_repay: false,
      invoice_number: inv[0].number,
      invoice_url: `/documents/invoice/${o.id}.pdf`,
      cancelled_at: null,
    });
    // the session is over: a second submit changes nothing
    const again = await submit(url, card("4242424242424242"));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Ce paiement est terminé.");
    expect(await invoices(o)).toHaveLength(1);
    // a restart is refused now
    expect((await leave(o)).json().info).toBe("Cette commande est déjà payée.");
  });

  it("declined card → failure with its reason, then re-pay succeeds", async () => {
    const o = await makeOrder(db, 1);
    const r = await submit(await start(o), card("4000000000000002"));
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/payment/result/fail?order_id=${o.id}`);
    expect((await result(o)).data).toMatchObject({
      status: "unpaid",
      paid: false,
      pending: false,
      failure: "Votre banque a refusé le paiement.",
      can_repay: true,
    });
    expect((await result(o, "zh")).data.failure).toBe("您的银行拒绝了此次付款。");
    const detail = (await get(t.app, "/site/Sale/orderDetial", { id: String(o.id) }, { token: demo })).json().data;
    expect(detail).toMatchObject({ can_repay: true, invoice_number: null, invoice_url: null });
    const ok = await submit(await start(o), card("4242424242424242"));
    expect(ok.headers.get("location")).toBe(`/payment/result/success?order_id=${o.id}`);
    expect((await orderRow(o)).status).toBe("processing");
    const attempts = await query<{ outcome: string; error_key: string | null }>(
      db,
      sql`select a.outcome, a.error_key from payment_attempts a join payments p on p.id = a.payment_id where p.order_id = ${o.id} order by a.id`,
    );
    expect(attempts).toEqual([
      { outcome: "failed", error_key: "payment.declined" },
      { outcome: "succeeded", error_key: null },
    ]);
  });

  it("insufficient funds and cancel (abandon) fail with their reasons", async () => {
    const o = await makeOrder(db, 1);
    await submit(await start(o), card("4000 0000 0000 9995"));
    expect((await result(o)).data.failure).toBe("Paiement refusé : provision insuffisante.");
    const cancel = await submit(await start(o), { action: "cancel" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`/payment/result/fail?order_id=${o.id}`);
    expect((await result(o)).data).toMatchObject({ failure: "Paiement abandonné ou échoué.", can_repay: true, status: "unpaid" });
  });

  it("3-D Secure card: a challenge step that passes or fails", async () => {
    const o = await makeOrder(db, 1);
    const url = await start(o);
    const r = await submit(url, card("4000 0000 0000 3220"));
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${url}?lang=fr`);
    const ch = await (await page(url)).text();
    expect(ch).toContain("Authentification 3-D Secure");
    expect(ch).toContain(">Valider</button>");
    expect(ch).toContain(">Échouer</button>");
    expect((await orderRow(o)).status).toBe("unpaid");
    const failed = await submit(`${url}/challenge`, { action: "fail" });
    expect(failed.headers.get("location")).toBe(`/payment/result/fail?order_id=${o.id}`);
    expect((await result(o)).data.failure).toBe("L'authentification 3-D Secure a échoué.");

    const url2 = await start(o);
    await submit(url2, card("4000000000003220"));
    const passed = await submit(`${url2}/challenge`, { action: "pass", code: "123456" });
    expect(passed.headers.get("location")).toBe(`/payment/result/success?order_id=${o.id}`);
    expect((await orderRow(o)).status).toBe("processing");
  });

  /** A signed sandbox notification of `payment` paying `amount` cents. */
  function notification(paymentId: number, token: string, amount: number, eventId: string, outcome = "succeeded") {
    return JSON.stringify({
      id: eventId,
      type: `payment.${outcome}`,
      data: { token, payment_id: paymentId, amount, currency: "EUR", outcome, transaction_id: `txn_${eventId}`, method: "card" },
    });
  }
  async function pendingPayment(o: TestOrder) {
    const url = await start(o);
    const p = await one<{ id: number }>(db, sql`select id from payments where order_id = ${o.id} order by id desc limit 1`);
    return { id: p.id, token: tokenOf(url) };
  }
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses a wrong signature and a stale timestamp, recording nothing; a replay changes nothing", async () => {
    const o = await makeOrder(db, 1);
    const p = await pendingPayment(o);
    const body = notification(p.id, p.token, 12000, `evt_${kind}_replay`);
    const events = async () => (await one<{ n: number }>(db, sql`select count(*)::int as n from provider_events`)).n;
    const before = await events();
    expect((await webhook(body)).statusCode).toBe(400);
    expect((await webhook(body, sandboxSignature("another-secret", body, now()))).statusCode).toBe(400);
    expect((await webhook(body.replace("12000", "12001"), sandboxSignature(SECRET, body, now()))).statusCode).toBe(400);
    const stale = await webhook(body, sandboxSignature(SECRET, body, now() - 301));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe("stale");
    expect((await webhook(body, sandboxSignature(SECRET, body, now() + 301))).statusCode).toBe(400);
    expect(await events()).toBe(before);
    expect((await orderRow(o)).status).toBe("unpaid");

    const first = await webhook(body, sandboxSignature(SECRET, body, now()));
    expect(first.json()).toEqual({ received: true, outcome: "processed" });
    const paidRow = await orderRow(o);
    const inv = await invoices(o);
    const mails = (await one<{ n: number }>(db, sql`select count(*)::int as n from outbox_messages`)).n;
    const replay = await webhook(body, sandboxSignature(SECRET, body, now()));
    expect(replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await orderRow(o)).toEqual(paidRow);
    expect(await invoices(o)).toEqual(inv);
    expect((await one<{ n: number }>(db, sql`select count(*)::int as n from outbox_messages`)).n).toBe(mails);
    expect(await events()).toBe(before + 1);
    // a webhook for another provider's path is not found
    expect((await t.app.inject({ method: "POST", url: "/payments/webhook/stripe", payload: body })).statusCode).toBe(404);
  });

  it("a well-signed notification it cannot take (an id past the column, a NUL, no JSON) is a 400 recorded once as rejected", async () => {
    const o = await makeOrder(db, 1);
    const p = await pendingPayment(o);
    const rejected = async () =>
      query<{ type: string; processed: boolean; payload: { rejected: string; problem: string | null; body: string } }>(
        db,
        sql`select type, processed_at is not null as processed, payload from provider_events where event_id like 'rejected:%' order by id`,
      );
    const before = (await rejected()).length;
    const bodies = [
      notification(2 ** 31, p.token, 12000, `evt_${kind}_int4`),
      notification(p.id, p.token, 12000, `evt_${kind}_nul\u0000`),
      notification(p.id, `${p.token}\u0000`, 12000, `evt_${kind}_nul_token`),
      notification(p.id, p.token, 12000, `evt_${kind}_${"x".repeat(300)}`),
      '{"id":',
    ];
    for (const body of bodies) {
      const r = await webhook(body, sandboxSignature(SECRET, body, now()));
      expect(r.statusCode, body).toBe(400);
      expect(r.json()).toEqual({ error: "invalid_payload" });
    }
    // the provider sends the same body again: still refused, recorded once
    expect((await webhook(bodies[0], sandboxSignature(SECRET, bodies[0], now()))).statusCode).toBe(400);
    const rows = (await rejected()).slice(before);
    expect(rows).toHaveLength(bodies.length);
    expect(rows[0]).toMatchObject({ type: "rejected.invalid_payload", processed: true, payload: { problem: "paymentId: too_big" } });
    expect(rows[1].payload.body).toContain("evt_"); // kept for support, the NUL replaced (jsonb cannot hold it)
    expect(await orderRow(o)).toMatchObject({ status: "unpaid", paid: false });
  });

  it("an amount that differs from the order's is recorded and does not pay the order", async () => {
    const o = await makeOrder(db, 1);
    const p = await pendingPayment(o);
    const body = notification(p.id, p.token, 100, `evt_${kind}_mismatch`);
    const r = await webhook(body, sandboxSignature(SECRET, body, now()));
    expect(r.json().outcome).toBe("amount_mismatch");
    expect(await orderRow(o)).toMatchObject({ status: "unpaid", paid: false });
    expect(await invoices(o)).toEqual([]);
    const a = await one<{ outcome: string; error_key: string; detail: { expected: { amount: string }; received: { amount: string } } }>(
      db,
      sql`select outcome, error_key, provider_detail as detail from payment_attempts where payment_id = ${p.id}`,
    );
    expect(a).toMatchObject({ outcome: "error", error_key: "payment.amount_mismatch" });
    expect(a.detail.expected.amount).toBe("120.00");
    expect(a.detail.received.amount).toBe("1.00");
    expect((await one<{ status: string }>(db, sql`select status from payments where id = ${p.id}`)).status).toBe("pending");
  });

  it("two concurrent notifications of one payment: one paid transition, one invoice number", async () => {
    const o = await makeOrder(db, 1);
    const p = await pendingPayment(o);
    const seqBefore = await one<{ v: number }>(
      db,
      sql`select coalesce(max(last_value), 0) as v from number_sequences where kind = 'invoice'`,
    );
    const bodies = [1, 2, 3, 4].map((i) => notification(p.id, p.token, 12000, `evt_${kind}_twin${i}`));
    const answers = await Promise.all(bodies.map((b) => webhook(b, sandboxSignature(SECRET, b, now()))));
    const outcomes = answers.map((a) => a.json().outcome).sort();
    expect(outcomes).toEqual(["already_paid", "already_paid", "already_paid", "processed"]);
    expect(await invoices(o)).toHaveLength(1);
    const seqAfter = await one<{ v: number }>(
      db,
      sql`select coalesce(max(last_value), 0) as v from number_sequences where kind = 'invoice'`,
    );
    expect(seqAfter.v - seqBefore.v).toBe(1);
  });

  it("expiry race: two expirers at once give the stock and the coupon back once; a late payment is refunded", async () => {
    const [coupon] = await query<{ id: number }>(
      db,
      sql`insert into coupons (code, value, max_uses, uses) values (${`EXP-${kind}`}, 0.1, 5, 1) returning id`,
    );
    const stock = async () => (await one<{ stock: number }>(db, sql`select stock from models where id = ${modelId}`)).stock;
    const o = await makeOrder(db, 1, { lines: [[modelId, 3]], couponId: coupon.id });
    const p = await pendingPayment(o);
    await query(db, sql`update orders set created_at = now() - interval '2 hours' where id = ${o.id}`);
    const before = await stock();
    const pay = t.app.services.payments;
    const [a, b] = await Promise.all([pay.expireOrder(db, o.id, 60), pay.expireOrder(db, o.id, 60)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await pay.expireUnpaid(db, 60)).toBeGreaterThanOrEqual(0); // a third pass finds nothing of this order
    expect(await stock()).toBe(before + 3);
    expect((await one<{ uses: number }>(db, sql`select uses from coupons where id = ${coupon.id}`)).uses).toBe(0);
    expect(await orderRow(o)).toMatchObject({ status: "cancelled", cancelled: true, paid: false });
    expect((await result(o)).data).toMatchObject({ status: "cancelled", can_repay: false, failure: "Le délai de paiement est dépassé." });
    expect((await leave(o)).json().info).toBe("Cette commande est annulée : elle ne peut plus être payée.");
    const detail = (await get(t.app, "/site/Sale/orderDetial", { id: String(o.id) }, { token: demo })).json().data;
    expect(detail.cancelled_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // the buyer was still on the card page: the payment succeeds after the expiry
    const late = await submit(`/sandbox/pay/${p.token}`, card("4242424242424242"));
    expect(late.status).toBe(303);
    expect(await orderRow(o)).toMatchObject({ status: "cancelled", paid: false });
    expect(await invoices(o)).toEqual([]);
    expect(await stock()).toBe(before + 3);
    await pay.refundDue(db); // the worker's pass (also started right after the notification)
    const refunded = await one<{ status: string; refund_ref: string }>(db, sql`select status, refund_ref from payments where id = ${p.id}`);
    expect(refunded.status).toBe("refunded");
    expect(refunded.refund_ref).toBe(`re_sbx_comptoir-refund-${p.id}`);
    const s = await one<{ refunded_cents: number }>(db, sql`select refunded_cents from sandbox_sessions where token = ${p.token}`);
    expect(s.refunded_cents).toBe(12000);
    await pay.refundDue(db);
    expect(
      (await one<{ refunded_cents: number }>(db, sql`select refunded_cents from sandbox_sessions where token = ${p.token}`)).refunded_cents,
    ).toBe(12000);
  });

  it("an unpaid order cancelled by staff says so on its payment result, not that its time ran out", async () => {
    const o = await makeOrder(db, 1, { lines: [[modelId, 1]] });
    await pendingPayment(o);
    const [staff] = await query<{ id: number }>(db, sql`select id from staff_users order by id limit 1`);
    await query(db, sql`update orders set status = 'cancelled', cancelled_at = now() where id = ${o.id}`);
    await query(
      db,
      sql`insert into order_events (order_id, staff_id, event, from_status, to_status) values (${o.id}, ${staff.id}, 'cancel', 'unpaid', 'cancelled')`,
    );
    expect((await result(o)).data).toMatchObject({
      status: "cancelled",
      can_repay: false,
      failure: "Cette commande est annulée : elle ne peut plus être payée.",
    });
    expect((await result(o, "zh")).data.failure).toBe(translate("zh", "payment.order_cancelled"));
  });

  it("the sandbox refunds once per idempotency key, never past the payment, the same refund sent three times at once", async () => {
    const o = await makeOrder(db, 1);
    const p = await pendingPayment(o);
    expect((await submit(`/sandbox/pay/${p.token}`, card("4242424242424242"))).status).toBe(303);
    const sandbox = createSandboxProvider(db, {
      secret: SECRET,
      webhookUrl: "http://127.0.0.1:9/payments/webhook/sandbox",
      toleranceS: 300,
    });
    const session = () =>
      one<{ amount_cents: number; refunded_cents: number }>(
        db,
        sql`select amount_cents, refunded_cents from sandbox_sessions where token = ${p.token}`,
      );
    const total = (await session()).amount_cents;
    const part = { providerRef: p.token, transactionId: null, amountCents: 1000, idempotencyKey: `part-${kind}-${o.id}` };
    const answers = await Promise.all([sandbox.refund(part), sandbox.refund(part), sandbox.refund(part)]);
    expect(answers.map((a) => a.refundRef)).toEqual(Array(3).fill(`re_sbx_${part.idempotencyKey}`));
    expect((await session()).refunded_cents).toBe(1000);
    // another refund of the whole amount: more than is left, refused, nothing refunded
    await expect(sandbox.refund({ ...part, amountCents: total, idempotencyKey: `all-${kind}-${o.id}` })).rejects.toThrow(/what is left/);
    expect((await session()).refunded_cents).toBe(1000);
    await sandbox.refund({ ...part, amountCents: total - 1000, idempotencyKey: `rest-${kind}-${o.id}` });
    expect((await session()).refunded_cents).toBe(total);
    // a key is bound to its payment
    await expect(sandbox.refund({ ...part, providerRef: "x".repeat(30) })).rejects.toThrow(/nothing to refund/);
  });

  it("an expirer and a payment notification racing: exactly one of them wins", async () => {
    const stock = async () => (await one<{ stock: number }>(db, sql`select stock from models where id = ${modelId}`)).stock;
    for (let i = 0; i < 6; i++) {
      const o = await makeOrder(db, 1, { lines: [[modelId, 2]], ageMin: 120 });
      const p = await pendingPayment(o);
      const before = await stock();
      const body = notification(p.id, p.token, 12000, `evt_${kind}_race${i}`);
      const [expired, hook] = await Promise.all([
        t.app.services.payments.expireOrder(db, o.id, 60),
        webhook(body, sandboxSignature(SECRET, body, now())),
      ]);
      const row = await orderRow(o);
      if (expired) {
        expect(row.status).toBe("cancelled");
        expect(hook.json().outcome).toBe("refund_due");
        expect(await stock()).toBe(before + 2);
        expect(await invoices(o)).toEqual([]);
      } else {
        expect(row.status).toBe("processing");
        expect(hook.json().outcome).toBe("processed");
        expect(await stock()).toBe(before);
        expect(await invoices(o)).toHaveLength(1);
      }
    }
  });

  it("a notification the shop did not receive is kept and delivered again by the worker", async () => {
    const o = await makeOrder(db, 1);
    const url = await start(o);
    const token = tokenOf(url);
    // the same sandbox book, but its webhook unreachable (the shop down at that moment)
    const down = createSandboxProvider(db, { secret: SECRET, webhookUrl: "http://127.0.0.1:9/payments/webhook/sandbox", toleranceS: 300 });
    await down.finish(token, "open", "succeeded", null, "4242");
    const s = await one<{ notified: boolean; attempts: number }>(
      db,
      sql`select notified_at is not null as notified, notify_attempts as attempts from sandbox_sessions where token = ${token}`,
    );
    expect(s).toEqual({ notified: false, attempts: 1 });
    expect((await orderRow(o)).status).toBe("unpaid");
    expect((await result(o)).data.pending).toBe(true);
    await query(db, sql`update sandbox_sessions set next_notify_at = now() where token = ${token}`);
    await t.app.services.paymentsWorker.runOnce();
    expect((await orderRow(o)).status).toBe("processing");
    expect(
      (await one<{ notified: boolean }>(db, sql`select notified_at is not null as notified from sandbox_sessions where token = ${token}`))
        .notified,
    ).toBe(true);
  });
});
