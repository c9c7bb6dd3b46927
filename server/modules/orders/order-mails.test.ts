// The order, payment, shipping and credit-note e-mails as the customer receives them, through a real SMTP server:
// multipart/alternative (plain text, then HTML) in the customer's language, with the lines, the delivery and the
// money broken down (freight discount, VAT by rate, credit deducted, what the card paid), links from PUBLIC_URL,
// customer text escaped in the HTML, and the invoice or credit-note PDF attached (rendered by the outbox worker).
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";
import { decodeHeader, leaves, parseMime, partOf, type MimePart } from "#server/test/mime.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { issueInvoice } from "#server/modules/invoices/invoice-issue.ts";
import { formatPrice } from "#core/price-format.ts";
import type { Lang } from "#core/lang.ts";
import { staffContextOf } from "#server/test/staff.ts";

const SITE = "https://shop.example";
const HOSTILE = `Cartons <b>"Dupont"</b> & Fils`;
const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe.each(testDbKinds())("order e-mails through SMTP on %s", (kind) => {
  let t: TestApp;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let seq = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: `${SITE}/` });
    db = t.database.db;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The next message to `to` after `count` of them: its subject and parts. */
  async function nextMail(to: string, count: number) {
    await vi.waitFor(() => expect(smtp.received.filter((r) => r.to.includes(to)).length).toBeGreaterThan(count), { timeout: 15_000 });
    const raw = smtp.received.filter((r) => r.to.includes(to))[count].raw;
    const mail = parseMime(raw);
    const text = partOf(mail, "text/plain")!.body.toString("utf8");
    const html = partOf(mail, "text/html")!.body.toString("utf8");
    return { mail, subject: decodeHeader(mail.headers.subject), text, html, pdf: partOf(mail, "application/pdf") };
  }
  const sent = (to: string) => smtp.received.filter((r) => r.to.includes(to)).length;

  /** The message is text and HTML alternatives of one another, the text first. */
  function expectAlternative(m: MimePart) {
    const alt = m.type === "multipart/alternative" ? m : m.parts.find((p) => p.type === "multipart/alternative");
    expect(alt?.parts.map((p) => p.type)).toEqual(["text/plain", "text/html"]);
  }

  async function customer(lang: Lang) {
    const n = ++seq;
    const email = `mails-${n}-${kind}@exemple.fr`;
    const [c] = await query<{ id: number }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash, lang)
      values (${`M${kind}${n}`}, 'M', 'Zoé', 'Martin', ${HOSTILE}, ${email}, 'x', ${lang}) returning id`,
    );
    return { id: c.id, email };
  }

  it("confirms an order placed in Chinese: the store, the invoice address escaped, the lines and totals in Chinese", async () => {
    const c = await customer("zh");
    const [shop] = await query<{ id: number; name: string }>(
      db,
      sql`select s.id, t.name from shops s join shop_translations t on t.shop_id = s.id and t.lang = 'zh' order by s.id limit 1`,
    );
    const [m] = await query<{ id: number; reference: string }>(
      db,
      sql`select m.id, m.reference from models m join products p on p.id = m.product_id
      where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    await query(
      db,
      sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = 25, site_price = 25 where id = ${m.id}`,
    );
    const [a] = await query<{ id: number }>(
      db,
      sql`insert into addresses (customer_id, kind, first_name, last_name, company, line1, zip_code, city)
      values (${c.id}, 'invoice', 'Zoé', 'Martin', ${HOSTILE}, '5 rue Basse', '75011', 'Paris') returning id`,
    );
    const [cart] = await query<{ id: number }>(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id, delivery_mode, invoice_addr_id) values (${c.id}, 2, ${shop.id}, 'pickup', ${a.id}) returning id`,
    );
    await query(db, sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${m.id}, 4)`);
    const token = await t.app.services.sessions.create(db, c.id);
    const before = sent(c.email);
    const res = await post(
      t.app,
      "/site/Sale/createOrder",
      { idempotency_key: `mails-${kind}-confirm-0001`, accept_cgv: true },
      { token, lang: "zh" },
    );
    expect(res.json().code, res.body).toBe(200);
    const o = res.json().data as { number: string; total_ttc: string };

    const mail = await nextMail(c.email, before);
    expectAlternative(mail.mail);
    expect(mail.pdf).toBeUndefined();
    expect(mail.subject).toBe(`您的订单 ${o.number} 已提交`);
    const text = nb(mail.text);
    for (const s of [
      "您好：",
      `- ${m.reference} `,
      "：4 ",
      "配送方式：门店自提",
      `自提门店：\n${shop.name}`,
      `发票地址：\nZoé Martin\n${HOSTILE}\n5 rue Basse`,
      `含税总额：${nb(formatPrice(o.total_ttc, "zh"))}`,
      `支付订单：${SITE}/zh/order-detail?id=${o.number}`,
    ])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(/Bonjour|Total TTC|Livraison/);
    const html = nb(mail.html);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain("Cartons &lt;b&gt;&quot;Dupont&quot;&lt;/b&gt; &amp; Fils");
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(nb(formatPrice(o.total_ttc, "zh")));
    expect(html).toContain(`href="${SITE}/zh/order-detail?id=${o.number}"`);
  });

  it.each(["fr", "zh"] as const)(
    "pays an order (%s) partly by credit note: the card's part, the freight discount, VAT by rate, and the invoice PDF attached",
    async (lang) => {
      const c = await customer(lang);
      const number = await nextNumber(db, "order");
      const address = { first_name: "Zoé", last_name: "Martin", company: HOSTILE, line1: "3 rue Haute", zip_code: "75011", city: "Paris" };
      // 10 × 12,50 HT at 20 %, freight 12,00 less its 2,00 discount: 135,00 HT, 27,00 VAT, 162,00 TTC; 18,60 by credit note
      const [o] = await query<{ id: number }>(
        db,
        sql`insert into orders (number, customer_id, status, pickup_method, delivery_mode, delivery_address, invoice_address, total_ht,
          total_tva, total_ttc, freight_ht, freight_tva, freight_discount_ht, freight_vat_rate, discount_amount)
        values (${number}, ${c.id}, 'unpaid', 1, 'parcel', ${JSON.stringify(address)}::jsonb, ${JSON.stringify(address)}::jsonb, 135, 27, 162,
          10, 2, 2, 0.2, 0) returning id`,
      );
      await query(
        db,
        sql`insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, line_ht)
        values (${o.id}, null, 'CAR-EM1', 'Carton <double> cannelure', 'carton', 12.5, 10, 0.2, 125)`,
      );
      const [note] = await query<{ id: number }>(
        db,
        sql`insert into credit_notes (number, customer_id, amount_ttc, remaining_ttc, reason)
        values (${await nextNumber(db, "credit_note")}, ${c.id}, 18.6, 0, 'Geste commercial') returning id`,
      );
      await query(db, sql`insert into credit_note_uses (order_id, credit_note_id, amount) values (${o.id}, ${note.id}, 18.6)`);

      const before = sent(c.email);
      const invoice = await withTransaction(db, async (tx) => {
        await query(tx, sql`update orders set status = 'processing', payment_method = 'card', paid_at = now() where id = ${o.id}`);
        return issueInvoice(tx, o.id, { publicUrl: SITE, lang });
      });
      const mail = await nextMail(c.email, before);
      expect(mail.mail.type).toBe("multipart/mixed");
      expectAlternative(mail.mail);
      const eur = (v: string) => nb(formatPrice(v, lang));
      const text = nb(mail.text);
      const html = nb(mail.html);
      const expected =
        lang === "fr"
          ? [
              `paiement de ${nb(formatPrice("143.40", "fr", "TTC"))} pour la commande ${number}`,
              "- CAR-EM1 Carton <double> cannelure : 10 cartons, 125,00 € HT",
              "Mode de livraison : Livraison en colis (GLS)",
              `Livraison HT : ${eur("12.00")}`,
              `Remise sur frais de port HT : ${eur("-2.00")}`,
              `TVA 20 % (base ${eur("135.00")}) : ${eur("27.00")}`,
              `Total TTC : ${eur("162.00")}`,
              `Avoir déduit : ${eur("-18.60")}`,
              `Payé par carte : ${eur("143.40")}`,
              `Votre facture ${invoice.number} est jointe à ce message`,
            ]
          : [
              `的付款 ${nb(formatPrice("143.40", "zh", "TTC"))}`,
              "配送方式：包裹配送（GLS）",
              `运费折扣（不含税）：${eur("-2.00")}`,
              `增值税 20%（基数 ${eur("135.00")}）：${eur("27.00")}`,
              `已抵扣退款凭证：${eur("-18.60")}`,
              `银行卡支付：${eur("143.40")}`,
            ];
      for (const s of expected) expect(text, s).toContain(s);
      expect(text).toContain(`${SITE}/documents/invoice/${o.id}.pdf${lang === "zh" ? "?lang=zh" : ""}`);
      expect(text).not.toContain(nb(formatPrice("162.00", lang, "TTC"))); // the card did not pay the total
      for (const s of [
        eur("-2.00"),
        eur("27.00"),
        eur("-18.60"),
        eur("143.40"),
        "Cartons &lt;b&gt;&quot;Dupont&quot;&lt;/b&gt; &amp; Fils",
      ])
        expect(html, s).toContain(s);
      expect(html).not.toContain(HOSTILE);
      expect(html).toContain(`<html lang="${lang === "zh" ? "zh-CN" : "fr"}">`);

      // the invoice, rendered by the outbox: a real PDF with its number
      expect(mail.pdf?.filename).toBe(`${invoice.number}${lang === "zh" ? "-zh" : ""}.pdf`);
      expect(mail.pdf!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const pdf = await pdfToText(mail.pdf!.body);
      expect(pdf).toContain(invoice.number);
      expect(pdf).toContain(number);
      // the outbox row names the invoice; it does not carry the file
      const [row] = await query<{ size: number; attachments: unknown }>(
        db,
        sql`select length(payload::text)::int as size, payload->'attachments' as attachments from outbox_messages
        where payload->>'to' = ${c.email} order by id desc limit 1`,
      );
      expect(row.attachments).toEqual([{ kind: "invoice", order_id: o.id, customer_id: c.id, lang }]);
      expect(row.size).toBeLessThan(40_000);
    },
  );

  it("ships a prepared order once: the shipping e-mail with the delivery mode, address and money; shipping again is refused", async () => {
    const [o] = await query<{ id: number; number: string; email: string; line1: string; total_ttc: string }>(
      db,
      sql`select o.id, o.number, c.email, o.delivery_address->>'line1' as line1, o.total_ttc::text as total_ttc
      from orders o join customers c on c.id = o.customer_id where o.number = 'CE2026-000177'`,
    );
    const before = sent(o.email);
    const warehouse = await staffContextOf(t.app, "entrepot@comptoir-emballage.fr");
    const ship = { type: "ship", carrier: "Transports Martin", tracking: "TM-2026-0042" } as const;
    // only a prepared order leaves (core/orders/life.ts): planned, it is refused
    await expect(t.app.services.orderLife.apply(warehouse, o.id, ship)).rejects.toMatchObject({ key: "orders.transition_refused_planned" });
    await query(db, sql`update orders set status = 'ready' where id = ${o.id}`);
    await t.app.services.orderLife.apply(warehouse, o.id, ship, new Date("2026-11-24T09:30:00Z"));
    const mail = await nextMail(o.email, before);
    expectAlternative(mail.mail);
    expect(mail.subject).toBe(`Votre commande ${o.number} est expédiée`);
    const text = nb(mail.text);
    for (const s of [
      "remise au transporteur le 24 novembre 2026",
      "Mode de livraison : Livraison sur palette",
      `Adresse de livraison :`,
      o.line1,
      `Total TTC : ${nb(formatPrice(o.total_ttc, "fr"))}`,
      `Suivre ma commande : ${SITE}/order-detail?id=${o.number}`,
    ])
      expect(text, s).toContain(s);
    expect(nb(mail.html)).toContain(nb(formatPrice(o.total_ttc, "fr")));

    await expect(t.app.services.orderLife.apply(warehouse, o.id, ship)).rejects.toMatchObject({ key: "orders.transition_refused_shipped" });
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(o.email)).toBe(before + 1);
  });

  it("sends the credit note of a refunded return with its PDF attached", async () => {
    const [{ email }] = await query<{ email: string }>(db, sql`select email from customers where id = 1`);
    await t.app.services.returns.setStatus(db, 2, "received");
    const before = sent(email);
    await t.app.services.returns.setStatus(db, 2, "refunded");
    const [note] = await query<{ id: number; number: string; amount_ttc: string }>(
      db,
      sql`select id, number, amount_ttc::text as amount_ttc from credit_notes where return_id = 2`,
    );
    const mail = await nextMail(email, before);
    expect(mail.mail.type).toBe("multipart/mixed");
    expectAlternative(mail.mail);
    expect(mail.subject).toBe(`Un avoir ${note.number} a été émis à votre nom`);
    const text = nb(mail.text);
    expect(text).toContain(`d'un montant de ${nb(formatPrice(note.amount_ttc, "fr", "TTC"))}`);
    expect(text).toContain("Retour de marchandise sur la commande CE2026-000176");
    expect(text).toMatch(/TVA 20 % \(base [\d ,]+ €\) : [\d ,]+ €/);
    expect(text).toContain(`${SITE}/avoirs`);
    expect(nb(mail.html)).toContain(nb(formatPrice(note.amount_ttc, "fr")));
    expect(mail.pdf?.filename).toBe(`${note.number}.pdf`);
    expect(await pdfToText(mail.pdf!.body)).toContain(note.number);
    expect(leaves(mail.mail).map((p) => p.type)).toEqual(["text/plain", "text/html", "application/pdf"]);
  });
});
