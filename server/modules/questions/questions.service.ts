// Questions from the account (decision 083): attachments uploaded one by one (checked by
// content, stored under a random key, bound to their uploader), then a question about one of the
// caller's orders (or a suggestion) that takes the caller's own unsent attachments; the history with the
// shop's answers. Every query is scoped by the caller: another customer's order or attachment is not
// found, and nothing changes. Answering is the shop's side: `answer` runs the registered listeners in its
// transaction ("answer received" notifications plug in there, without this module knowing them).
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { attachments, orders, questions } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound, rateLimited, refused } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/messages.ts";
import { ATTACHMENT_MAX_BYTES, attachmentName, needsOrder, sniffType, type AttachmentType, type QuestionType } from "#core/questions.ts";
import type { Question } from "#core/validation/questions.ts";
import type { SharedCounter } from "#server/infra/shared-counter.ts";
import type { AttachmentStorage } from "./attachment-storage.ts";
import type { AttachmentAnswer, QuestionAnswer, SubmitSuggestionAnswer } from "#core/contracts/questions.ts";

/** Per customer and hour (shared by every process): enough for a real exchange, not for a flood. */
export const QUESTIONS_PER_HOUR = 10;
const UPLOADS_PER_HOUR = 30;
const HOUR = 3_600_000;
/** Uploaded but never sent: removed after a day. */
const ORPHAN_AGE = "1 day";

type CheckedFile = { name: string; type: AttachmentType; bytes: Buffer };
/** A file in the storage, and its row's values but its owners. */
export type StoredFile = {
  row: { id: string; storageKey: string; name: string; contentType: string; size: number };
  answer: AttachmentAnswer;
};
type OrderChoice = { id: number; number: string; created_at: string };
/** An answer given: its text, and how many files the staff sent with it. */
export type AnsweredEvent = { questionId: number; customerId: number; orderId: number | null; answer: string; files: number };
/** Runs inside the answer's transaction, with its handle: what it writes commits or rolls back with it. */
type AnswerListener = (q: Db, event: AnsweredEvent) => Promise<void>;

const iso = <C extends PgColumn>(col: C) =>
  sql<C["_"]["notNull"] extends true ? string : string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const newId = () => randomBytes(16).toString("base64url"); // 22 characters
const newKey = () => randomBytes(16).toString("hex");

export function createQuestionsService({ storage, limits }: { storage: AttachmentStorage; limits?: SharedCounter }) {
  const listeners = new Set<AnswerListener>();

  async function limit(key: string, max: number, message: string) {
    if (!limits) return;
    const { hits } = await limits.hit(key, HOUR);
    if (hits > max) throw rateLimited(message);
  }

  /** Attachments uploaded but never sent, older than a day: rows and files go (a few at a time). */
  async function dropOrphans(q: Db) {
    const a = attachments;
    const old = q
      .select({ id: a.id })
      .from(a)
      .where(and(isNull(a.questionId), lt(a.createdAt, sql`now() - ${ORPHAN_AGE}::interval`)))
      .limit(20);
    const gone = await q.delete(a).where(inArray(a.id, old)).returning({ storageKey: a.storageKey });
    await Promise.all(gone.map((g) => storage.delete(g.storageKey)));
  }

  /**
   * The checks of every attachment, the customer's and the staff's (decision 083): not empty, not over the size, a
   * type read from the content, a name that agrees with it. Refused with the message key; nothing is written.
   */
  function checkFile(file: { filename: string; bytes: Buffer }): CheckedFile {
    if (file.bytes.length === 0) throw refused("questions.attachment_empty");
    if (file.bytes.length > ATTACHMENT_MAX_BYTES) throw refused("questions.attachment_too_large");
    const type = sniffType(file.bytes);
    if (!type) throw refused("questions.attachment_bad_type");
    const name = attachmentName(file.filename, type);
    if (!name.ok) throw refused("questions.attachment_bad_name");
    return { name: name.name, type, bytes: file.bytes };
  }

  /** Puts checked files in the storage under new random keys: their rows' values, without their owners. */
  async function store(files: CheckedFile[]): Promise<StoredFile[]> {
    const done: StoredFile[] = [];
    try {
      for (const f of files) {
        const id = newId();
        const key = newKey();
        await storage.put(key, f.bytes);
        const size = f.bytes.length;
        done.push({
          row: { id, storageKey: key, name: f.name, contentType: f.type, size },
          answer: { id, name: f.name, content_type: f.type, size },
        });
      }
      return done;
    } catch (e) {
      await forget(done);
      throw e;
    }
  }

  /** Removes stored files whose rows were not written. */
  async function forget(files: StoredFile[]) {
    await Promise.all(files.map((f) => storage.delete(f.row.storageKey)));
  }

  /** The one attachment the condition names, with its bytes; none: not found. */
  async function fileWhere(q: Db, where: SQL | undefined) {
    const a = attachments;
    const [row] = await q.select({ storageKey: a.storageKey, name: a.name, contentType: a.contentType }).from(a).where(where);
    const bytes = row ? await storage.get(row.storageKey) : null;
    if (!row || !bytes) throw notFound();
    return { name: row.name, contentType: row.contentType, bytes };
  }

  return {
    /**
     * Checks a file and keeps it for the caller. Every check comes before the first byte is written: a
     * refused file leaves nothing behind. The type is the content's (magic bytes); the name must agree.
     */
    async upload({ db: q, customer }: Context, file: { filename: string; bytes: Buffer }): Promise<AttachmentAnswer> {
      const customerId = customer.id;
      const checked = checkFile(file);
      await limit(`questions:upload:${customerId}`, UPLOADS_PER_HOUR, "questions.too_many_uploads");
      const [stored] = await store([checked]);
      try {
        await q.insert(attachments).values({ ...stored.row, customerId });
      } catch (e) {
        await forget([stored]); // no file without its row
        throw e;
      }
      await dropOrphans(q).catch(() => undefined);
      return stored.answer;
    },

    checkFile,
    store,
    forget,

    /** Sends a question: the order and the attachments must be the caller's (the attachments unsent yet). */
    async submit({ db: q, customer }: Context, input: Question): Promise<SubmitSuggestionAnswer> {
      const customerId = customer.id;
      const orderId = input.order_id ?? null;
      if (orderId === null && needsOrder(input.type)) throw refused("validation.order_required");
      const ids = [...new Set(input.attachments)];
      // counted before the transaction (the shared counter has its own connection): refusals count too
      await limit(`questions:submit:${customerId}`, QUESTIONS_PER_HOUR, "questions.too_many_questions");
      return withTransaction(q, async (tx) => {
        if (orderId !== null) {
          const [own] = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
          if (!own) throw notFound("questions.order_not_found");
        }
        const [row] = await tx
          .insert(questions)
          .values({ customerId, orderId, type: input.type, content: input.content })
          .returning({ id: questions.id });
        if (ids.length > 0) {
          // one guarded statement: only the caller's own attachments not yet sent with a question
          const a = attachments;
          const taken = await tx
            .update(a)
            .set({ questionId: row.id })
            .where(and(inArray(a.id, ids), eq(a.customerId, customerId), isNull(a.questionId)))
            .returning({ id: a.id });
          if (taken.length !== ids.length) throw notFound("questions.attachment_not_found"); // the question rolls back
        }
        return { id: row.id };
      });
    },

    /** The caller's questions, newest first, with the shop's answers and the attachments. */
    async list({ db: q, customer, lang }: Context): Promise<QuestionAnswer[]> {
      const [qu, o, a] = [questions, orders, attachments];
      // the customer's own files, or those the shop sent with its answer
      const files = (which: SQL) =>
        sql<AttachmentAnswer[] | string | null>`(select json_agg(json_build_object('id', ${a.id}, 'name', ${a.name},
            'content_type', ${a.contentType}, 'size', ${a.size}) order by ${a.createdAt}, ${a.id}) from ${a} where ${a.questionId} = ${qu.id} and ${which})`;
      const parse = (v: AttachmentAnswer[] | string | null) => (typeof v === "string" ? (JSON.parse(v) as AttachmentAnswer[]) : v) ?? [];
      const rows = await q
        .select({
          id: qu.id,
          type: sql<QuestionType>`${qu.type}`,
          content: qu.content,
          createdAt: iso(qu.createdAt),
          orderId: o.id,
          orderNumber: o.number,
          answer: qu.answer,
          answeredAt: iso(qu.answeredAt),
          attachments: files(sql`${a.staffId} is null`),
          answerAttachments: files(sql`${a.staffId} is not null`),
        })
        .from(qu)
        .leftJoin(o, and(eq(o.id, qu.orderId), eq(o.customerId, qu.customerId)))
        .where(eq(qu.customerId, customer.id))
        .orderBy(desc(qu.createdAt), desc(qu.id))
        .limit(100);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        type_label: translate(lang, `questions.types.${r.type}`),
        content: r.content,
        created_at: r.createdAt,
        order: r.orderId && r.orderNumber ? { id: r.orderId, number: r.orderNumber } : null,
        attachments: parse(r.attachments),
        answer: r.answer,
        answered_at: r.answeredAt,
        answer_attachments: parse(r.answerAttachments),
      }));
    },

    /** The caller's orders a question can be about, newest first. */
    orderChoices: ({ db: q, customer }: Context): Promise<OrderChoice[]> => {
      const createdAt = iso(orders.createdAt);
      return q
        .select({ id: orders.id, number: orders.number, created_at: createdAt })
        .from(orders)
        .where(eq(orders.customerId, customer.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(50);
    },

    /** One of the caller's attachments with its bytes; another customer's is not found. */
    attachmentFile: ({ db: q, customer }: Context, id: string) =>
      fileWhere(q, and(eq(attachments.id, id), eq(attachments.customerId, customer.id))),

    /** A file sent with the question, either way (the back office's download; its page checks the permission). */
    questionFile: (q: Db, questionId: number, id: string) =>
      fileWhere(q, and(eq(attachments.id, id), eq(attachments.questionId, questionId))),

    /**
     * The shop answers a question (back office, demo data, tests). One guarded statement: a question is
     * answered once. The listeners run in the same transaction (a notification is written with the answer).
     */
    async answer(q: Db, questionId: number, text: string, by?: { staffId: number; files: StoredFile[] }): Promise<AnsweredEvent> {
      return withTransaction(q, async (tx) => {
        const [row] = await tx
          .update(questions)
          .set({ answer: text, answeredAt: sql`now()`, answeredBy: by?.staffId ?? null })
          .where(and(eq(questions.id, questionId), isNull(questions.answer)))
          .returning({ customerId: questions.customerId, orderId: questions.orderId });
        if (!row) throw refused("questions.already_answered");
        // the staff's files belong to the question's customer, who downloads them as their own
        if (by?.files.length)
          await tx.insert(attachments).values(
            by.files.map((f, i) => ({
              ...f.row,
              customerId: row.customerId,
              questionId,
              staffId: by.staffId,
              // one statement, one now(): a microsecond apart keeps the order they were sent in
              createdAt: sql`now() + ${i} * interval '1 microsecond'`,
            })),
          );
        const event = { questionId, customerId: row.customerId, orderId: row.orderId, answer: text, files: by?.files.length ?? 0 };
        for (const l of listeners) await l(tx, event);
        return event;
      });
    },

    /** Hook point: called for every answer, inside its transaction. Returns the unsubscribe. */
    onAnswered(listener: AnswerListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
