// Credit notes issued by refunded returns (decision 085): the amount of the returned lines, a gap-free
// number, one note per return however often (or concurrently) it is refunded, the notice in the same
// transaction, and the note in the caller's list and PDF only. Demo data: return 2 (accepted) holds 4 units
// of the second line of CE2026-000176 (delivered 4 days before the seed, window open).
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customersAppPerSuite, get, post } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { issueCreditNote } from "./credit-notes.ts";

const SITE = { publicUrl: "https://shop.example" };

describe.each(testDbKinds())("credit notes issued by returns on %s", (kind) => {
  const t = customersAppPerSuite(kind);
  const db = () => t.database.db;
  const notesOf = (returnId: number) =>
    query<{ id: number; number: string; amount_ttc: string; remaining_ttc: string; customer_id: number }>(
      db(),
      sql`select id, number, amount_ttc::text as amount_ttc, remaining_ttc::text as remaining_ttc, customer_id from credit_notes where return_id = ${returnId}`,
    );
  const issuedNotices = async () =>
    (await query<{ n: number }>(db(), sql`select count(*)::int as n from notifications where kind = 'credit_note_issued'`))[0].n;

  it("refunding a return issues its credit note for the returned lines, with a notice, shown in /avoirs and its PDF", async () => {
    const [line] = await query<{ line_ht: string; num: number; tva: string; discount: string }>(
      db(),
      sql`select l.line_ht::text as line_ht, l.num, l.tva::text as tva, o.discount_amount::text as discount
      from return_lines rl join order_lines l on l.id = rl.order_line_id join orders o on o.id = l.order_id where rl.return_id = 2`,
    );
    expect(line.discount).toBe("0.00"); // the expected amount below ignores the discount share
    const ht = dec(line.line_ht).times(4).dividedBy(line.num, 2);
    const expected = ht.plus(ht.times(line.tva).round(2)).toFixed(2);

    await t.app.services.returns.setStatus(db(), 2, "received");
    expect(await notesOf(2)).toEqual([]); // received is not the refund yet
    const before = await issuedNotices();
    await t.app.services.returns.setStatus(db(), 2, "refunded");
    const [note] = await notesOf(2);
    expect(note).toMatchObject({ number: "AV2026-000008", amount_ttc: expected, remaining_ttc: expected, customer_id: 1 });
    expect(await issuedNotices()).toBe(before + 1);

    const notices = (await get(t.app, "/site/Customer/notificationList", {}, { token: t.demo })).json().data.list;
    expect(notices[0]).toMatchObject({
      kind: "credit_note_issued",
      ref: "AV2026-000008",
      text: "Un avoir AV2026-000008 a été émis à votre nom.",
    });

    const list = (await get(t.app, "/site/Customer/creditNoteList", {}, { token: t.demo })).json().data;
    expect(list.list[0]).toMatchObject({
      number: "AV2026-000008",
      order_number: "CE2026-000176",
      amount_ttc: expected,
      remaining_ttc: expected,
      reason: "Retour de marchandise sur la commande CE2026-000176",
      pdf_url: `/documents/credit-note/${note.id}.pdf`,
    });
    expect(list.balance).toBe(dec("18.60").plus(expected).toFixed(2));
    const zh = (await get(t.app, "/site/Customer/creditNoteList", {}, { token: t.demo, lang: "zh" })).json().data;
    expect(zh.list[0].reason).toBe("订单 CE2026-000176 的退货");
    expect((await get(t.app, "/site/Customer/creditNoteList", {}, { token: t.martin })).json().data.list).toEqual([]);

    const res = await t.app.inject({
      method: "GET",
      url: `/documents/credit-note/${note.id}.pdf`,
      headers: { authorization: `Bearer ${t.demo}` },
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfToText(res.rawPayload);
    for (const s of ["AV2026-000008", "CE2026-000176", "Retour de marchandise"]) expect(text).toContain(s);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/documents/credit-note/${note.id}.pdf`,
      headers: { authorization: `Bearer ${t.martin}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("issues one credit note per return: a second call answers it, takes no number and adds no notice", async () => {
    const [note] = await notesOf(2);
    const notices = await issuedNotices();
    const again = await issueCreditNote(db(), { returnId: 2 }, SITE);
    expect(again).toEqual({ id: note.id, number: note.number, amount_ttc: note.amount_ttc, created: false });
    expect(await notesOf(2)).toHaveLength(1);
    expect(await issuedNotices()).toBe(notices);
    await expect(t.app.services.returns.setStatus(db(), 2, "refunded")).rejects.toMatchObject({ key: "aftersales.return_status_invalid" });
    await expect(issueCreditNote(db(), { returnId: 999_999 }, SITE)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("two concurrent refunds of one return issue exactly one credit note, numbered without gap", async () => {
    const [l0] = await query<{ id: number }>(
      db(),
      sql`select l.id from order_lines l join orders o on o.id = l.order_id where o.number = 'CE2026-000176' order by l.id limit 1`,
    );
    const asked = await post(
      t.app,
      "/site/Customer/orderReturn",
      {
        order_id: (await query<{ id: number }>(db(), sql`select id from orders where number = 'CE2026-000176'`))[0].id,
        lines: [{ line_id: l0.id, num: 1 }],
        reason: "damaged",
        idempotency_key: "credit-note-race-0123456789",
      },
      { token: t.demo },
    );
    expect(asked.json().code).toBe(200);
    const id = asked.json().data.id as number;
    await t.app.services.returns.setStatus(db(), id, "accepted");
    await t.app.services.returns.setStatus(db(), id, "received");
    const notices = await issuedNotices();
    const results = await Promise.allSettled([
      t.app.services.returns.setStatus(db(), id, "refunded"),
      t.app.services.returns.setStatus(db(), id, "refunded"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const notes = await notesOf(id);
    expect(notes.map((n) => n.number)).toEqual(["AV2026-000009"]);
    expect(await issuedNotices()).toBe(notices + 1);
    // and concurrent direct issues of the same return: still one
    const both = await Promise.all([issueCreditNote(db(), { returnId: id }, SITE), issueCreditNote(db(), { returnId: id }, SITE)]);
    expect(both.map((b) => b?.created)).toEqual([false, false]);
    expect(await notesOf(id)).toHaveLength(1);
  });

  it("the PDF of a return's credit note shows its returned lines and the VAT by rate, as invoices (fr, zh)", async () => {
    const [o] = await query<{ id: number; customer_id: number }>(
      db(),
      sql`select id, customer_id from orders where number = 'CE2026-000176'`,
    );
    const lines = await query<{ id: number; reference: string; line_ht: string; num: number }>(
      db(),
      sql`select id, reference, line_ht::text as line_ht, num from order_lines where order_id = ${o.id} order by id limit 2`,
    );
    expect(lines).toHaveLength(2);
    // the two lines at two rates: a single-rate split would put both at one
    await query(db(), sql`update order_lines set tva = 0.055 where id = ${lines[0].id}`);
    await query(db(), sql`update order_lines set tva = 0.2 where id = ${lines[1].id}`);
    const [r] = await query<{ id: number }>(
      db(),
      sql`insert into return_requests (order_id, customer_id, status, reason) values (${o.id}, ${o.customer_id}, 'received', 'damaged') returning id`,
    );
    for (const l of lines) await query(db(), sql`insert into return_lines (return_id, order_line_id, num) values (${r.id}, ${l.id}, 1)`);
    await t.app.services.returns.setStatus(db(), r.id, "refunded");
    const [note] = await notesOf(r.id);

    // each returned unit at its rate, each line's VAT to the cent (the order has no discount)
    const net = lines.map((l) => dec(l.line_ht).dividedBy(l.num, 2));
    const vat = [net[0].times("0.055").round(2), net[1].times("0.2").round(2)];
    expect(note.amount_ttc).toBe(net[0].plus(net[1]).plus(vat[0]).plus(vat[1]).toFixed(2));
    const plain = (v: string) => v.replace(/[\u00a0\u202f]/g, " ");
    const eur = (v: { toFixed(n: number): string }) => plain(formatPrice(v.toFixed(2), "fr"));

    const pdf = async (lang: "fr" | "zh") =>
      pdfToText(
        (
          await t.app.inject({
            method: "GET",
            url: `/documents/credit-note/${note.id}.pdf${lang === "zh" ? "?lang=zh" : ""}`,
            headers: { authorization: `Bearer ${t.demo}` },
          })
        ).rawPayload,
      );
    const fr = plain(await pdf("fr"));
    const section = fr.slice(fr.indexOf("TVA par taux"));
    expect(section).toMatch(new RegExp(`20 %\\s+${eur(net[1])}\\s+${eur(vat[1])}`));
    expect(section).toMatch(new RegExp(`5,5 %\\s+${eur(net[0])}\\s+${eur(vat[0])}`));
    for (const l of lines) expect(fr.replaceAll("\n", "")).toContain(l.reference); // the narrow column may wrap it
    expect(fr).toContain(eur(dec(note.amount_ttc)));
    const zh = await pdf("zh");
    expect(zh).toContain("按税率汇总增值税");
    expect(zh).toMatch(/5\.5%/);
  });
});
