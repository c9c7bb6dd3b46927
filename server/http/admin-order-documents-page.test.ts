// The order page's invoice and credit notes over the real build: the roles that read invoices see them with their
// PDFs, which are the very documents the customer downloads (same text), in the page's language; the others see no
// section and get 403 on the downloads; an unknown order, an order not invoiced yet and an unknown credit note are
// the 404 page. Needs `npm run build` first (tests/fresh-build.ts).
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { formatPrice } from "#core/price-format.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { pdfToText } from "#server/test/pdf-text.ts";

const DOMAIN = "@comptoir-emballage.fr";
/** Each demo account and whether its role reads invoices (written out: the test does not read the permission map). */
const ROLES = [
  { email: `direction${DOMAIN}`, reads: true },
  { email: `gerance${DOMAIN}`, reads: true },
  { email: `comptabilite${DOMAIN}`, reads: true },
  { email: `service-client${DOMAIN}`, reads: true },
  { email: `entrepot${DOMAIN}`, reads: false },
  { email: `planning${DOMAIN}`, reads: false },
];
const HOST = "shop.test";
const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
/** Text with its spaces made plain (prices hold narrow no-break spaces). */
const plain = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

describe("back office order documents", () => {
  const t = pagesAppPerSuite("pglite");
  type Invoiced = { order_id: number; order: string; invoice: string; ht: string; ttc: string };
  /** The demo customer's invoiced order that has a credit note (seeded: AV2026-000007). */
  const invoiced = async () =>
    (
      await query<Invoiced>(
        t.app.services.db,
        sql`select o.id as order_id, o.number as "order", i.number as invoice, i.amount_ht::text as ht, i.amount_ttc::text as ttc
            from invoices i join orders o on o.id = i.order_id join credit_notes c on c.order_id = o.id
            where c.number = 'AV2026-000007'`,
      )
    )[0];
  const note = async () =>
    (
      await query<{ id: number; amount: string }>(
        t.app.services.db,
        sql`select id, amount_ttc::text as amount from credit_notes where number = 'AV2026-000007'`,
      )
    )[0];

  it("shows the invoice and credit notes to the roles that read invoices, with their PDFs; the others see nothing and get 403", async () => {
    const o = await invoiced();
    for (const role of ROLES) {
      const cookie = await staffCookie(t.app, role.email);
      const view = await get(t.app, `/admin/commandes/${o.order}`, cookie);
      expect(view.statusCode, role.email).toBe(200);
      expect(view.body.includes("Facture et avoirs"), role.email).toBe(role.reads);
      expect(view.body.includes(o.invoice), role.email).toBe(role.reads);
      expect(view.body.includes(`href="/admin/commandes/${o.order}/facture.pdf"`), role.email).toBe(role.reads);
      expect(view.body.includes('href="/admin/avoirs/AV2026-000007.pdf"'), role.email).toBe(role.reads);
      expect(view.body.includes("AV2026-000007"), role.email).toBe(role.reads);
      const invoice = await get(t.app, `/admin/commandes/${o.order}/facture.pdf`, cookie);
      const creditNote = await get(t.app, "/admin/avoirs/AV2026-000007.pdf", cookie);
      expect([invoice.statusCode, creditNote.statusCode], role.email).toEqual(role.reads ? [200, 200] : [403, 403]);
      expect(invoice.headers["content-type"] === "application/pdf", role.email).toBe(role.reads);
      expect(creditNote.headers["content-type"] === "application/pdf", role.email).toBe(role.reads);
    }
    const manager = await get(t.app, `/admin/commandes/${o.order}`, await staffCookie(t.app, `gerance${DOMAIN}`));
    const body = plain(manager.body);
    expect(body).toContain(plain(formatPrice(o.ht, "fr", "HT")));
    expect(body).toContain(plain(formatPrice(o.ttc, "fr", "TTC")));
    expect(body).toContain("Gobelets écrasés à la livraison");
    // a refunded return's note: its kind and its reason told in the page's language
    const [returned] = await query<{ number: string }>(
      t.app.services.db,
      sql`select o.number from orders o join credit_notes c on c.order_id = o.id where c.number = 'AV2026-000005'`,
    );
    const accountant = await staffCookie(t.app, `comptabilite${DOMAIN}`);
    const withReturn = plain((await get(t.app, `/admin/commandes/${returned.number}`, accountant)).body);
    expect(withReturn).toMatch(/AV2026-000005<\/th><td[^>]*>[^<]+<\/td><td[^>]*>Retour<\/td>/);
    expect(withReturn).toContain(`Retour de marchandise sur la commande ${returned.number}`);
    expect((await get(t.app, `/zh/admin/commandes/${returned.number}`, accountant)).body).toContain("退货");
    // a role without orders gets no page nor file; a visitor goes to the staff login
    const catalogue = await staffCookie(t.app, `catalogue${DOMAIN}`);
    expect((await get(t.app, `/admin/commandes/${o.order}/facture.pdf`, catalogue)).statusCode).toBe(403);
    expect((await get(t.app, "/admin/avoirs/AV2026-000007.pdf", catalogue)).statusCode).toBe(403);
    for (const cookie of [undefined, t.demo]) {
      const res = await get(t.app, `/admin/commandes/${o.order}/facture.pdf`, cookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/admin/connexion");
    }
  });

  it("downloads the customer's very invoice: its number and total, the same text as the customer's copy", async () => {
    const o = await invoiced();
    for (const email of [`comptabilite${DOMAIN}`, `gerance${DOMAIN}`]) {
      const res = await get(t.app, `/admin/commandes/${o.order}/facture.pdf`, await staffCookie(t.app, email));
      expect(res.statusCode, email).toBe(200);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="${o.invoice}.pdf"`);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const text = await pdfToText(res.rawPayload);
      expect(text).toContain(o.invoice);
      expect(text).toContain(o.order);
      expect(plain(text)).toContain(plain(formatPrice(o.ttc, "fr")));
      const customer = await get(t.app, `/documents/invoice/${o.order_id}.pdf`, t.demo);
      expect(customer.statusCode).toBe(200);
      expect(text).toBe(await pdfToText(customer.rawPayload));
    }
  });

  it("speaks Chinese under /zh/admin: the section and the PDFs", async () => {
    const o = await invoiced();
    const accountant = await staffCookie(t.app, `comptabilite${DOMAIN}`);
    const view = await get(t.app, `/zh/admin/commandes/${o.order}`, accountant);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain("发票与退款凭证");
    expect(view.body).toContain(`href="/zh/admin/commandes/${o.order}/facture.pdf"`);
    expect(view.body).toContain('href="/zh/admin/avoirs/AV2026-000007.pdf"');
    const invoice = await get(t.app, `/zh/admin/commandes/${o.order}/facture.pdf`, accountant);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-disposition"]).toBe(`attachment; filename="${o.invoice}-zh.pdf"`);
    const text = await pdfToText(invoice.rawPayload);
    expect(text).toContain("发票");
    expect(text).toContain(o.invoice);
    expect(text).toBe(await pdfToText((await get(t.app, `/documents/invoice/${o.order_id}.pdf?lang=zh`, t.demo)).rawPayload));
    const creditNote = await get(t.app, "/zh/admin/avoirs/AV2026-000007.pdf", accountant);
    expect(creditNote.headers["content-disposition"]).toBe('attachment; filename="AV2026-000007-zh.pdf"');
    expect(await pdfToText(creditNote.rawPayload)).toContain("退款凭证");
  });

  it("downloads a credit note as the customer gets it: its number and amount", async () => {
    const n = await note();
    const res = await get(t.app, "/admin/avoirs/AV2026-000007.pdf", await staffCookie(t.app, `comptabilite${DOMAIN}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="AV2026-000007.pdf"');
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const text = await pdfToText(res.rawPayload);
    expect(text).toContain("AV2026-000007");
    expect(plain(text)).toContain(plain(formatPrice(n.amount, "fr")));
    expect(text).toBe(await pdfToText((await get(t.app, `/documents/credit-note/${n.id}.pdf`, t.demo)).rawPayload));
  });

  it("says when the order has no invoice yet, and answers 404 to an unknown order, one not invoiced, an unknown credit note", async () => {
    const [unpaid] = await query<{ number: string }>(
      t.app.services.db,
      sql`select number from orders o where not exists (select 1 from invoices i where i.order_id = o.id)
          and not exists (select 1 from credit_notes c where c.order_id = o.id) order by id limit 1`,
    );
    const accountant = await staffCookie(t.app, `comptabilite${DOMAIN}`);
    const view = await get(t.app, `/admin/commandes/${unpaid.number}`, accountant);
    expect(view.body).toContain("Aucune facture : elle est émise au paiement de la commande.");
    expect(view.body).toContain("Aucun avoir sur cette commande.");
    expect(view.body).not.toContain("facture.pdf");
    expect((await get(t.app, `/zh/admin/commandes/${unpaid.number}`, accountant)).body).toContain("暂无发票");
    for (const url of [
      `/admin/commandes/${unpaid.number}/facture.pdf`,
      "/admin/commandes/CE2026-999999/facture.pdf",
      "/admin/avoirs/AV2026-999999.pdf",
      "/admin/avoirs/AV2026-000007",
      "/admin/avoirs/..%2Fcommandes.pdf",
    ]) {
      const res = await get(t.app, url, accountant);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"] ?? "", url).not.toContain("pdf");
      expect(res.body, url).toContain("Page introuvable");
    }
    const zh = await get(t.app, "/zh/admin/commandes/CE2026-999999/facture.pdf", accountant);
    expect(zh.statusCode).toBe(404);
    expect(zh.body).toContain("页面未找到");
  });
});
