// Account and API security: sessions, control characters through the API, and the cases of a probe of the
// running shop that held, kept as regression tests: no cross-account access on any account endpoint, hostile
// bodies answered in the envelope without internals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { translate } from "#core/i18n/messages.ts";

const address = (over: Record<string, unknown> = {}) => ({
  kind: "delivery",
  title: "M",
  first_name: "Jean",
  last_name: "Dupont",
  company: "",
  line1: "8 rue des Boulangers",
  zip_code: "75005",
  city: "Paris",
  phone: "",
  ...over,
});

describe.each(testDbKinds())("API security on %s", (kind) => {
  let t: TestApp;
  const session = (customerId: number) =>
    t.app.services.sessions.create(t.app.services.db, customerId, undefined, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("12. ends every other session when the e-mail changes", async () => {
    const here = await session(2);
    const elsewhere = await session(2);
    const res = await post(
      t.app,
      "/site/Customer/changeEmail",
      { email: "claire.martin@traiteur-martin.fr", current: "Martin2026!" },
      { token: here },
    );
    expect(res.json().code).toBe(200);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: elsewhere })).statusCode).toBe(401);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: here })).statusCode).toBe(200);
  });

  it("12. lists the account's sessions and ends one; another account's session is out of reach", async () => {
    const mine = await session(1);
    const other = await session(1);
    const res = (await get(t.app, "/site/Customer/getSessions", {}, { token: mine, lang: "zh" })).json();
    expect(res.code).toBe(200);
    const list = res.data.list as { id: number; current: boolean }[];
    expect(res.data).toMatchObject({ total: list.length, page: 1, page_size: list.length });
    const current = list.find((s) => s.current);
    expect(current).toMatchObject({ user_agent: expect.stringContaining("Firefox"), last_seen_at: expect.any(String) });
    expect(list.length).toBeGreaterThanOrEqual(2);
    const target = Math.max(...list.filter((s) => !s.current).map((s) => s.id)); // `other`, the newest

    const martin = await session(2);
    const theirs = await post(t.app, "/site/Customer/endSession", { id: target }, { token: martin });
    expect(theirs.statusCode).toBe(404); // IDOR: Martin cannot end Dupont's session
    expect(JSON.stringify((await get(t.app, "/site/Customer/getSessions", {}, { token: martin })).json().data)).not.toContain(
      `"id":${target},`,
    );

    const ended = await post(t.app, "/site/Customer/endSession", { id: target }, { token: mine, lang: "zh" });
    expect(ended.json()).toEqual({ code: 200, data: null, info: translate("zh", "account.session_ended") });
    const ids = (await get(t.app, "/site/Customer/getSessions", {}, { token: mine })).json().data.list.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(target);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: other })).statusCode).toBe(401);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: mine })).statusCode).toBe(200);
  });

  it("8. refuses NUL and other controls in names, company, address fields and search with a translated 400", async () => {
    const token = await session(1);
    const cases: [string, Record<string, unknown>, string?][] = [
      [
        "/site/user/register",
        { title: "M", first_name: "A\u0000", last_name: "B", email: "nul@exemple.fr", password: "Nul2026!x", confirm: "Nul2026!x" },
      ],
      [
        "/site/user/register",
        {
          title: "M",
          first_name: "A",
          last_name: "B",
          company: "C\u0000",
          email: "nul@exemple.fr",
          password: "Nul2026!x",
          confirm: "Nul2026!x",
        },
      ],
      ["/site/Customer/editIdentity", { title: "M", first_name: "Jean", last_name: "Du\u0000pont" }, token],
      ["/site/Customer/saveAddress", address({ line1: "8 rue\u0000" }), token],
      ["/site/Customer/saveAddress", address({ city: "Pa\u000bris" }), token],
      ["/site/Customer/saveAddress", address({ company: "\u001b[31m" }), token],
    ];
    for (const [path, body, tok] of cases) {
      const res = await post(t.app, path, body, { token: tok, lang: "zh" });
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toEqual({ code: 400, data: null, info: translate("zh", "validation.control_characters") });
    }
    const search = await get(t.app, "/site/Product/search", { search: "car\u0000ton" });
    expect(search.statusCode).toBe(400);
    expect(search.json().info).toBe(translate("fr", "validation.control_characters"));
  });

  it("keeps every account endpoint to the caller's own objects (IDOR)", async () => {
    const demo = await session(1);
    const martin = await session(2);
    const mine = (await get(t.app, "/site/Customer/getAddress", {}, { token: demo })).json().data;
    const id = mine.delivery[0].id;
    for (const [path, body] of [
      ["/site/Customer/saveAddress", address({ id, city: "Piraté" })],
      ["/site/Customer/delAddress", { id }],
      ["/site/Customer/setDefaultAddress", { id }],
      ["/site/Customer/addAddressCombination", { delivery_addr_id: id, invoice_addr_id: mine.invoice[0]?.id ?? id }],
    ] as const) {
      const res = await post(t.app, path, body, { token: martin });
      expect([400, 404], path).toContain(res.statusCode);
    }
    const after = (await get(t.app, "/site/Customer/getAddress", {}, { token: demo })).json().data;
    expect(after.delivery.find((a: { id: number }) => a.id === id).city).not.toBe("Piraté");
    const info = (await get(t.app, "/site/Customer/getUserInfo", {}, { token: martin })).json().data;
    expect(info.client_number).toBe("C100002");
  });

  it("answers hostile bodies in the envelope, without internals", async () => {
    const token = await session(1);
    const hostile: unknown[] = [
      { first_name: { $ne: 1 } },
      { first_name: ["a"] },
      { id: "1 or 1=1" },
      { id: -1 },
      { id: 1e308 },
      { __proto__: { admin: true } },
      { constructor: { prototype: { x: 1 } } },
      { first_name: "x".repeat(10_000) },
      { title: null },
      { id: "0x10" },
    ];
    for (const body of hostile) {
      for (const path of [
        "/site/Customer/editIdentity",
        "/site/Customer/saveAddress",
        "/site/Customer/delAddress",
        "/site/user/register",
        "/site/user/login",
      ]) {
        const res = await post(t.app, path, body as Record<string, unknown>, { token });
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        const json = res.json();
        expect(Object.keys(json).sort()).toEqual(["code", "data", "info"]);
        expect(res.body).not.toMatch(/stack|at \w+ \(|node_modules|drizzle|postgres|ZodError|Invalid input/i);
      }
    }
    const raw = await t.app.inject({
      method: "POST",
      url: "/site/user/login",
      headers: { "content-type": "application/json" },
      payload: '{"identifier":',
    });
    expect(raw.json()).toMatchObject({ code: 400, data: null });
  });
});
