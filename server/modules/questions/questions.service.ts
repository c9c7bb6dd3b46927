// Questions from the account (issue 12 item 6; decision 083): attachments uploaded one by one (checked by
// content, stored under a random key, bound to their uploader), then a question about one of the
// caller's orders (or a suggestion) that takes the caller's own unsent attachments; the history with the
// shop's answers. Every query is scoped by the caller: another customer's order or attachment is not
// found, and nothing changes. Answering is the shop's side: `answer` runs the registered listeners in its
// transaction ("answer received" notifications plug in there, without this module knowing them).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound, rateLimited, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { ATTACHMENT_MAX_BYTES, attachmentName, needsOrder, sniffType, type QuestionType } from "#core/questions.ts";
import type { Question } from "#core/validation/questions.ts";
import type { SharedCounter } from "#server/modules/accounts/shared-counter.ts";
import type { AttachmentStorage } from "./attachment-storage.ts";

/** Per customer and hour (shared by every process): enough for a real exchange, not for a flood. */
export const QUESTIONS_PER_HOUR = 10;
export const UPLOADS_PER_HOUR = 30;
const HOUR = 3_600_000;
/** Uploaded but never sent: removed after a day. */
const ORPHAN_AGE = "1 day";

export type AttachmentView = { id: string; name: string; content_type: string; size: number };
export type QuestionView = {
  id: number;
  type: QuestionType;
  type_label: string;
  content: string;
  created_at: string;
  order: { id: number; number: string } | null;
  attachments: AttachmentView[];
  answer: string | null;
  answered_at: string | null;
};
export type OrderChoice = { id: number; number: string; created_at: string };
export type AnsweredEvent = { questionId: number; customerId: number; orderId: number | null };
/** Runs inside the answer's transaction, with its handle: what it writes commits or rolls back with it. */
export type AnswerListener = (q: Db, event: AnsweredEvent) => Promise<void>;

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
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
    const gone = await query<{ storage_key: string }>(
      q,
      sql`delete from attachments where id in (select id from attachments where question_id is null
        and created_at < now() - ${ORPHAN_AGE}::interval limit 20) returning storage_key`,
    );
    await Promise.all(gone.map((g) => storage.delete(g.storage_key)));
  }

  return {
    /**
     * Checks a file and keeps it for the caller. Every check comes before the first byte is written: a
     * refused file leaves nothing behind. The type is the content's (magic bytes); the name must agree.
     */
    async upload(q: Db, customerId: number, file: { filename: string; bytes: Buffer }): Promise<AttachmentView> {
      if (file.bytes.length === 0) throw refused("questions.attachment_empty");
      if (file.bytes.length > ATTACHMENT_MAX_BYTES) throw refused("questions.attachment_too_large");
      const type = sniffType(file.bytes);
      if (!type) throw refused("questions.attachment_bad_type");
      const name = attachmentName(file.filename, type);
      if (!name.ok) throw refused("questions.attachment_bad_name");
      await limit(`questions:upload:${customerId}`, UPLOADS_PER_HOUR, "questions.too_many_uploads");
      const id = newId();
      const key = newKey();
      await storage.put(key, file.bytes);
      try {
        await query(
          q,
          sql`insert into attachments (id, customer_id, storage_key, name, content_type, size)
            values (${id}, ${customerId}, ${key}, ${name.name}, ${type}, ${file.bytes.length})`,
        );
      } catch (e) {
        await storage.delete(key); // no file without its row
        throw e;
      }
      await dropOrphans(q).catch(() => undefined);
      return { id, name: name.name, content_type: type, size: file.bytes.length };
    },

    /** Sends a question: the order and the attachments must be the caller's (the attachments unsent yet). */
    async submit(q: Db, customerId: number, input: Question): Promise<{ id: number }> {
      const orderId = input.order_id ?? null;
      if (orderId === null && needsOrder(input.type)) throw refused("validation.order_required");
      const ids = [...new Set(input.attachments)];
      // counted before the transaction (the shared counter has its own connection): refusals count too
      await limit(`questions:submit:${customerId}`, QUESTIONS_PER_HOUR, "questions.too_many_questions");
      return withTransaction(q, async (tx) => {
        if (orderId !== null) {
          const [own] = await query(tx, sql`select 1 from orders where id = ${orderId} and customer_id = ${customerId}`);
          if (!own) throw notFound("questions.order_not_found");
        }
        const [row] = await query<{ id: number }>(
          tx,
          sql`insert into questions (customer_id, order_id, type, content) values (${customerId}, ${orderId}, ${input.type}, ${input.content}) returning id`,
        );
        if (ids.length > 0) {
          // one guarded statement: only the caller's own attachments not yet sent with a question
          const taken = await query(
            tx,
            sql`update attachments set question_id = ${row.id}
              where id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )}) and customer_id = ${customerId} and question_id is null returning id`,
          );
          if (taken.length !== ids.length) throw notFound("questions.attachment_not_found"); // the question rolls back
        }
        return { id: row.id };
      });
    },

    /** The caller's questions, newest first, with the shop's answers and the attachments. */
    async list(q: Db, customerId: number, lang: Lang): Promise<QuestionView[]> {
      const rows = await query<{
        id: number;
        type: QuestionType;
        content: string;
        created_at: string;
        order_id: number | null;
        order_number: string | null;
        answer: string | null;
        answered_at: string | null;
        attachments: AttachmentView[] | null;
      }>(
        q,
        sql`select qu.id, qu.type, qu.content, ${iso("qu.created_at")} as created_at, o.id as order_id, o.number as order_number,
          qu.answer, ${iso("qu.answered_at")} as answered_at,
          (select json_agg(json_build_object('id', a.id, 'name', a.name, 'content_type', a.content_type, 'size', a.size) order by a.created_at)
             from attachments a where a.question_id = qu.id) as attachments
        from questions qu left join orders o on o.id = qu.order_id and o.customer_id = qu.customer_id
        where qu.customer_id = ${customerId} order by qu.created_at desc, qu.id desc limit 100`,
      );
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        type_label: translate(lang, `questions.types.${r.type}`),
        content: r.content,
        created_at: r.created_at,
        order: r.order_id && r.order_number ? { id: r.order_id, number: r.order_number } : null,
        attachments: (typeof r.attachments === "string" ? (JSON.parse(r.attachments) as AttachmentView[]) : r.attachments) ?? [],
        answer: r.answer,
        answered_at: r.answered_at,
      }));
    },

    /** The caller's orders a question can be about, newest first. */
    orderChoices: (q: Db, customerId: number) =>
      query<OrderChoice>(
        q,
        sql`select id, number, ${iso("created_at")} as created_at from orders where customer_id = ${customerId} order by created_at desc, id desc limit 50`,
      ),

    /** One of the caller's attachments with its bytes; another customer's is not found. */
    async attachmentFile(q: Db, customerId: number, id: string) {
      const [row] = await query<{ storage_key: string; name: string; content_type: string }>(
        q,
        sql`select storage_key, name, content_type from attachments where id = ${id} and customer_id = ${customerId}`,
      );
      const bytes = row ? await storage.get(row.storage_key) : null;
      if (!row || !bytes) throw notFound();
      return { name: row.name, contentType: row.content_type, bytes };
    },

    /**
     * The shop answers a question (back office, demo data, tests). One guarded statement: a question is
     * answered once. The listeners run in the same transaction (a notification is written with the answer).
     */
    async answer(q: Db, questionId: number, text: string): Promise<AnsweredEvent> {
      return withTransaction(q, async (tx) => {
        const [row] = await query<{ customer_id: number; order_id: number | null }>(
          tx,
          sql`update questions set answer = ${text}, answered_at = now() where id = ${questionId} and answer is null returning customer_id, order_id`,
        );
        if (!row) throw refused("questions.already_answered");
        const event = { questionId, customerId: row.customer_id, orderId: row.order_id };
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

export type QuestionsService = ReturnType<typeof createQuestionsService>;
