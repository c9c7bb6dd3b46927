// The Stripe adapter (decision 077) against a local HTTP server started here that answers
// like Stripe's API (checkout sessions, refunds), with webhooks signed by stripe.webhooks.generateTestHeaderString
// — never the internet. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { query, type Db } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { makeOrder, one, type TestOrder } from "#server/test/payments.ts";

const WHSEC = "whsec_test_comptoir_local";

type Session = {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
};

/** A small stand-in for api.stripe.com: the three calls the adapter makes. */
function fakeStripe() {
  const sessions = new Map<string, Session>();
  const refunds: { payment_intent: string; amount: number; key: string | undefined }[] = [];
  const requests: { method: string; path: string; auth: string | undefined; form: URLSearchParams }[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<string>((ok) => {
      let s = "";
      req.on("data", (c) => (s += c));
      req.on("end", () => ok(s));
    });
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    const path = (req.url ?? "").split("?")[0];
    requests.push({ method: req.method!, path, auth: req.headers.authorization, form });
    const send = (code: number, o: unknown) => {
      res.writeHead(code, { "content-type": "application/json", "request-id": `req_${requests.length}` });
      res.end(JSON.stringify(o));
    };
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${sessions.size + 1}`;
      const s: Session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.get("mode")!,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]")),
        currency: form.get("line_items[0][price_data][currency]")!,
        metadata: { order_id: form.get("metadata[order_id]")!, payment_id: form.get("metadata[payment_id]")! },
        payment_status: "unpaid",
        status: "open",
        payment_intent: null,
        success_url: form.get("success_url")!,
        cancel_url: form.get("cancel_url")!,
      };
      sessions.set(id, s);
      return send(200, s);
    }
    const m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && m) {
      const s = sessions.get(m[1]);
      return s ? send(200, s) : send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const r = {
        payment_intent: form.get("payment_intent")!,
        amount: Number(form.get("amount")),
        key: req.headers["idempotency-key"] as string,
      };
      // like Stripe: a retried request with the same idempotency key gets the first answer
      let i = refunds.findIndex((x) => x.key === r.key);
      if (i < 0) i = refunds.push(r) - 1;
      return send(200, { id: `re_test_${i + 1}`, object: "refund", status: "succeeded", ...refunds[i] });
    }
    send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  });
  return {
    sessions,
    refunds,
    requests,
    listen: () =>
      new Promise<string>((ok) =>
        server.listen(0, "127.0.0.1", () => ok(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
      ),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
    /** The buyer pays on Stripe's page. */
    pay(id: string) {
      const s = sessions.get(id)!;
      Object.assign(s, { payment_status: "paid", status: "complete", payment_intent: `pi_test_${id}` });
      return s;
    },
  };
}

describe.each(testDbKinds())("Stripe provider on %s", (kind) => {
  const fake = fakeStripe();
  let t: TestApp;
  let db: Db;
  let demo: string;
  const stripe = new Stripe("sk_test_unused");

  const event = (type: string, s: Session, id: string) =>
    JSON.stringify({ id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), type, data: { object: s } });
  const webhook = (payload: string, header: string | undefined) =>
    t.app.inject({
      method: "POST",
      url: "/payments/webhook/stripe",
      headers: { "content-type": "application/json; charset=utf-8", ...(header ? { "stripe-signature": header } : {}) },
      payload,
    });
  const signed = (payload: string, timestamp?: number, secret = WHSEC) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  const status = async (o: TestOrder) =>
    one<{ status: string; transaction_id: string | null }>(db, sql`select status, transaction_id from orders where id = ${o.id}`);
  async function start(o: TestOrder, lang?: string) {
    const r = await get(t.app, "/site/Sale/leavePayment", { order_id: String(o.id) }, { token: demo, lang });
    expect(r.statusCode, r.body).toBe(200);
    const url = r.json().data.redirect_url as string;
    return fake.sessions.get(url.split("/").pop()!)!;
  }

  beforeAll(async () => {
    const base = await fake.listen();
    t = await createTestApp(kind, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_comptoir_local",
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_BASE: base,
      PUBLIC_URL: "https://shop.example.test",
    });
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("creates a Checkout Session for the order's amount with its metadata and return URLs", async () => {
    const o = await makeOrder(db, 1, { ht: "99.99", tva: "20.00" });
    const s = await start(o, "zh");
    const call = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(call.auth).toBe("Bearer sk_test_comptoir_local");
    const p = await one<{ id: number }>(db, sql`select id from payments where order_id = ${o.id}`);
    expect(s).toMatchObject({
      mode: "payment",
      amount_total: 11999,
      currency: "eur",
      metadata: { order_id: String(o.id), payment_id: String(p.id) },
      success_url: `https://shop.example.test/zh/payment/result/success?order_id=${o.id}`,
      cancel_url: `https://shop.example.test/zh/payment/result/fail?order_id=${o.id}`,
    });
    expect((await one<{ provider_ref: string }>(db, sql`select provider_ref from payments where id = ${p.id}`)).provider_ref).toBe(s.id);
    expect(await t.app.services.payments.provider.queryStatus(s.id)).toEqual({
      status: "pending",
      amountCents: 11999,
      transactionId: null,
    });
  });

  it("pays the order on a verified checkout.session.completed; bad signature, stale timestamp and replay change nothing", async () => {
    const o = await makeOrder(db, 1);
    const s = fake.pay((await start(o)).id);
    const payload = event("checkout.session.completed", s, `evt_${kind}_completed`);
    expect((await webhook(payload, undefined)).statusCode).toBe(400);
    expect((await webhook(payload, signed(payload, undefined, "whsec_wrong_secret"))).statusCode).toBe(400);
    expect((await webhook(payload.replace('"paid"', '"unpaid"'), signed(payload))).statusCode).toBe(400);
    const stale = await webhook(payload, signed(payload, Math.floor(Date.now() / 1000) - 600));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe("stale");
    expect((await status(o)).status).toBe("unpaid");

    const ok = await webhook(payload, signed(payload));
    expect(ok.json()).toEqual({ received: true, outcome: "processed" });
    expect(await status(o)).toEqual({ status: "processing", transaction_id: `pi_test_${s.id}` });
    expect(await query(db, sql`select number from invoices where order_id = ${o.id}`)).toHaveLength(1);
    expect((await webhook(payload, signed(payload))).json().outcome).toBe("duplicate");
    expect(await query(db, sql`select number from invoices where order_id = ${o.id}`)).toHaveLength(1);
    expect(await t.app.services.payments.provider.queryStatus(s.id)).toMatchObject({
      status: "succeeded",
      transactionId: `pi_test_${s.id}`,
    });
    const r = (await post(t.app, "/site/Index/getPaymentResult", { order_id: o.id }, { token: demo })).json().data;
    expect(r).toMatchObject({
      paid: true,
      status: "processing",
      transaction_id: `pi_test_${s.id}`,
      invoice_url: `/documents/invoice/${o.id}.pdf`,
    });
  });

  it("a verified event it cannot take (a payment id past the column, a NUL, no JSON) is a 400 recorded as rejected", async () => {
    const o = await makeOrder(db, 1);
    const s = fake.pay((await start(o)).id);
    const events = async () =>
      (await one<{ n: number }>(db, sql`select count(*)::int as n from provider_events where event_id like 'rejected:%'`)).n;
    const before = await events();
    const payloads = [
      event("checkout.session.completed", { ...s, metadata: { ...s.metadata, payment_id: "2147483648" } }, `evt_${kind}_int4`),
      event("checkout.session.completed", s, `evt_${kind}_nul\u0000`),
      event("checkout.session.completed", { ...s, id: "" }, `evt_${kind}_empty_ref`),
      "not json",
    ];
    for (const payload of payloads) {
      const r = await webhook(payload, signed(payload));
      expect(r.statusCode, payload).toBe(400);
      expect(r.json()).toEqual({ error: "invalid_payload" });
    }
    expect(await events()).toBe(before + payloads.length);
    expect((await status(o)).status).toBe("unpaid");
    // badly signed: refused and recorded nowhere
    expect((await webhook("not json", signed("not json", undefined, "whsec_wrong_secret"))).json()).toEqual({ error: "bad_signature" });
    expect(await events()).toBe(before + payloads.length);
  });

  it("an amount mismatch is recorded and the order stays unpaid", async () => {
    const o = await makeOrder(db, 1);
    const s = { ...fake.pay((await start(o)).id), amount_total: 100 };
    const payload = event("checkout.session.completed", s, `evt_${kind}_mismatch`);
    expect((await webhook(payload, signed(payload))).json().outcome).toBe("amount_mismatch");
    expect((await status(o)).status).toBe("unpaid");
  });

  it("an expired session is an abandoned payment; a late payment of an expired order is refunded through the API", async () => {
    const o = await makeOrder(db, 1);
    const first = await start(o);
    const expired = event("checkout.session.expired", { ...first, status: "expired" }, `evt_${kind}_expired`);
    expect((await webhook(expired, signed(expired))).json().outcome).toBe("processed");
    const r = (await post(t.app, "/site/Index/getPaymentResult", { order_id: o.id }, { token: demo })).json().data;
    expect(r).toMatchObject({ paid: false, pending: false, failure: "Paiement abandonné ou échoué.", can_repay: true });

    const s = await start(o);
    await query(db, sql`update orders set created_at = now() - interval '3 hours' where id = ${o.id}`);
    expect(await t.app.services.payments.expireOrder(db, o.id, 60)).toBe(true);
    const paid = fake.pay(s.id);
    const payload = event("checkout.session.completed", paid, `evt_${kind}_late`);
    expect((await webhook(payload, signed(payload))).json().outcome).toBe("refund_due");
    expect((await status(o)).status).toBe("cancelled");
    await t.app.services.payments.refundDue(db);
    const p = await one<{ id: number; status: string; refund_ref: string }>(
      db,
      sql`select id, status, refund_ref from payments where provider_ref = ${s.id}`,
    );
    expect(p.status).toBe("refunded");
    expect(fake.refunds).toEqual([{ payment_intent: `pi_test_${s.id}`, amount: 12000, key: `comptoir-refund-${p.id}` }]);
    expect(p.refund_ref).toBe("re_test_1");
  });

  it("answers a translated refusal when Stripe is unreachable, recording the attempt", async () => {
    const down = await createTestApp(
      kind,
      {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_comptoir_local",
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_BASE: "http://127.0.0.1:9",
      },
      true,
    );
    try {
      const token = await down.app.services.sessions.create(down.database.db, 1);
      const o = await makeOrder(down.database.db, 1);
      const r = await get(down.app, "/site/Sale/leavePayment", { order_id: String(o.id) }, { token });
      expect(r.statusCode).toBe(400);
      expect(r.json().info).toBe("Le service de paiement est momentanément indisponible. Veuillez réessayer dans quelques instants.");
      const a = await one<{ outcome: string; error_key: string }>(
        down.database.db,
        sql`select a.outcome, a.error_key from payment_attempts a join payments p on p.id = a.payment_id where p.order_id = ${o.id}`,
      );
      expect(a).toEqual({ outcome: "error", error_key: "payment.provider_unavailable" });
    } finally {
      await down.close();
    }
  }, 120_000);

  it("refuses to start with PAYMENT_PROVIDER=stripe and no keys", async () => {
    const { loadEnv } = await import("#server/env.ts");
    expect(() => loadEnv({ PAYMENT_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
