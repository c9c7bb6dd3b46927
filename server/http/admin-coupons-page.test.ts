// The back office's coupons and promotions pages over the real build and a real HTTP connection (decision 144): the
// lists with their figures (fr, zh); a coupon created from the page is accepted by the checkout's verification at once,
// ended it is refused; a promotion created from the page shows on the product; bad input gets a translated message and
// changes nothing; the catalogue role reads without a form; every other role gets 403 for each page and each sending,
// and nothing changes.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, coupons, promotions } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { get as apiGet } from "#server/test/app.ts";
import { makeOrder } from "#server/test/payments.ts";
import { addDays, shopToday } from "#core/aftersales/deliveries.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/'|&#39;/g, "'")
    .replace(/&quot;/g, '"');
const today = shopToday(new Date());

describe("back office coupons and promotions pages", () => {
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
  /** The checkout's verification of `code` for the demo customer. */
  const verify = async (code: string) =>
    (await apiGet(t.app, "/site/Sale/promoCodeVerification", { code }, { token: t.demo.replace(/^uid=/, "") })).json();
  const coupon = (change: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      intent: "save",
      code: "PAGE-10",
      kind: "percent",
      value: "10",
      min_amount: "0",
      from: today,
      to: addDays(today, 30),
      max_uses: "50",
      per_customer: "",
      customers: "",
      ...change,
    });
  const snapshot = async () => {
    const { db } = t.app.services;
    return {
      coupons: await db.select().from(coupons).orderBy(coupons.id),
      promotions: await db.select().from(promotions).orderBy(promotions.id),
      audit: (await db.select().from(auditLog)).length,
    };
  };

  it("lists the coupons with their figures in French and in Chinese, and links them from the menu", async () => {
    const owner = await staff("direction");
    const fr = await get("/admin/coupons?statut=all", owner);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("<title>Codes promo");
    expect(fr.body).toContain("Nouveau code promo");
    expect(fr.body).toContain("Remises accordées HT");
    expect(fr.body).toContain('href="/admin/coupons"');
    expect(fr.body).toContain('href="/admin/promotions"');
    const [seeded] = await query<{ code: string }>(t.app.services.db, sql`select code from coupons order by id limit 1`);
    expect(fr.body).toContain(seeded.code);
    const zh = await get("/zh/admin/coupons?statut=all", owner);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("新建优惠码");
    expect(zh.body).toContain("已给予折扣（不含税）");
    expect(zh.body).toContain(seeded.code);
  });

  it("creates a coupon that the checkout accepts at once; ended, the checkout refuses it", async () => {
    const owner = await staff("direction");
    expect((await verify("PAGE-10")).code).toBe(400);
    const created = await post("/admin/coupons", coupon(), owner);
    expect(created.status).toBe(200);
    expect(created.body).toContain("Enregistré.");
    const [row] = await t.app.services.db.select().from(coupons).where(eq(coupons.code, "PAGE-10"));
    expect(row).toMatchObject({ value: "0.1000", maxUses: 50 });
    expect(await verify("page-10")).toMatchObject({ code: 200, data: { code: "PAGE-10", value: "0.1000", valid: true } });
    // its edit form is filled with its values
    const form = await get(`/admin/coupons?modifier=${row.id}`, owner);
    expect(form.body).toContain("Modifier le code PAGE-10");
    expect(form.body).toMatch(/name="value"[^>]*value="10"/);
    const ended = await post(
      "/zh/admin/coupons",
      [
        ["intent", "end"],
        ["id", String(row.id)],
      ],
      owner,
    );
    expect(ended.status).toBe(200);
    expect(ended.body).toContain("已停止。");
    expect(await verify("PAGE-10")).toMatchObject({ code: 400, info: "Ce code promo n'est plus valable." });
    expect((await get("/admin/coupons?statut=expired", owner)).body).toContain("PAGE-10");
  });

  it("reserves a coupon to chosen customers with a limit per customer; its page shows the uses per customer", async () => {
    const owner = await staff("direction");
    const [c1] = await query<{ n: string }>(t.app.services.db, sql`select client_number as n from customers where id = 1`);
    const created = await post("/admin/coupons", coupon({ code: "PAGE-CHOSEN", per_customer: "2", customers: c1.n }), owner);
    expect(created.status).toBe(200);
    const [row] = await t.app.services.db.select().from(coupons).where(eq(coupons.code, "PAGE-CHOSEN"));
    expect(row).toMatchObject({ perCustomerUses: 2, customerId: null });
    expect(await verify("PAGE-CHOSEN")).toMatchObject({ code: 200, data: { max_uses: 2, uses: 0 } });
    await makeOrder(t.app.services.db, 1, { couponId: row.id });
    const page = await get(`/admin/coupons?statut=all&modifier=${row.id}`, owner);
    expect(page.body).toContain("Utilisation du code PAGE-CHOSEN par client");
    expect(page.body).toContain(`href="/admin/clients/${c1.n}"`);
    expect(page.body).toMatch(new RegExp(`name="customers"[^>]*>${c1.n}<`));
    expect(page.body).toMatch(/name="per_customer"[^>]*value="2"/);
    const zh = await get(`/zh/admin/coupons?statut=all&modifier=${row.id}`, owner);
    expect(zh.body).toContain("优惠码 PAGE-CHOSEN 按客户的使用情况");
    // the catalogue role reads the uses per customer but gets no form and no link to the customers' pages
    const catalogue = await get(`/admin/coupons?statut=all&modifier=${row.id}`, await staff("catalogue"));
    expect(catalogue.status).toBe(200);
    expect(catalogue.body).toContain("Utilisation du code PAGE-CHOSEN par client");
    expect(catalogue.body).not.toContain("Modifier le code PAGE-CHOSEN");
  });

  it("refuses a coupon whose validity is already over, and bad input, with a translated message; nothing changes", async () => {
    const manager = await staff("gerance");
    const before = await snapshot();
    const cases: [[string, string][], string, string][] = [
      [coupon({ code: "ab" }), "Le code doit compter de 3 à 40 caractères", "优惠码须为 3 至 40 个字符"],
      [coupon({ value: "120" }), "Le pourcentage doit être compris entre 0 et 100.", "百分比须在 0 到 100 之间。"],
      [coupon({ kind: "amount", value: "0" }), "Le montant doit être supérieur à 0.", "金额须大于 0。"],
      [coupon({ to: addDays(today, -1) }), "La date de fin ne peut pas précéder la date de début.", "结束日期不能早于开始日期。"],
      [coupon({ max_uses: "0" }), "Le nombre d'utilisations doit être un entier d'au moins 1.", "使用次数须为至少 1 的整数。"],
      [coupon({ code: "PAGE-OLD", from: addDays(today, -20), to: addDays(today, -2) }), "La période est déjà terminée", "该期限已结束"],
      [coupon({ code: "PAGE-X", customers: "PERSONNE42" }), "Aucun client n'a ce numéro : PERSONNE42.", "没有客户使用该编号：PERSONNE42。"],
      [coupon({ code: "PAGE-X", customers: "a@b" }), "Saisissez des numéros de client", "请输入客户编号"],
      [coupon({ code: "PAGE-X", per_customer: "0" }), "Le nombre d'utilisations par client", "每位客户的使用次数须为"],
      [
        coupon({ code: "PAGE-X", max_uses: "2", per_customer: "3" }),
        "ne peut pas dépasser le nombre d'utilisations au total",
        "每位客户的使用次数不能超过总使用次数。",
      ],
    ];
    for (const [fields, fr, zh] of cases) {
      const a = await post("/admin/coupons", fields, manager);
      expect(a.status, fr).toBe(400);
      expect(a.body.replaceAll("&#x27;", "'")).toContain(fr);
      const b = await post("/zh/admin/coupons", fields, manager);
      expect(b.status, zh).toBe(400);
      expect(b.body).toContain(zh);
    }
    expect(await snapshot()).toEqual(before);
    expect((await verify("PAGE-OLD")).code).toBe(400);
  });

  it("creates a model promotion from the page: the product shows it; a clash is refused in Chinese", async () => {
    const owner = await staff("direction");
    const [m] = await query<{ id: number; reference: string; product_id: number }>(
      t.app.services.db,
      sql`select m.id, m.reference, m.product_id from models m join products p on p.id = m.product_id
          where p.active and not m.not_for_sale and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    const fields: [string, string][] = [
      ["intent", "save"],
      ["reference", m.reference],
      ["min_qty", "6"],
      ["percent", "7,5"],
      ["gifted_units", ""],
      ["series", ""],
      ["from", today],
      ["to", ""],
    ];
    const created = await post("/admin/promotions", fields, owner);
    expect(created.status).toBe(200);
    expect(created.body).toContain("Enregistré.");
    expect(created.body).toContain(m.reference);
    expect(created.body).toContain("−7,5 %");
    const detail = await apiGet(t.app, "/site/Product/detail", { id: String(m.product_id) });
    const model = (detail.json().data.models as { id: number; promotion: unknown }[]).find((x) => x.id === m.id);
    expect(model?.promotion).toMatchObject({ value: "0.0750", min_qty: 6 });
    const clash = await post("/zh/admin/promotions", fields, owner);
    expect(clash.status).toBe(400);
    expect(clash.body).toContain("该型号在此期间已有促销。");
    const empty = await post(
      "/admin/promotions",
      fields.map(([k, v]) => [k, k === "percent" ? "" : v]),
      owner,
    );
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Indiquez un pourcentage ou des unités offertes.");
    const zh = await get("/zh/admin/promotions", owner);
    expect(zh.body).toContain("新建促销");
    expect(zh.body).toContain("−7.5%");
  });

  it("lets the catalogue role read both lists without a form; refuses the other roles each page and each sending (403)", async () => {
    const catalogue = await staff("catalogue");
    for (const path of ["/admin/coupons", "/zh/admin/promotions"]) {
      const page = await get(path, catalogue);
      expect(page.status, path).toBe(200);
      expect(page.body).not.toContain('name="intent"');
    }
    expect((await get("/admin/coupons", catalogue)).body).toContain("Lecture seule");
    const [c] = await t.app.services.db.select().from(coupons).orderBy(coupons.id).limit(1);
    const [p] = await t.app.services.db.select().from(promotions).orderBy(promotions.id).limit(1);
    const before = await snapshot();
    const sendings: [string, [string, string][]][] = [
      ["/admin/coupons", coupon({ code: "PAGE-ROLE" })],
      ["/admin/coupons", [...coupon({ code: c.code }), ["id", String(c.id)]]],
      [
        "/zh/admin/coupons",
        [
          ["intent", "end"],
          ["id", String(c.id)],
        ],
      ],
      [
        "/admin/promotions",
        [
          ["intent", "save"],
          ["reference", "X"],
          ["min_qty", "1"],
          ["percent", "5"],
          ["from", today],
        ],
      ],
      [
        "/admin/promotions",
        [
          ["intent", "end"],
          ["id", String(p.id)],
        ],
      ],
      ["/admin/coupons", [["intent", "nonsense"]]], // bad input too: the permission is checked first
    ];
    for (const who of ["entrepot", "planning", "service-client", "catalogue", "comptabilite"]) {
      const cookie = await staff(who);
      for (const [path, fields] of sendings) expect((await post(path, fields, cookie)).status, `${who} ${path}`).toBe(403);
      if (who !== "catalogue")
        for (const path of ["/admin/coupons", "/zh/admin/coupons", "/admin/promotions", "/zh/admin/promotions"])
          expect((await get(path, cookie)).status, `${who} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    // a visitor goes to the login
    expect((await get("/admin/coupons", "")).status).toBe(302);
  });
});
