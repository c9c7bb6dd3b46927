// No 5xx from any input: thousands of hostile requests generated from the API's own declarations (the
// OpenAPI document is made from every apiRoute's schema), plus the uploads, the payment providers'
// webhooks (well and badly signed), the PDF downloads and the sandbox card page. Logged in as the demo
// customer, the requests aim at the other customer's objects (addresses, orders, cart lines, quotations…).
// Every answer must be below 500, within 5 s, without English validator text or internals; every refused
// call (4xx) must leave the business tables as they were (a row-trigger write counter, server/test/hostile.ts),
// and the other customer's rows must be the same at the end. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { query, type Db } from "#server/db/client.ts";
import { sign } from "#server/http/signature.ts";
import { createPageCache } from "#server/http/page-cache.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, get, post, TEST_SECRET, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { makeOrder } from "#server/test/payments.ts";
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from "#server/modules/payments/sandbox-signature.ts";
import {
  asQueryText,
  deepArray,
  HOSTILE_CONTROLS,
  HOSTILE_NUMBERS,
  hostileFor,
  installWriteCounter,
  leaves,
  multipartBody,
  REMOVE,
  replaced,
  sampleOf,
  valueAt,
} from "#server/test/hostile.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

const SANDBOX_SECRET = "fuzz-sandbox-webhook-secret";
/** The page build (`npm run build`; npm test builds before it tests): the page cases run when it is there. */
const WHSEC = "whsec_fuzz_local_secret";
/** Slowest answer allowed. */
const MAX_MS = 5_000;
/** zod's and Fastify's own English: never in an answer (messages are translated catalogue texts). */
const ENGLISH =
  /\b(Expected|Invalid input|Invalid (?:string|number|type|option|element|key|union|date|email|url|enum)|Too (?:big|small)|Required|Unrecognized key|must (?:be|have|contain|match)|Number must|String must|received (?:undefined|null|string|number|object|array|boolean|nan))\b/;
/** What an answer must never show of the server. */
const INTERNALS =
  /node_modules|drizzle|postgres|pglite|ZodError|TypeError|RangeError|SyntaxError|ReferenceError|at \w+ \(|\/work\/|invalid input syntax|out of range|violates|duplicate key|unsupported Unicode/i;
/**
 * Tables a call may write to without changing the shop's data: session bookkeeping (last seen, rotation,
 * devices), throttles and rate-limit counters (a refused login counts), and the provider notifications
 * (a malformed one is recorded on purpose; checked apart).
 */
const NOT_DATA = new Set([
  "sessions",
  "session_agents",
  "known_devices",
  "login_throttles",
  "rate_limits",
  "provider_events",
  "fuzz_writes",
]);

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        parameters: ({ $ref: string } | { name: string; in: string; schema: Record<string, unknown> })[];
        requestBody?: { content: { "application/json": { schema: { allOf: [unknown, Record<string, unknown>] } } } };
      }
    >
  >;
};

/**
 * A request made when it is sent (signatures and webhook timestamps are fresh), to the shop, its Stripe-configured
 * twin or its pages; a webhook case says whether its signature holds (then a refusal is recorded, else nothing is).
 */
type Case = { label: string; make: () => InjectOptions; app?: FastifyInstance; webhook?: "signed" | "unsigned" };
type Problem = { label: string; problem: string; status: number; body: string };

const now = () => Math.floor(Date.now() / 1000);
const sigOf = (path: string) => ({ t: now(), at: sign(now(), path, TEST_SECRET) });

describe.each(testDbKinds())("hostile input on %s", (kind) => {
  let t: TestApp;
  let stripeApp: FastifyInstance;
  let db: Db;
  let dataDir: string;
  let demo: string; // customer 1: the caller
  let martin: string; // customer 2: whose objects are aimed at
  /** Martin's objects and real catalogue objects, by role. */
  const ids: Record<string, number | string> = {};
  /** The shop with its page build on the same database. */
  let pagesApp: FastifyInstance;
  let writes: Awaited<ReturnType<typeof installWriteCounter>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "comptoir-fuzz-"));
    t = await createTestApp(kind, { RATE_LIMIT_MAX: "100000000", SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, DATA_DIR: dataDir });
    db = t.app.services.db;
    // No background writes during the run: what changes, a call changed.
    await t.app.services.outbox.stop();
    await t.app.services.deliveryWorker.stop();
    // The Stripe webhook, on the same database (its API is never reached: refunds fail fast and are retried later).
    stripeApp = await buildApp({
      env: loadEnv({
        NODE_ENV: "test",
        SIGN_SECRET: TEST_SECRET,
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_fuzz_local",
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_BASE: "http://127.0.0.1:9",
      }),
      database: t.database,
      logger: false,
    });
    await stripeApp.ready();
    await stripeApp.services.outbox.stop();
    await stripeApp.services.deliveryWorker.stop();

    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    const [m] = await query<{ id: number; product_id: number; reference: string }>(
      db,
      sql`select id, product_id, reference from models where not not_for_sale and stock > 100 and purchasable_qty > 100 order by id limit 1`,
    );
    Object.assign(ids, { model: m.id, product: m.product_id, reference: m.reference });
    const [page] = await query<{ id: number }>(db, sql`select id from content_pages order by id limit 1`);
    ids.contentPage = page?.id ?? 1;

    // Martin's objects: addresses, a cart line, orders (delivered, with a line; unpaid, with a payment of each provider),
    // a quotation, a notification, an attachment, a session.
    const addr = (await get(t.app, "/site/Customer/getAddress", {}, { token: martin })).json().data;
    ids.address = addr.delivery[0].id;
    ids.invoiceAddress = addr.invoice[0]?.id ?? addr.delivery[0].id;
    const [cart] = await query<{ id: number }>(db, sql`insert into carts (customer_id) values (2) returning id`);
    const [line] = await query<{ id: number }>(
      db,
      sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${m.id}, 2) returning id`,
    );
    ids.cartLine = line.id;
    const quotation = await post(
      t.app,
      "/site/Customer/createQuotation",
      { idempotency_key: "fuzz-martin-quotation-1" },
      { token: martin },
    );
    expect(quotation.statusCode, quotation.body).toBe(200);
    const [q] = await query<{ id: number; number: string }>(db, sql`select id, number from quotations where customer_id = 2 limit 1`);
    Object.assign(ids, { quotation: q.id, quotationNumber: q.number });
    const delivered = await makeOrder(db, 2, { status: "delivered", lines: [[m.id, 3]] });
    const [orderLine] = await query<{ id: number }>(db, sql`select id from order_lines where order_id = ${delivered.id}`);
    Object.assign(ids, { order: delivered.id, orderNumber: delivered.number, orderLine: orderLine.id });
    const unpaid = await makeOrder(db, 2, { status: "unpaid" });
    const leave = await get(t.app, "/site/Sale/leavePayment", { order_id: String(unpaid.id) }, { token: martin });
    expect(leave.statusCode, leave.body).toBe(200);
    const [payment] = await query<{ id: number; provider_ref: string }>(
      db,
      sql`select id, provider_ref from payments where order_id = ${unpaid.id}`,
    );
    expect(String(leave.json().data.redirect_url)).toContain(payment.provider_ref);
    Object.assign(ids, { unpaidOrder: unpaid.id, payment: payment.id, sandboxToken: payment.provider_ref });
    const stripeOrder = await makeOrder(db, 2, { status: "unpaid" });
    const [sp] = await query<{ id: number }>(
      db,
      sql`insert into payments (order_id, provider, provider_ref, amount, currency, status) values (${stripeOrder.id}, 'stripe', 'cs_test_fuzz', 120, 'EUR', 'pending') returning id`,
    );
    await query(db, sql`insert into payment_attempts (payment_id) values (${sp.id})`);
    ids.stripePayment = sp.id;
    const [n] = await query<{ id: number }>(
      db,
      sql`insert into notifications (customer_id, kind, order_id, ref) values (2, 'order_shipped', ${delivered.id}, ${delivered.number}) returning id`,
    );
    ids.notification = n.id;
    const [s] = await query<{ id: number }>(db, sql`select id from sessions where customer_id = 2 order by id limit 1`);
    ids.session = s.id;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const up = await uploadAs(martin, png, "photo.png");
    expect(up.statusCode, up.body).toBe(200);
    ids.attachment = up.json().data.id;

    pagesApp = await buildApp({
      env: loadEnv({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        SIGN_SECRET: TEST_SECRET,
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: "100000000",
      }),
      database: t.database,
      build: await pageBuild(),
      clientDir: CLIENT_DIR,
      logger: false,
      pageCache: createPageCache(),
    });
    await pagesApp.ready();
    await pagesApp.services.outbox.stop();
    await pagesApp.services.deliveryWorker.stop();
    const tables = (
      await query<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`)
    )
      .map((r) => r.tablename)
      .filter((n) => !NOT_DATA.has(n) && !n.startsWith("__"));
    writes = await installWriteCounter(db, tables);
  }, 180_000);

  afterAll(async () => {
    await pagesApp?.close();
    await stripeApp?.close();
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function uploadAs(token: string | null, bytes: Buffer, filename: string, fields = sigOf("/common/attachment/upload")) {
    const boundary = "fuzzboundary";
    return t.app.inject({
      method: "POST",
      url: "/common/attachment/upload",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: multipartBody(
        [
          { name: "t", value: String(fields.t) },
          { name: "at", value: fields.at },
          { name: "file", value: bytes, filename, type: "application/octet-stream" },
        ],
        boundary,
      ),
    });
  }

  /** Martin's rows in every table that names a customer, and the lines of his carts and orders. */
  async function martinRows(): Promise<Record<string, string>> {
    const tables = await query<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'customer_id'
      and table_name not in ('sessions', 'session_agents', 'known_devices', 'login_throttles') order by table_name`,
    );
    const out: Record<string, string> = {};
    const digest = async (name: string, from: string) => {
      const [r] = await query<{ h: string | null }>(db, sql.raw(`select md5(string_agg(x::text, '|' order by x::text)) as h from ${from}`));
      out[name] = r.h ?? "";
    };
    for (const { table_name } of tables) await digest(table_name, `"${table_name}" x where x.customer_id = 2`);
    await digest("customer", "customers x where x.id = 2");
    await digest("cart_lines", "cart_lines x where x.cart_id in (select id from carts where customer_id = 2)");
    await digest("order_lines", "order_lines x where x.order_id in (select id from orders where customer_id = 2)");
    await digest("payments", "payments x where x.order_id in (select id from orders where customer_id = 2)");
    return out;
  }

  type Stats = {
    problems: Problem[];
    answered: Map<number, number>;
    /** 2xx answers by the first word of the label ("sandbox", "stripe", a path): the cases that went all the way. */
    accepted: Map<string, number>;
    refused: number;
    slowest: { ms: number; label: string };
  };
  const newStats = (): Stats => ({ problems: [], answered: new Map(), accepted: new Map(), refused: 0, slowest: { ms: 0, label: "" } });
  const recorded = async () => (await query<{ n: number }>(db, sql`select count(*)::int as n from provider_events`))[0].n;

  /**
   * Sends the cases one after the other, so that a change of the write count during a refused call is that
   * call's, and checks each answer: below 500, within MAX_MS, no English validator text, no internals.
   */
  async function run(cases: Case[], stats: Stats) {
    let counted = await writes.mark();
    let events = await recorded();
    for (const c of cases) {
      const req = c.make();
      const t0 = performance.now();
      let res: LightMyRequestResponse;
      try {
        res = await (c.app ?? t.app).inject(req);
      } catch (e) {
        stats.problems.push({ label: c.label, problem: `inject threw ${(e as Error).message}`, status: 0, body: "" });
        continue;
      }
      const ms = performance.now() - t0;
      if (ms > stats.slowest.ms) stats.slowest = { ms, label: c.label };
      stats.answered.set(res.statusCode, (stats.answered.get(res.statusCode) ?? 0) + 1);
      const first = c.label.split(" ")[0];
      if (res.statusCode < 300) stats.accepted.set(first, (stats.accepted.get(first) ?? 0) + 1);
      const problem = (p: string) =>
        stats.problems.push({ label: c.label, problem: p, status: res.statusCode, body: res.body.slice(0, 300) });
      if (res.statusCode >= 500) problem("5xx");
      if (ms > MAX_MS) problem(`slow: ${Math.round(ms)} ms`);
      const json = /json/.test(String(res.headers["content-type"])) ? (JSON.parse(res.body) as { info?: unknown }) : null;
      if ((typeof json?.info === "string" && ENGLISH.test(json.info)) || (res.statusCode >= 400 && ENGLISH.test(res.body)))
        problem("English validator text");
      if (res.statusCode >= 400 && INTERNALS.test(res.body)) problem("internals in the answer");
      const mark = await writes.mark();
      if (res.statusCode >= 400) {
        stats.refused++;
        if (mark !== counted) problem(`refused but wrote: ${(await writes.since(counted)).join(", ")}`);
      }
      counted = mark;
      const rotated = res.headers.authorization;
      if (typeof rotated === "string" && (req.headers as Record<string, string> | undefined)?.authorization === `Bearer ${demo}`)
        demo = rotated.replace(/^Bearer /, "");
      if (c.webhook) {
        const n = await recorded();
        // badly signed: nothing recorded; well signed and refused: recorded, once
        if (c.webhook === "unsigned" && n !== events) problem("a badly signed notification was recorded");
        if (c.webhook === "signed" && res.statusCode === 400 && n !== events + 1) problem("a refused notification was not recorded");
        events = n;
        // a refund started by a notification runs after the answer: waited for, so that it is not the next call's write
        if (res.statusCode < 300) {
          await t.app.services.payments.refundDue(db);
          await stripeApp.services.payments.refundDue(db);
          counted = await writes.mark();
        }
      }
    }
  }

  function report(name: string, count: number, stats: Stats, seconds: number) {
    console.info(
      `${name} on ${kind}: ${count} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...stats.answered].sort()))}; ${stats.refused} refused, each checked to change nothing; slowest ${Math.round(stats.slowest.ms)} ms (${stats.slowest.label})`,
    );
    if (!stats.problems.length) return;
    const kinds = new Map<string, { n: number; example: Problem }>();
    for (const p of stats.problems) {
      const key = `${p.label.split(" ")[0]} ${p.problem.slice(0, 60)} ${p.status}`;
      kinds.set(key, { n: (kinds.get(key)?.n ?? 0) + 1, example: kinds.get(key)?.example ?? p });
    }
    console.info([...kinds].map(([k, v]) => `${v.n}× ${k}: ${v.example.label} → ${v.example.body.slice(0, 160)}`).join("\n"));
  }

  it("counts what a call writes, and nothing a refused call tried", async () => {
    const before = await writes.mark();
    // another customer's address: refused (not found) by the statement that would have changed it
    const address = {
      kind: "delivery",
      first_name: "Pirate",
      last_name: "X",
      line1: "1 rue",
      zip_code: "75005",
      city: "Paris",
      phone: "0143572198",
    };
    const refused = await post(t.app, "/site/Customer/saveAddress", { ...address, id: ids.address }, { token: demo });
    expect(refused.statusCode, refused.body).toBe(404);
    await query(db, sql`update wishlists set created_at = created_at where false`);
    await withTransaction(db, async (tx) => {
      await query(tx, sql`insert into wishlists (customer_id, model_id) values (1, ${ids.model})`);
      throw new Error("rolled back");
    }).catch(() => undefined);
    expect(await writes.mark()).toBe(before);
    const arrangement = { days: [{ weekday: 2, morning: true, afternoon: true }] };
    const saved = await post(t.app, "/site/Customer/setReceiptArrangement", arrangement, { token: demo });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await writes.since(before)).toEqual([expect.stringMatching(/^receipt_arrangements (INSERT|UPDATE)$/)]);
  });

  it("answers thousands of hostile requests without a 5xx, in time, translated, and changes nothing when it refuses", async () => {
    const started = performance.now();
    const doc = (await t.app.inject({ method: "GET", url: "/site/openapi.json" })).json() as Doc;
    const martinBefore = await martinRows();

    // Values of a plausible request, aimed at Martin's objects; `id` means a different object on each route.
    const known: Record<string, unknown> = {
      order_id: ids.order,
      delivery_addr_id: ids.address,
      invoice_addr_id: ids.invoiceAddress,
      address_id: ids.address,
      model_id: ids.model,
      product_id: ids.product,
      line_id: ids.orderLine,
      reference: ids.reference,
      email: "fuzz@exemple.fr",
      zip_code: "75005",
      phone: "01 43 57 21 98",
      identifier: "C100002",
      password: "Fuzz2026!x",
      confirm: "Fuzz2026!x",
      current: "Wrong2026!x",
      token: "x".repeat(40),
      code: "123456",
      idempotency_key: "fuzz-idempotency-key-0001",
      accept_cgv: true,
      accept_privacy: true,
      attachments: [ids.attachment],
      search: "carton",
      text: `${ids.reference} 2`,
      content: "Bonjour",
      proposed_date: "2031-01-07",
      days: [{ weekday: 1, morning: true, afternoon: false }],
      lines: [{ line_id: ids.orderLine, num: 1 }],
      arr: [{ model_id: ids.model, num: 1 }],
      carts: [{ model_id: ids.model, num: 1 }],
      first_name: "Jean",
      last_name: "Dupont",
      line1: "8 rue des Boulangers",
      city: "Paris",
    };
    const byRoute: Record<string, Record<string, unknown>> = {
      "/site/Customer/delAddress": { id: ids.address },
      "/site/Customer/setDefaultAddress": { id: ids.address },
      "/site/Customer/saveAddress": { id: ids.address },
      "/site/Customer/endSession": { id: ids.session },
      "/site/Customer/readNotification": { id: ids.notification },
      "/site/Customer/quotationDetail": { id: String(ids.quotation) },
      "/site/Customer/quotationToCart": { id: ids.quotationNumber },
      "/site/Customer/cancelQuotation": { id: String(ids.quotation) },
      "/site/Product/detail": { id: ids.product },
      "/site/Index/getPagesInfo": { id: ids.contentPage },
      "/site/Sale/orderDetial": { id: ids.order, order_id: ids.order },
      "/site/Index/getOrder": { id: ids.orderNumber, order_id: ids.orderNumber },
      "/site/Sale/leavePayment": { order_id: ids.unpaidOrder },
      "/site/Index/getPaymentResult": { order_id: ids.unpaidOrder },
      "/site/Customer/editShoppingCart": { id: ids.cartLine, model_id: ids.model, num: 1 },
      "/site/Customer/delShoppingCart": { ids: [ids.cartLine], model_ids: [] },
      "/site/Sale/promoCodeVerification": { code: "BIENVENUE10" },
      "/site/Sale/cartParams": { infos: { delivery_addr_id: ids.address, invoice_addr_id: ids.invoiceAddress, code: "BIENVENUE10" } },
      "/site/user/register": { email: "fuzz-new@exemple.fr" },
    };

    const cases: Case[] = [];
    const routes: { path: string; method: string; base: Record<string, unknown> }[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const schema =
          method === "get"
            ? {
                type: "object",
                properties: Object.fromEntries(
                  op.parameters.flatMap((p) =>
                    "name" in p && p.in === "query" && p.name !== "t" && p.name !== "at" ? [[p.name, p.schema]] : [],
                  ),
                ),
              }
            : op.requestBody!.content["application/json"].schema.allOf[1];
        const base = { ...(sampleOf(schema, known) as Record<string, unknown>), ...byRoute[path] };
        routes.push({ path, method: method.toUpperCase(), base });
      }

    /** A /site call: the input in the query of a GET or the JSON body of a POST, signed when sent (unless `sig` says how). */
    const apiCase = (
      label: string,
      path: string,
      method: string,
      input: unknown,
      o: { anonymous?: boolean; sig?: () => object; headers?: Record<string, string> } = {},
    ): Case => ({
      label,
      make: () => {
        const headers: Record<string, string> = { ...(o.anonymous ? {} : { authorization: `Bearer ${demo}` }), ...o.headers };
        const sig = o.sig ? o.sig() : sigOf(path);
        if (method === "GET") {
          const q = new URLSearchParams();
          for (const [k, v] of Object.entries({ ...(input as object), ...sig }))
            if (Array.isArray(v) && v.length < 5) for (const x of v) q.append(k, asQueryText(x));
            else q.append(k, asQueryText(v));
          return { method: "GET", url: `${path}?${q}`, headers };
        }
        const payload = input && typeof input === "object" && !Array.isArray(input) ? { ...input, ...sig } : input;
        return { method: "POST", url: path, headers, payload: payload as InjectOptions["payload"] };
      },
    });

    for (const r of routes) {
      // logout ends the session it is called with: called without the demo customer's
      const anonymous = r.path === "/site/user/logout";
      cases.push(apiCase(`${r.path} base`, r.path, r.method, r.base, { anonymous }));
      cases.push(apiCase(`${r.path} anonymous`, r.path, r.method, r.base, { anonymous: true }));
      // every leaf (and every array and object) of the request, replaced by each hostile value, then left out
      for (const leaf of leaves(r.base)) {
        const at = leaf.join(".");
        for (const v of hostileFor(valueAt(r.base, leaf)))
          cases.push(
            apiCase(`${r.path} ${at}=${JSON.stringify(v)?.slice(0, 40)}`, r.path, r.method, replaced(r.base, leaf, v), { anonymous }),
          );
        cases.push(apiCase(`${r.path} without ${at}`, r.path, r.method, replaced(r.base, leaf, REMOVE), { anonymous }));
      }
      // unknown fields, hostile keys, whole bodies of the wrong kind
      for (const extra of [{ zzz: 1 }, { constructor: { prototype: { admin: true } } }, { price: -1, customer_id: 2 }])
        cases.push(apiCase(`${r.path} extra ${JSON.stringify(extra)}`, r.path, r.method, { ...r.base, ...extra }, { anonymous }));
      for (const whole of [null, [], "x", 1, deepArray(1_500)])
        cases.push(apiCase(`${r.path} body ${JSON.stringify(whole)?.slice(0, 20)}`, r.path, r.method, whole, { anonymous }));
      // signatures: missing, wrong, stale, from the future, of another path, not numbers
      const signatures: [string, () => object][] = [
        ["zeros", () => ({ t: now(), at: "0".repeat(32) })],
        ["stale", () => ({ t: now() - 10_000, at: sign(now() - 10_000, r.path, TEST_SECRET) })],
        ["future", () => ({ t: now() + 10_000, at: sign(now() + 10_000, r.path, TEST_SECRET) })],
        ["other path", () => ({ t: now(), at: sign(now(), "/site/other", TEST_SECRET) })],
        ["t 2^53", () => ({ t: 2 ** 53, at: sign(2 ** 53, r.path, TEST_SECRET) })],
        ["t 1e3", () => ({ t: "1e3", at: sign("1e3", r.path, TEST_SECRET) })],
        ["t NaN", () => ({ t: "NaN", at: sign("NaN", r.path, TEST_SECRET) })],
        ["at NUL", () => ({ t: now(), at: `${sign(now(), r.path, TEST_SECRET)}\u0000` })],
        ["arrays", () => ({ t: [now()], at: [sign(now(), r.path, TEST_SECRET)] })],
        ["none", () => ({})],
      ];
      for (const [name, sig] of signatures)
        cases.push(apiCase(`${r.path} signature ${name}`, r.path, r.method, r.base, { anonymous, sig }));
      // sessions and headers: another's token spoilt, a broken one, a forged cookie, unknown languages
      for (const headers of [
        { authorization: `Bearer ${martin}x` } as Record<string, string>,
        { authorization: "Bearer \u00e9\u00e9" },
        { authorization: "Basic YTpi" },
        { cookie: "uid=%00%ff; uid=x" },
        { applang: "xx" },
        { applang: "zh-CN" },
      ])
        cases.push(apiCase(`${r.path} headers ${JSON.stringify(headers)}`, r.path, r.method, r.base, { anonymous: true, headers }));
    }

    const raw = (label: string, req: InjectOptions): Case => ({ label, make: () => req });
    // Bodies that are not JSON objects, raw: malformed, another type, another encoding, a deep nesting.
    for (const path of ["/site/Customer/saveAddress", "/site/Customer/addShoppingCart", "/site/user/login", "/site/Index/getShoppingCart"])
      for (const [type, payload] of [
        ["application/json", '{"id":'],
        ["application/json", "\ufeff{}"],
        ["application/json", '{"__proto__":{"admin":true},"id":1}'],
        ["application/json", "[".repeat(30_000) + "]".repeat(30_000)],
        ["application/json", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
        ["application/json; charset=utf-16", '{"a":1}'],
        ["text/plain", "hello"],
        ["application/x-www-form-urlencoded", "a=1&b=%00"],
        ["multipart/form-data; boundary=x", "--x--"],
        ["application/xml", "<a/>"],
      ] as const)
        cases.push({
          label: `${path} raw ${type} ${String(payload).slice(0, 20)}`,
          make: () => ({ method: "POST", url: path, headers: { "content-type": type, authorization: `Bearer ${demo}` }, payload }),
        });
    // Query strings the parser has to survive.
    for (const qs of [
      "%",
      "%zz",
      "a=%ff%fe",
      "search=%00",
      "id=1&id=2&id=3",
      "id[]=1",
      "id[a]=1",
      "__proto__[x]=1",
      `search=${"a".repeat(10_000)}`,
    ])
      for (const path of ["/site/Product/search", "/site/Sale/orderDetial", "/site/Product/detail"])
        cases.push({
          label: `${path}?${qs.slice(0, 30)}`,
          make: () => ({
            method: "GET",
            url: `${path}?${qs}&${new URLSearchParams(sigOf(path) as never)}`,
            headers: { authorization: `Bearer ${demo}` },
          }),
        });
    const apiCases = cases.length;

    // Uploads: every field, the file name and the type, the order of the parts, the framing.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    type Part = Parameters<typeof multipartBody>[0][number];
    const signedFields = (): Part[] => {
      const s = sigOf("/common/attachment/upload");
      return [
        { name: "t", value: String(s.t) },
        { name: "at", value: s.at },
      ];
    };
    const uploadCase = (label: string, parts: () => Part[], o: { anonymous?: boolean; type?: string } = {}): Case => ({
      label: `upload ${label}`,
      make: () => ({
        method: "POST",
        url: "/common/attachment/upload",
        headers: {
          "content-type": o.type ?? "multipart/form-data; boundary=fuzzB0undary",
          ...(o.anonymous ? {} : { authorization: `Bearer ${demo}` }),
        },
        payload: multipartBody(parts(), "fuzzB0undary"),
      }),
    });
    const file = (filename: string, value: Buffer = png): Part => ({ name: "file", value, filename, type: "image/png" });
    for (const name of [
      "",
      "\u0000.png",
      "a\u0000.png",
      "../../etc/passwd",
      "x".repeat(1_000) + ".png",
      "photo.php.png",
      "photo\u202egnp.exe",
      "😀.png",
      "%00.png",
      "\r\nX-Injected: 1",
    ])
      for (const anonymous of [false, true])
        cases.push(uploadCase(`name ${JSON.stringify(name).slice(0, 30)}`, () => [...signedFields(), file(name)], { anonymous }));
    for (const [label, bytes] of [
      ["empty", Buffer.alloc(0)],
      ["text", Buffer.from("hello")],
      ["nul", Buffer.alloc(100)],
      ["big", Buffer.alloc(6 * 1024 * 1024, 1)],
    ] as const)
      cases.push(uploadCase(`content ${label}`, () => [...signedFields(), file("a.png", bytes)]));
    for (const v of [...HOSTILE_NUMBERS.slice(0, 12), ...HOSTILE_CONTROLS.slice(0, 8), "x".repeat(500)])
      for (const field of ["t", "at"])
        cases.push(
          uploadCase(`field ${field}=${JSON.stringify(v).slice(0, 20)}`, () => [
            ...signedFields().map((f) => (f.name === field ? { ...f, value: asQueryText(v) } : f)),
            file("a.png"),
          ]),
        );
    cases.push(uploadCase("file first", () => [file("a.png"), ...signedFields()]));
    cases.push(uploadCase("two files", () => [...signedFields(), file("a.png"), file("b.png")]));
    cases.push(uploadCase("another field name", () => [...signedFields(), { ...file("a.png"), name: "fichier\u0000" }]));
    cases.push(
      uploadCase("many fields", () => [...signedFields(), ...Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, value: "x" }))]),
    );
    cases.push(uploadCase("no boundary", signedFields, { type: "multipart/form-data" }));
    cases.push(uploadCase("wrong boundary", signedFields, { type: "multipart/form-data; boundary=other" }));
    cases.push(uploadCase("json type", signedFields, { type: "application/json" }));
    cases.push(
      raw("upload truncated", {
        method: "POST",
        url: "/common/attachment/upload",
        headers: { "content-type": "multipart/form-data; boundary=b", authorization: `Bearer ${demo}` },
        payload: '--b\r\nContent-Disposition: form-data; name="t"\r\n\r\n1',
      }),
    );
    // Downloads: another customer's attachment, PDFs of another's order and quotation, names of every shape.
    for (const id of [ids.attachment, "x".repeat(22), "\u0000".repeat(22), "%00", "a".repeat(5_000), String(2 ** 31)])
      cases.push({
        label: `attachment ${String(id).slice(0, 20)}`,
        make: () => ({
          method: "GET",
          url: `/common/attachment/${encodeURIComponent(String(id))}`,
          headers: { authorization: `Bearer ${demo}` },
        }),
      });
    for (const doc of ["/documents/invoice/", "/documents/credit-note/", "/documents/quotation/"])
      for (const name of [
        `${ids.order}.pdf`,
        `${ids.quotationNumber}.pdf`,
        `${2 ** 31}.pdf`,
        "2147483647.pdf",
        "999999999.pdf",
        "-1.pdf",
        "\u0000.pdf",
        "1e3.pdf",
        "NaN.pdf",
        `${"9".repeat(40)}.pdf`,
      ])
        for (const lang of ["", "?lang=zh", "?lang=%00", "?lang=xx&lang=zh"])
          cases.push({
            label: `${doc}${name}${lang}`,
            make: () => ({ method: "GET", url: `${doc}${encodeURIComponent(name)}${lang}`, headers: { authorization: `Bearer ${demo}` } }),
          });
    // The sandbox's card page and form: tokens and fields of every shape.
    for (const token of [String(ids.sandboxToken), "x".repeat(30), "\u0000", "a".repeat(5_000)]) {
      cases.push(raw(`sandbox page ${token.slice(0, 10)}`, { method: "GET", url: `/sandbox/pay/${encodeURIComponent(token)}?lang=%00` }));
      for (const body of ["number=%00&expiry=%ff&action=%00", "action=pass&lang=%00", "", "a=".repeat(3_000), "action=cancel"])
        for (const suffix of ["/challenge", ""])
          cases.push(
            raw(`sandbox form ${token.slice(0, 10)}${suffix} ${body.slice(0, 20)}`, {
              method: "POST",
              url: `/sandbox/pay/${encodeURIComponent(token)}${suffix}`,
              headers: { "content-type": "application/x-www-form-urlencoded" },
              payload: body,
            }),
          );
    }
    const otherCases = cases.length - apiCases;

    // Webhooks, well signed: a notification of each provider with each leaf replaced; and badly signed.
    let eventNo = 0;
    const sandboxEvent = () => ({
      id: `evt_sbx_fuzz_${++eventNo}`,
      type: "payment.succeeded",
      created: now(),
      data: {
        token: ids.sandboxToken,
        payment_id: ids.payment,
        order_number: "CE2026-000001",
        amount: 12000,
        currency: "EUR",
        outcome: "succeeded",
        transaction_id: "txn_sbx_fuzz",
        method: "card",
        card_last4: "4242",
        error_key: null,
      },
    });
    const stripeEvent = () => ({
      id: `evt_fuzz_${++eventNo}`,
      object: "event",
      type: "checkout.session.completed",
      created: now(),
      data: {
        object: {
          id: "cs_test_fuzz",
          object: "checkout.session",
          amount_total: 12000,
          currency: "eur",
          payment_status: "paid",
          status: "complete",
          payment_intent: "pi_fuzz",
          metadata: { order_id: "1", payment_id: String(ids.stripePayment) },
        },
      },
    });
    const stripeHeader = (payload: string, secret = WHSEC, timestamp = now()) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const sandboxCase = (
      label: string,
      body: string | Buffer,
      header: (body: string | Buffer) => string | undefined,
      webhook: Case["webhook"] = "signed",
    ): Case => ({
      label: `sandbox webhook ${label}`,
      webhook,
      make: () => {
        const h = header(body);
        return {
          method: "POST",
          url: "/payments/webhook/sandbox",
          headers: { "content-type": "application/json", ...(h !== undefined ? { [SANDBOX_SIGNATURE_HEADER]: h } : {}) },
          payload: body,
        };
      },
    });
    const stripeCase = (
      label: string,
      body: string,
      header: (body: string) => string | undefined,
      webhook: Case["webhook"] = "signed",
    ): Case => ({
      label: `stripe webhook ${label}`,
      webhook,
      app: stripeApp,
      make: () => {
        const h = header(body);
        return {
          method: "POST",
          url: "/payments/webhook/stripe",
          headers: { "content-type": "application/json", ...(h !== undefined ? { "stripe-signature": h } : {}) },
          payload: body,
        };
      },
    });
    const sandboxSigned = (b: string | Buffer) => sandboxSignature(SANDBOX_SECRET, b, now());
    const webhookStart = cases.length;
    for (const leaf of leaves(sandboxEvent()))
      for (const v of hostileFor(valueAt(sandboxEvent(), leaf)))
        cases.push(
          sandboxCase(
            `${leaf.join(".")}=${JSON.stringify(v)?.slice(0, 30)}`,
            JSON.stringify(replaced(sandboxEvent(), leaf, v)),
            sandboxSigned,
          ),
        );
    for (const leaf of leaves(stripeEvent()))
      for (const v of hostileFor(valueAt(stripeEvent(), leaf)))
        cases.push(
          stripeCase(`${leaf.join(".")}=${JSON.stringify(v)?.slice(0, 30)}`, JSON.stringify(replaced(stripeEvent(), leaf, v)), (b) =>
            stripeHeader(b),
          ),
        );
    for (const body of ["", "null", "[]", '"x"', "{", "\u0000", "[".repeat(5_000) + "1" + "]".repeat(5_000), "[".repeat(50_000)]) {
      cases.push(sandboxCase(`raw ${JSON.stringify(body.slice(0, 10))}`, body, sandboxSigned));
      cases.push(stripeCase(`raw ${JSON.stringify(body.slice(0, 10))}`, body, (b) => stripeHeader(b)));
    }
    const badUtf8 = Buffer.concat([
      Buffer.from('{"id":"evt_bad_utf8","type":"payment.succeeded","data":{"token":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`","payment_id":${ids.payment}}}`),
    ]);
    cases.push(sandboxCase("invalid UTF-8", badUtf8, sandboxSigned));
    for (let i = 0; i < 20; i++) {
      const sb = JSON.stringify(sandboxEvent());
      const st = JSON.stringify(stripeEvent());
      for (const [name, header] of [
        ["none", () => undefined],
        ["empty", () => ""],
        ["another secret", (b) => sandboxSignature("another-secret", b, now())],
        ["stale", (b) => sandboxSignature(SANDBOX_SECRET, b, now() - 10_000)],
        ["future", (b) => sandboxSignature(SANDBOX_SECRET, b, now() + 10_000)],
        ["t 2^53", (b) => sandboxSignature(SANDBOX_SECRET, b, 2 ** 53)],
        ["zeros", () => `t=${now()},v1=${"0".repeat(64)}`],
        ["t NaN", () => `t=NaN,v1=${"a".repeat(64)}`],
        ["empty parts", () => "t=,v1="],
        ["no names", () => "=,=,="],
        ["not hex", () => `t=${now()},v1=${"z".repeat(64)}`],
        ["NUL", () => "\u0000"],
      ] as [string, (b: string | Buffer) => string | undefined][])
        cases.push(sandboxCase(`bad signature ${name}`, sb, header, "unsigned"));
      for (const [name, header] of [
        ["none", () => undefined],
        ["empty", () => ""],
        ["another secret", (b) => stripeHeader(b, "whsec_other_secret")],
        ["stale", (b) => stripeHeader(b, WHSEC, now() - 10_000)],
        ["short", () => "t=1,v1=00"],
        ["NUL", () => "\u0000"],
        ["zeros", () => `t=${now()},v1=${"0".repeat(64)}`],
      ] as [string, (b: string) => string | undefined][])
        cases.push(stripeCase(`bad signature ${name}`, st, header, "unsigned"));
    }
    cases.push({
      ...raw("webhook of an unknown provider", { method: "POST", url: "/payments/webhook/%00", payload: "{}" }),
      webhook: "unsigned",
    });

    // The API, uploads and downloads, then the webhooks (which may pay Martin's orders: his rows are compared before).
    const stats = newStats();
    const webhookCases = cases.splice(webhookStart);
    await run(cases, stats);
    const martinBeforeWebhooks = await martinRows();
    await run(webhookCases, stats);
    report(
      `fuzz (${apiCases} API over ${routes.length} routes, ${otherCases} uploads, downloads and card pages, ${webhookCases.length} webhooks)`,
      cases.length + webhookCases.length,
      stats,
      (performance.now() - started) / 1000,
    );
    expect(cases.length + webhookCases.length).toBeGreaterThanOrEqual(10_000);
    expect(stats.problems.slice(0, 40), `${stats.problems.length} problems`).toEqual([]);
    expect(martinBeforeWebhooks).toEqual(martinBefore);
    // hostile but well-formed notifications went all the way through (processed, duplicate, ignored, mismatch…)
    expect(stats.accepted.get("sandbox")).toBeGreaterThan(100);
    expect(stats.accepted.get("stripe")).toBeGreaterThan(100);
    expect(stats.refused).toBeGreaterThan((cases.length + webhookCases.length) / 2);
  }, 300_000);
  it("answers hostile page addresses without a 5xx, in time, and changes nothing", async () => {
    const started = performance.now();
    const values = [
      String(ids.order),
      String(ids.quotation),
      "2147483648",
      "2147483648-cartons",
      "9007199254740993",
      "-1",
      "0",
      "1e3",
      "NaN",
      "%00",
      "1%00",
      "%ff%fe",
      "%E2%82",
      "a".repeat(3_000),
      "%3Cscript%3E",
      "..%2F..%2Fetc",
    ];
    const pages = [
      (v: string) => `/product/${v}`,
      (v: string) => `/product/x/${v}`,
      (v: string) => `/product/productlist?type=${v}&page=${v}&sort=${v}`,
      (v: string) => `/content/${v}`,
      (v: string) => `/page/content?id=${v}`,
      (v: string) => `/recherche?search=${v}&page=${v}`,
      (v: string) => `/order-detail?id=${v}`,
      (v: string) => `/suivi-commande?id=${v}`,
      (v: string) => `/confirmation-commande?id=${v}`,
      (v: string) => `/paymentcb?order_id=${v}`,
      (v: string) => `/payment/result/${v}?order_id=${v}`,
      (v: string) => `/accountpdfquotation?id=${v}`,
      (v: string) => `/order-retrun?order_id=${v}`,
      (v: string) => `/quick-order/${v}`,
      (v: string) => `/resetpassword?token=${v}`,
      (v: string) => `/historique-commandes?page=${v}`,
    ];
    const cases: Case[] = [];
    for (const page of pages)
      for (const v of values) {
        for (const prefix of ["", "/zh"])
          cases.push({
            label: `page ${prefix}${page(v).slice(0, 60)}`,
            app: pagesApp,
            make: () => ({ method: "GET", url: `${prefix}${page(v)}`, headers: { cookie: `uid=${demo}`, accept: "text/html" } }),
          });
        cases.push({ label: `page anonymous ${page(v).slice(0, 60)}`, app: pagesApp, make: () => ({ method: "GET", url: page(v) }) });
      }
    const stats = newStats();
    await run(cases, stats);
    report("pages", cases.length, stats, (performance.now() - started) / 1000);
    expect(stats.problems.slice(0, 40), `${stats.problems.length} problems`).toEqual([]);
  }, 300_000);
});
