// Invoices and credit notes (decision 079): the lists, the PDFs with their text read back from the file,
// owner-only access (another customer, anonymous, cookie or bearer), and an order paid partly by credit as its
// documents show it. The balance itself is tested in server/modules/credit-notes.
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { contextOf } from "#server/context.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { creditBuyers, type CreditBuyers } from "#server/test/credit-buyers.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { dec, sum } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { issueInvoice } from "#server/modules/invoices/invoice-issue.ts";

describe.each(testDbKinds())("documents on %s", (kind) => {
  let t: TestApp;
  let db: Db;
  let demo: string;
  let martin: string;
  let modelId: number;
  let fx: CreditBuyers;
  const pdf = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: path, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    fx = await creditBuyers(t, kind); // 60.00 TTC a unit
    ({ modelId } = fx);
  }, 120_000);
  afterAll(() => t.close());

  const buyer = (units: number, credits: string[]) => fx.buyer(units, credits);
  const place = (c: { id: number; email: string }, use_credit: boolean) => fx.place(c, use_credit);

  describe("lists", () => {
    it("need a session", async () => {
      for (const path of ["/site/Customer/invoiceList", "/site/Customer/creditNoteList"])
        expect((await get(t.app, path)).statusCode).toBe(401);
    });

    it("show the caller's invoices only, newest first, with their PDF link", async () => {
      const data = (await get(t.app, "/site/Customer/invoiceList", {}, { token: demo })).json().data;
      expect(data).toMatchObject({ total: 2, page: 1, page_size: 2 });
      const mine = data.list;
      expect(mine.map((i: { number: string }) => i.number)).toEqual(["FA2026-000052", "FA2026-000045"]);
      expect(mine[1]).toMatchObject({
        order_number: "CE2026-000123",
        issued_at: "2026-09-10T00:00:00Z",
        pdf_url: "/documents/invoice/1.pdf",
      });
      expect(dec(mine[1].amount_ttc).gt(mine[1].amount_ht)).toBe(true);
      const theirs = (await get(t.app, "/site/Customer/invoiceList", {}, { token: martin })).json().data.list;
      expect(theirs.map((i: { number: string }) => i.number)).toEqual(["FA2026-000061"]);
    });

    it("show the caller's credit notes with the remaining balance", async () => {
      const mine = (await get(t.app, "/site/Customer/creditNoteList", {}, { token: demo })).json().data;
      expect(mine.balance).toBe("18.60");
      expect(mine.list).toEqual([
        expect.objectContaining({
          number: "AV2026-000007",
          order_number: "CE2026-000131",
          amount_ttc: "18.60",
          remaining_ttc: "18.60",
          pdf_url: "/documents/credit-note/1.pdf",
        }),
        // the refunded return's note (seed), spent on CE2026-000131: listed, nothing left of it
        expect.objectContaining({
          number: "AV2026-000005",
          order_number: "CE2026-000123",
          reason: "Retour de marchandise sur la commande CE2026-000123",
          remaining_ttc: "0.00",
        }),
      ]);
      const theirs = (await get(t.app, "/site/Customer/creditNoteList", {}, { token: martin })).json().data;
      expect(theirs).toEqual({ list: [], total: 0, page: 1, page_size: 0, balance: "0.00" });
    });
  });

  describe("invoice PDF", () => {
    it("is served to its owner (bearer or cookie) with the invoice number as file name, never cached", async () => {
      const res = await pdf("/documents/invoice/1.pdf", { authorization: `Bearer ${demo}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe('attachment; filename="FA2026-000045.pdf"');
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const text = await pdfToText(res.rawPayload);
      for (const s of [
        "Facture",
        "FA2026-000045",
        "10 septembre 2026",
        "SIRET 852 419 738 00004",
        "FR17852419738",
        "Boulangerie Dupont SARL",
        "15 avenue du Général-Leclerc",
        "N° client : C100001",
        "CE2026-000123",
        "Total TTC",
        "Carte bancaire",
        "TX20260908000001",
        "Facture acquittée.",
      ])
        expect(text).toContain(s);
      const [o] = await query<{ total_ttc: string }>(db, sql`select total_ttc::text as total_ttc from orders where id = 1`);
      expect(text).toContain(`${o.total_ttc.replace(".", ",")} €`.replace(/^(\d+)(\d{3}),/, "$1 $2,"));

      const byCookie = await pdf("/documents/invoice/1.pdf", { cookie: `uid=${demo}` });
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.rawPayload.equals(res.rawPayload)).toBe(true);
    });

    it("lists the units a promotion offered under their line, at no charge, in fr and zh", async () => {
      const before = await pdfToText((await pdf("/documents/invoice/1.pdf", { authorization: `Bearer ${demo}` })).rawPayload);
      expect(before).not.toContain("(gratuit)");
      // the invoice's first line as issued (the PDF reads what the invoice froze, not the order's lines)
      const gifted = (n: number) =>
        query(
          db,
          sql`update invoices set contents = jsonb_set(contents, '{lines,0,gifted_units}', ${String(n)}::jsonb) where order_id = 1`,
        );
      await gifted(3);
      try {
        const fr = await pdfToText((await pdf("/documents/invoice/1.pdf", { authorization: `Bearer ${demo}` })).rawPayload);
        expect(fr.split("(gratuit)").length - 1).toBe(1); // one row, under its line
        const totals = (t: string) => /Total HT\n[^\n]+\nTotal TVA\n[^\n]+\nTotal TTC\n[^\n]+/.exec(t)?.[0];
        expect(totals(fr)).toBe(totals(before)); // nothing charged for them
        const zh = await pdfToText((await pdf("/documents/invoice/1.pdf?lang=zh", { authorization: `Bearer ${demo}` })).rawPayload);
        expect(zh.replaceAll("\n", "")).toContain("（赠品）"); // the narrow column may wrap it
      } finally {
        await gifted(0);
      }
    });

    it("is in Chinese with ?lang=zh", async () => {
      const res = await pdf("/documents/invoice/1.pdf?lang=zh", { authorization: `Bearer ${demo}` });
      expect(res.statusCode).toBe(200);
      const text = await pdfToText(res.rawPayload);
      for (const s of ["发票", "含税总计", "按税率汇总增值税", "银行卡", "2026年9月10日", "FA2026-000045"]) expect(text).toContain(s);
      expect(text).not.toContain("\ufffd");
    });

    it("is not found for another customer's order, an order without invoice or a bad name; anonymous must log in", async () => {
      expect((await pdf("/documents/invoice/7.pdf", { authorization: `Bearer ${demo}` })).statusCode).toBe(404); // Martin's
      expect((await pdf("/documents/invoice/1.pdf", { authorization: `Bearer ${martin}` })).statusCode).toBe(404);
      expect((await pdf("/documents/invoice/1.pdf", { cookie: `uid=${martin}` })).statusCode).toBe(404);
      expect((await pdf("/documents/invoice/6.pdf", { authorization: `Bearer ${demo}` })).statusCode).toBe(404); // unpaid
      expect((await pdf("/documents/invoice/abc.pdf", { authorization: `Bearer ${demo}` })).statusCode).toBe(404);
      expect((await pdf("/documents/invoice/99999.pdf", { authorization: `Bearer ${demo}` })).statusCode).toBe(404);
      const anon = await pdf("/documents/invoice/1.pdf");
      expect(anon.statusCode).toBe(401);
      expect(anon.headers["content-type"]).not.toContain("pdf");
      expect((await pdf("/documents/invoice/1.pdf", { authorization: "Bearer nope" })).statusCode).toBe(401);
      const browser = await pdf("/documents/invoice/1.pdf?lang=zh", { accept: "text/html,application/xhtml+xml" });
      expect(browser.statusCode).toBe(302);
      expect(browser.headers.location).toBe(`/zh/connexion?redirect=${encodeURIComponent("/documents/invoice/1.pdf?lang=zh")}`);
    });
  });

  it("order detail documents: the invoice of the caller's order only", async () => {
    const docs = t.app.services.documents;
    expect(await docs.orderDocuments(contextOf(db, 1), 1)).toEqual({
      invoice: { number: "FA2026-000045", pdf_url: "/documents/invoice/1.pdf" },
      credit_used: "0.00",
      amount_due: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect((await docs.orderDocuments(contextOf(db, 1), 6)).invoice).toBeNull(); // unpaid
    expect(await docs.orderDocuments(contextOf(db, 2), 1)).toEqual({ invoice: null, credit_used: "0.00", amount_due: "0.00" }); // not Martin's
  });

  describe("credit note PDF", () => {
    it("shows the amount, the balance and the order to its owner only", async () => {
      const res = await pdf("/documents/credit-note/1.pdf", { authorization: `Bearer ${demo}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="AV2026-000007.pdf"');
      const text = await pdfToText(res.rawPayload);
      for (const s of [
        "Avoir",
        "AV2026-000007",
        "CE2026-000131",
        "Gobelets écrasés",
        "18,60 €",
        "15,50 €",
        "3,10 €",
        "Solde disponible TTC",
        "SIRET",
      ])
        expect(text).toContain(s);
      const zhRes = await pdf("/documents/credit-note/1.pdf?lang=zh", { authorization: `Bearer ${demo}` });
      expect(zhRes.headers["content-disposition"]).toBe('attachment; filename="AV2026-000007-zh.pdf"');
      const zh = await pdfToText(zhRes.rawPayload);
      expect(zh).toContain("退款凭证");
      expect(zh).toContain("€18.60");
      expect((await pdf("/documents/credit-note/1.pdf", { authorization: `Bearer ${martin}` })).statusCode).toBe(404);
      expect((await pdf("/documents/credit-note/1.pdf")).statusCode).toBe(401);
    });
  });

  describe("an order with a freight discount, paid partly by credit note (decision 116)", () => {
    it("stores the freight discount and the freight's rate; the detail, the e-mails and the invoice show them as charged", async () => {
      const b = await buyer(2, ["18.60"]);
      // sold 5.00 below its site price: a freight discount of (45 − 50) × 2 × 0.5 = −5.00, delivered by pallet
      const [other] = await query<{ id: number }>(
        db,
        sql`select m.id from models m join products p on p.id = m.product_id
            where p.active and m.id <> ${modelId} and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
      );
      await query(
        db,
        sql`update models set stock = 1000, purchasable_qty = 1000, not_for_sale = false, price = 45, site_price = 50, tva = 0.2 where id = ${other.id}`,
      );
      const [addr] = await query<{ id: number }>(
        db,
        sql`insert into addresses (customer_id, kind, first_name, last_name, line1, zip_code, city)
            values (${b.id}, 'delivery', 'Jean', 'Port', '3 rue Oberkampf', '75011', 'Paris') returning id`,
      );
      await query(db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = ${b.id})`);
      await query(
        db,
        sql`update carts set pickup_method = 1, shop_id = null, delivery_addr_id = ${addr.id}, delivery_mode = 'pallet' where customer_id = ${b.id}`,
      );
      await query(
        db,
        sql`insert into cart_lines (cart_id, model_id, num) select id, ${other.id}, 2 from carts where customer_id = ${b.id}`,
      );
      const mails = async () => (await query<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from outbox_messages`))[0].id;
      const before = await mails();
      const o = await place(b, true);
      const [row] = await query<{ freight_ht: string; freight_discount_ht: string; freight_vat_rate: string }>(
        db,
        sql`select freight_ht::text, freight_discount_ht::text, freight_vat_rate::text from orders where id = ${o.id}`,
      );
      expect(row.freight_discount_ht).toBe("5.00");
      expect(row.freight_vat_rate).toBe("0.2000");
      expect(o).toMatchObject({ status: "unpaid", credit_used: "18.60" });
      const due = dec(o.total_ttc).minus("18.60").toFixed(2);
      expect(o.amount_due).toBe(due);
      const eur = (v: string) => `${v.replace(".", ",")}\u00a0€`;

      const detail = await t.app.services.orders.detail({ db, customer: b, lang: "fr" }, { id: o.id });
      expect(detail.totals.freight_discount_ht).toBe("5.00");
      expect(detail.totals.vat.map((r) => r.rate)).toEqual(["0.2000"]);
      expect(sum(detail.totals.vat.map((r) => r.vat)).toFixed(2)).toBe(o.total_tva);
      expect(detail).toMatchObject({ credit_used: "18.60", amount_due: due });

      const [confirm] = await query<{ text: string }>(
        db,
        sql`select payload->>'text' as text from outbox_messages where id > ${before} order by id limit 1`,
      );
      const gross = dec(o.freight_ht).plus("5").toFixed(2);
      expect(confirm.text).toContain(`Livraison HT : ${eur(gross)}`);
      expect(confirm.text).toContain(`Remise sur frais de port HT : ${eur("-5.00")}`);
      expect(confirm.text).toContain("TVA 20\u00a0% (base");
      expect(confirm.text).toContain(`Total TTC : ${eur(o.total_ttc)}`);
      expect(confirm.text).toContain(`Avoir déduit : ${eur("-18.60")}`);
      expect(confirm.text).toContain(`Reste à payer par carte : ${eur(due)}`);

      // paid by card: the e-mail tells the card's amount, not the total
      const paidMail = await mails();
      await withTransaction(db, async (tx) => {
        await query(tx, sql`update orders set status = 'processing', payment_method = 'card', paid_at = now() where id = ${o.id}`);
        await issueInvoice(tx, o.id, { publicUrl: "https://shop.example", lang: "fr" });
      });
      const [paid] = await query<{ text: string }>(
        db,
        sql`select payload->>'text' as text from outbox_messages where id > ${paidMail} order by id limit 1`,
      );
      expect(paid.text).toContain(`paiement de ${formatPrice(due, "fr", "TTC")} pour la commande ${o.number}`);
      expect(paid.text).not.toContain(`paiement de ${formatPrice(o.total_ttc, "fr", "TTC")}`);
      expect(paid.text).toContain(`Avoir déduit : ${eur("-18.60")}`);
      expect(paid.text).toContain(`Payé par carte : ${eur(due)}`);

      const session = await t.app.services.sessions.create(db, b.id);
      for (const [lang, must] of [
        ["fr", ["Remise sur frais de port HT", "-5,00 €", "20 %", "Avoir déduit", "-18,60 €"]],
        ["zh", ["运费折扣（不含税）", "-€5.00", "20%"]],
      ] as const) {
        const res = await pdf(`/documents/invoice/${o.id}.pdf${lang === "zh" ? "?lang=zh" : ""}`, { authorization: `Bearer ${session}` });
        expect(res.statusCode).toBe(200);
        const text = await pdfToText(res.rawPayload);
        for (const m of must) expect(text).toContain(m);
        expect(text).not.toMatch(/19[,.]99/);
      }
    });
  });
});
