// The back office's questions inbox (decision 142): the list's filters and order; the answer with files checked as the
// customer's (a refusal stores nothing), its audit row, notice and e-mail in the customer's language, the files the
// customer then lists and downloads as their own; answered once; assignment to active staff who may answer; internal
// notes never in the customer's answers; every write refused to a role without questions:answer, nothing changed.
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { staffQuestionQuerySchema } from "#core/validation/staff-questions.ts";
import type { QuestionAnswer } from "#core/contracts/questions.ts";

const DOMAIN = "@comptoir-emballage.fr";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SCRIPT = Buffer.from("#!/bin/sh\necho hi\n");

describe.each(testDbKinds())("the questions inbox (%s)", (kind) => {
  let t: TestApp;
  let dir: string;
  const db = () => t.app.services.db;
  const svc = () => t.app.services.staffQuestions;
  const ctx = (who: string, lang: "fr" | "zh" = "fr") => staffContextOf(t.app, `${who}${DOMAIN}`, lang);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const stored = async (): Promise<string[]> => {
    const root = join(dir, "attachments");
    const out: string[] = [];
    for (const sub of await readdir(root).catch(() => [] as string[])) out.push(...(await readdir(join(root, sub))));
    return out;
  };
  /** A question of `customer`, asked `daysAgo`. */
  async function ask(customer: number, content: string, o: { type?: string; daysAgo?: number } = {}) {
    const [r] = await query<{ id: number }>(
      db(),
      sql`insert into questions (customer_id, type, content, created_at)
          values (${customer}, ${o.type ?? "suggestion"}, ${content}, now() - make_interval(days => ${o.daysAgo ?? 0})) returning id`,
    );
    return r.id;
  }
  const state = async (id: number) =>
    (
      await query<{ answer: string | null; assigned_to: number | null; notes: number; files: number; audits: number }>(
        db(),
        sql`select answer, assigned_to,
              (select count(*)::int from question_notes where question_id = ${id}) as notes,
              (select count(*)::int from attachments where question_id = ${id}) as files,
              (select count(*)::int from audit_log where entity = 'question' and entity_id = ${String(id)}) as audits
            from questions where id = ${id}`,
      )
    )[0];
  const customerList = async (customer: number) => {
    const token = await t.app.services.sessions.create(db(), customer);
    const res = await get(t.app, "/site/Customer/questionList", {}, { token });
    return { token, list: (res.json() as { data: { list: QuestionAnswer[] } }).data.list, raw: res.body };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "comptoir-staff-questions-"));
    t = await createTestApp(kind, { DATA_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("lists open questions oldest first by default, filtered by kind, age and assignee, paged", async () => {
    const old = await ask(1, "Ancienne question", { type: "suggestion", daysAgo: 9 });
    const mid = await ask(2, "Question de Martin", { type: "suggestion", daysAgo: 4 });
    const fresh = await ask(1, "Nouvelle question", { type: "suggestion" });
    const me = await ctx("service-client");
    await svc().assign(me, mid, me.staff.id);
    const list = async (params: Record<string, string>) =>
      (await svc().list(db(), staffQuestionQuerySchema.parse(params), me.staff.id)).list
        .map((r) => r.id)
        .filter((id) => [old, mid, fresh].includes(id));
    expect(await list({})).toEqual([old, mid, fresh]);
    expect(await list({ sort: "newest" })).toEqual([fresh, mid, old]);
    expect(await list({ age: "7" })).toEqual([old]);
    expect(await list({ age: "3" })).toEqual([old, mid]);
    expect(await list({ assigned: "me" })).toEqual([mid]);
    expect(await list({ assigned: "nobody" })).toEqual([old, fresh]);
    expect(await list({ kind: "livraison" })).toEqual([]);
    // the seeded question is answered: not in the open ones, first of the answered
    const answered = await svc().list(db(), staffQuestionQuerySchema.parse({ status: "answered" }), me.staff.id);
    expect(answered.list.map((r) => r.id)).toContain(1);
    expect(answered.list.map((r) => r.id)).not.toContain(old);
    const page = await svc().list(db(), staffQuestionQuerySchema.parse({ status: "all", page: "2", page_size: "20" }), me.staff.id);
    expect(page.page).toBe(2);
    expect(staffQuestionQuerySchema.safeParse({ age: "5" }).success).toBe(false);
    expect(staffQuestionQuerySchema.safeParse({ status: "closed" }).error?.issues[0].message).toBe("admin.questions_status_invalid");
    const row = (await svc().list(db(), staffQuestionQuerySchema.parse({ assigned: "me" }), me.staff.id)).list[0];
    expect(row).toMatchObject({ id: mid, assignee: "Li Wei", customer: { id: 2 }, excerpt: "Question de Martin" });
  });

  it("answers with files: stored as the customer's, audited, notified and e-mailed in the customer's language", async () => {
    await query(db(), sql`update customers set lang = 'zh' where id = 2`);
    const id = await ask(2, "Pouvez-vous m'envoyer la fiche technique ?");
    const before = await stored();
    const cs = await ctx("service-client");
    const done = await svc().answer(cs, id, "  Voici la fiche technique.\n", [
      { filename: "fiche.pdf", bytes: PDF },
      { filename: "photo.png", bytes: PNG },
    ]);
    expect(done.files.map((f) => [f.name, f.content_type])).toEqual([
      ["fiche.pdf", "application/pdf"],
      ["photo.png", "image/png"],
    ]);
    expect((await stored()).length).toBe(before.length + 2);
    const rows = await query<{ customer_id: number; staff_id: number; question_id: number }>(
      db(),
      sql`select customer_id, staff_id, question_id from attachments where question_id = ${id} order by name`,
    );
    expect(rows).toEqual([
      { customer_id: 2, staff_id: cs.staff.id, question_id: id },
      { customer_id: 2, staff_id: cs.staff.id, question_id: id },
    ]);
    const [q] = await query<{ answer: string; answered_by: number }>(db(), sql`select answer, answered_by from questions where id = ${id}`);
    expect(q).toEqual({ answer: "Voici la fiche technique.", answered_by: cs.staff.id });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "question"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "answer")));
    expect(audits).toHaveLength(1);
    expect(audits[0].staffId).toBe(cs.staff.id);
    const notices = await query(db(), sql`select kind, ref from notifications where customer_id = 2 and ref = ${`#${id}`}`);
    expect(notices).toEqual([{ kind: "answer_received", ref: `#${id}` }]);
    const [mail] = await query<{ payload: { to: string; subject: string; text: string } }>(
      db(),
      sql`select payload from outbox_messages where payload ->> 'subject' like ${`%#${id}%`}`,
    );
    expect(mail.payload.subject).toBe(`您的问题 #${id} 已获回复`);
    expect(mail.payload.text).toContain("Voici la fiche technique.");
    expect(mail.payload.text).toContain("回复附带文件：2 个");
    expect(mail.payload.text).toContain("/zh/une-question");

    // the customer sees the answer and the files apart from their own, and downloads them
    const { token, list } = await customerList(2);
    const mine = list.find((x) => x.id === id)!;
    expect(mine.answer).toBe("Voici la fiche technique.");
    expect(mine.attachments).toEqual([]);
    expect(mine.answer_attachments.map((a) => a.name)).toEqual(["fiche.pdf", "photo.png"]);
    const download = (id: string, bearer: string) =>
      t.app.inject({ url: `/common/attachment/${id}`, headers: { authorization: `Bearer ${bearer}` } });
    const file = await download(mine.answer_attachments[0].id, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // another customer does not get it
    const other = await t.app.services.sessions.create(db(), 1);
    expect((await download(mine.answer_attachments[0].id, other)).statusCode).toBe(404);
    // staff download it through the question, and only through it
    const bytes = await svc().file(db(), id, mine.answer_attachments[1].id);
    expect(bytes.bytes.equals(PNG)).toBe(true);
    expect(await refusal(svc().file(db(), 1, mine.answer_attachments[1].id))).toBe("not_found");

    // answered once: a second answer is refused and its files are not kept
    const count = (await stored()).length;
    expect(await refusal(svc().answer(cs, id, "Encore", [{ filename: "b.png", bytes: PNG }]))).toBe("questions.already_answered");
    expect((await stored()).length).toBe(count);
    expect((await state(id)).files).toBe(2);
  });

  it("refuses bad files and bad answers with the customer's checks, storing nothing", async () => {
    const id = await ask(1, "Question sans réponse");
    const cs = await ctx("service-client");
    const before = { files: await stored(), state: await state(id) };
    const cases: [string, { filename: string; bytes: Buffer }[], string][] = [
      ["script", [{ filename: "facture.pdf", bytes: SCRIPT }], "questions.attachment_bad_type"],
      ["double extension", [{ filename: "photo.php.png", bytes: PNG }], "questions.attachment_bad_name"],
      ["empty", [{ filename: "vide.png", bytes: Buffer.alloc(0) }], "questions.attachment_empty"],
      [
        "too large",
        [{ filename: "grand.png", bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }],
        "questions.attachment_too_large",
      ],
      ["four files", Array.from({ length: 4 }, (_, i) => ({ filename: `p${i}.png`, bytes: PNG })), "questions.too_many_attachments"],
      [
        "one good, one bad",
        [
          { filename: "ok.png", bytes: PNG },
          { filename: "x.pdf", bytes: SCRIPT },
        ],
        "questions.attachment_bad_type",
      ],
    ];
    for (const [, files, key] of cases) expect(await refusal(svc().answer(cs, id, "Réponse", files))).toBe(key);
    expect(await refusal(svc().answer(cs, id, "   ", []))).toBe("admin.question_answer_required");
    expect(await refusal(svc().answer(cs, id, "x".repeat(2001), []))).toBe("admin.question_answer_too_long");
    expect(await refusal(svc().answer(cs, 999_999, "Réponse", [{ filename: "ok.png", bytes: PNG }]))).toBe("not_found");
    expect(await stored()).toEqual(before.files);
    expect(await state(id)).toEqual(before.state);
  });

  it("assigns to an active staff member who may answer, or to nobody; audited", async () => {
    const id = await ask(1, "À qui ?");
    const manager = await ctx("gerance");
    const cs = await ctx("service-client");
    const names = (await svc().assignees(db())).map((s) => s.name);
    expect(names).toContain("Li Wei");
    expect(names).not.toContain((await ctx("entrepot")).staff.name);
    expect(await svc().assign(manager, id, cs.staff.id)).toEqual({ changed: true });
    expect((await state(id)).assigned_to).toBe(cs.staff.id);
    const warehouse = await ctx("entrepot");
    expect(await refusal(svc().assign(manager, id, warehouse.staff.id))).toBe("admin.question_assignee_invalid");
    await query(db(), sql`update staff_users set disabled_at = now() where id = ${manager.staff.id}`);
    try {
      expect(await refusal(svc().assign(cs, id, manager.staff.id))).toBe("admin.question_assignee_invalid");
    } finally {
      await query(db(), sql`update staff_users set disabled_at = null where id = ${manager.staff.id}`);
    }
    expect(await svc().assign(cs, id, null)).toEqual({ changed: true });
    const s = await state(id);
    expect(s.assigned_to).toBeNull();
    expect(s.audits).toBe(2);
  });

  it("keeps internal notes from the customer, whose list holds only their own questions", async () => {
    const id = await ask(1, "Question du client démo");
    const others = await ask(2, "Question d'un autre client");
    const cs = await ctx("service-client");
    await svc().note(cs, id, "NOTE-SECRETE-42 : client difficile, rappeler.");
    expect(await refusal(svc().note(cs, id, "  "))).toBe("admin.note_required");
    const d = await svc().detail(db(), id);
    expect(d?.notes.map((n) => [n.body, n.staff])).toEqual([["NOTE-SECRETE-42 : client difficile, rappeler.", "Li Wei"]]);
    expect((await state(id)).audits).toBe(1);
    const { list, raw } = await customerList(1);
    expect(raw).not.toContain("NOTE-SECRETE-42");
    expect(list.map((q) => q.id)).toContain(id);
    expect(list.map((q) => q.id)).not.toContain(others);
  });

  it.runIf(kind === "pg")("answers once when two staff members answer at the same time (separate connections)", async () => {
    const id = await ask(1, "Question disputée");
    const [cs, manager] = [await ctx("service-client"), await ctx("gerance")];
    await Promise.all([1, 2, 3, 4].map(() => query(db(), sql`select pg_sleep(0.02)`))); // connections open first
    const before = (await stored()).length;
    const outcomes = await Promise.all([
      refusal(svc().answer(cs, id, "Réponse A", [{ filename: "a.png", bytes: PNG }])),
      refusal(svc().answer(manager, id, "Réponse B", [{ filename: "b.pdf", bytes: PDF }])),
    ]);
    expect(outcomes.sort()).toEqual(["accepted", "questions.already_answered"]);
    const s = await state(id);
    expect(["Réponse A", "Réponse B"]).toContain(s.answer);
    expect(s).toMatchObject({ files: 1, audits: 1 });
    expect((await stored()).length).toBe(before + 1); // the loser's file is gone
    const notices = await query(db(), sql`select 1 from notifications where kind = 'answer_received' and ref = ${`#${id}`}`);
    expect(notices).toHaveLength(1);
  });

  it("refuses every write to a role without questions:answer, and nothing changes", async () => {
    const id = await ask(1, "Question pour les droits");
    const before = { state: await state(id), files: await stored() };
    const target = (await ctx("service-client")).staff.id;
    for (const who of ["entrepot", "planning", "catalogue", "comptabilite"]) {
      const c = await ctx(who);
      expect(await refusal(svc().answer(c, id, "Réponse", [{ filename: "ok.png", bytes: PNG }])), who).toBe("admin.permission_denied");
      expect(await refusal(svc().assign(c, id, target)), who).toBe("admin.permission_denied");
      expect(await refusal(svc().note(c, id, "Note")), who).toBe("admin.permission_denied");
    }
    expect(await state(id)).toEqual(before.state);
    expect(await stored()).toEqual(before.files);
  });
});
