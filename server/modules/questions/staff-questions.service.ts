// The back office's questions inbox (decision 142): the list by status, kind, age and assignee, paged on the server;
// one question with its customer, the files both ways, the answer and the internal notes; the staff's writes, each an
// audited staff write: the answer (once, with up to three files checked as the customer's are, notified as every
// answer is), the assignment to an active staff member who may answer, and the internal notes. Only this service
// reads `question_notes`: the customer's API and pages never join it.
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { attachments, customers, orders, questionNotes, questions, staffUsers } from "#server/db/schema/index.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { MAX_ATTACHMENTS, type QuestionType } from "#core/questions.ts";
import { can, isStaffRole, type Permission } from "#core/staff/permissions.ts";
import { questionAnswerSchema, questionNoteSchema, type StaffQuestionQuery } from "#core/validation/staff-questions.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import type { createQuestionsService, StoredFile } from "./questions.service.ts";

type QuestionsService = ReturnType<typeof createQuestionsService>;

export type StaffQuestionRow = {
  id: number;
  type: QuestionType;
  excerpt: string;
  created_at: string;
  answered_at: string | null;
  customer: { id: number; client_number: string; company: string | null; name: string; email: string };
  order_number: string | null;
  assignee: string | null;
  files: number;
};
export type StaffQuestionFile = { id: string; name: string; content_type: string; size: number; from_staff: boolean };
export type StaffQuestionNote = { id: number; at: string; body: string; staff: string };
export type StaffQuestionDetail = {
  id: number;
  type: QuestionType;
  content: string;
  created_at: string;
  customer: StaffQuestionRow["customer"] & { lang: string };
  order_number: string | null;
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  assigned_to: { id: number; name: string } | null;
  files: StaffQuestionFile[];
  notes: StaffQuestionNote[];
};

const iso = (col: typeof questions.createdAt | typeof questions.answeredAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const EXCERPT = 160;
/** A list's count stops here: past it the page says "more than". */
const COUNT_CAP = 10_000;

const customerOf = {
  id: customers.id,
  client_number: customers.clientNumber,
  company: customers.company,
  name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  email: customers.email,
};

function need(ctx: StaffContext, p: Permission) {
  if (!can(ctx.staff.roles, p)) throw forbidden("admin.permission_denied");
}

export function createStaffQuestions(questionsService: QuestionsService) {
  /** The filters as a where clause; `me` is the staff member reading the list. */
  function filter(query: StaffQuestionQuery, me: number): SQL | undefined {
    const qu = questions;
    return and(
      query.status === "open" ? isNull(qu.answer) : query.status === "answered" ? isNotNull(qu.answer) : undefined,
      query.kind ? eq(qu.type, query.kind) : undefined,
      query.age ? sql`${qu.createdAt} <= now() - make_interval(days => ${query.age})` : undefined,
      query.assigned === "me" ? eq(qu.assignedTo, me) : query.assigned === "nobody" ? isNull(qu.assignedTo) : undefined,
    );
  }

  /** A page of the inbox, with the count of the questions that match (capped). */
  async function list(q: Db, query: StaffQuestionQuery, me: number) {
    const qu = questions;
    const where = filter(query, me);
    const [{ total }] = await q
      .select({ total: sql<number>`count(*)::int` })
      .from(sql`(select 1 from ${qu} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) as capped`);
    const order = query.sort === "oldest" ? [asc(qu.createdAt), asc(qu.id)] : [desc(qu.createdAt), desc(qu.id)];
    const rows = await q
      .select({
        id: qu.id,
        type: sql<QuestionType>`${qu.type}`,
        excerpt: sql<string>`left(${qu.content}, ${EXCERPT})`,
        created_at: iso(qu.createdAt),
        answered_at: iso(qu.answeredAt) as SQL<string | null>,
        customer: customerOf,
        order_number: orders.number,
        assignee: staffUsers.name,
        files: sql<number>`(select count(*)::int from ${attachments} where ${attachments.questionId} = ${qu.id})`,
      })
      .from(qu)
      .innerJoin(customers, eq(customers.id, qu.customerId))
      .leftJoin(orders, eq(orders.id, qu.orderId))
      .leftJoin(staffUsers, eq(staffUsers.id, qu.assignedTo))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return {
      list: rows as StaffQuestionRow[],
      total: Math.min(total, COUNT_CAP),
      capped: total > COUNT_CAP,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** One question as the back office shows it, or null. */
  async function detail(q: Db, id: number): Promise<StaffQuestionDetail | null> {
    const qu = questions;
    const answeredBy = sql<string | null>`(select name from ${staffUsers} where ${staffUsers.id} = ${qu.answeredBy})`;
    const [row] = await q
      .select({
        id: qu.id,
        type: sql<QuestionType>`${qu.type}`,
        content: qu.content,
        created_at: iso(qu.createdAt),
        customer: { ...customerOf, lang: customers.lang },
        order_number: orders.number,
        answer: qu.answer,
        answered_at: iso(qu.answeredAt) as SQL<string | null>,
        answered_by: answeredBy,
        assigned_id: qu.assignedTo,
        assigned_name: staffUsers.name,
      })
      .from(qu)
      .innerJoin(customers, eq(customers.id, qu.customerId))
      .leftJoin(orders, eq(orders.id, qu.orderId))
      .leftJoin(staffUsers, eq(staffUsers.id, qu.assignedTo))
      .where(eq(qu.id, id));
    if (!row) return null;
    const a = attachments;
    const files = await q
      .select({ id: a.id, name: a.name, content_type: a.contentType, size: a.size, from_staff: sql<boolean>`${a.staffId} is not null` })
      .from(a)
      .where(eq(a.questionId, id))
      .orderBy(asc(a.createdAt), asc(a.id));
    const notes = await q
      .select({ id: questionNotes.id, at: questionNotes.at, body: questionNotes.body, staff: staffUsers.name })
      .from(questionNotes)
      .innerJoin(staffUsers, eq(staffUsers.id, questionNotes.staffId))
      .where(eq(questionNotes.questionId, id))
      .orderBy(desc(questionNotes.at), desc(questionNotes.id));
    const { assigned_id, assigned_name, ...rest } = row;
    return {
      ...rest,
      assigned_to: assigned_id !== null && assigned_name !== null ? { id: assigned_id, name: assigned_name } : null,
      files,
      notes: notes.map((n) => ({ ...n, at: n.at.toISOString() })),
    };
  }

  /** A file of the question (the customer's or the staff's), for a staff member who reads questions. */
  const file = (q: Db, questionId: number, fileId: string) => questionsService.questionFile(q, questionId, fileId);

  /** Active staff members who may answer questions: whom a question can be assigned to. */
  async function assignees(q: Db): Promise<{ id: number; name: string }[]> {
    const rows = await q
      .select({ id: staffUsers.id, name: staffUsers.name, roles: staffUsers.roles })
      .from(staffUsers)
      .where(isNull(staffUsers.disabledAt))
      .orderBy(asc(staffUsers.name), asc(staffUsers.id));
    return rows.filter((r) => can(r.roles.filter(isStaffRole), "questions:answer")).map(({ id, name }) => ({ id, name }));
  }

  /**
   * Answers the question, once, with up to three files. Every file is checked (the customer's checks) before
   * anything is written; the files are stored, then the answer, their rows, the notice and e-mail and the audit row
   * commit together. A refusal or a question answered meanwhile removes the stored files.
   */
  async function answer(ctx: StaffContext, id: number, text: string, uploads: { filename: string; bytes: Buffer }[]) {
    need(ctx, "questions:answer");
    const parsed = questionAnswerSchema.safeParse({ answer: text });
    if (!parsed.success) throw refused(parsed.error.issues[0].message);
    if (uploads.length > MAX_ATTACHMENTS) throw refused("questions.too_many_attachments");
    const checked = uploads.map((u) => questionsService.checkFile(u));
    const stored: StoredFile[] = await questionsService.store(checked);
    try {
      return await staffWrite(ctx, async ({ db }, audit) => {
        const [before] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id)).for("update");
        if (!before) throw notFound();
        await questionsService.answer(db, id, parsed.data.answer, { staffId: ctx.staff.id, files: stored });
        await audit({
          entity: "question",
          id,
          action: "answer",
          before: { answer: null },
          after: { answer: parsed.data.answer, files: stored.map((f) => f.row.name) },
        });
        return { files: stored.map((f) => f.answer) };
      });
    } catch (e) {
      await questionsService.forget(stored);
      throw e;
    }
  }

  /** Gives the question to an active staff member who may answer it, or to nobody (null). */
  async function assign(ctx: StaffContext, id: number, to: number | null) {
    need(ctx, "questions:answer");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [q] = await db.select({ assignedTo: questions.assignedTo }).from(questions).where(eq(questions.id, id)).for("update");
      if (!q) throw notFound();
      if (to !== null && !(await assignees(db)).some((s) => s.id === to)) throw refused("admin.question_assignee_invalid");
      if (q.assignedTo === to) return { changed: false };
      await db.update(questions).set({ assignedTo: to }).where(eq(questions.id, id));
      await audit({ entity: "question", id, action: "assign", before: { assigned_to: q.assignedTo }, after: { assigned_to: to } });
      return { changed: true };
    });
  }

  /** Adds an internal note; a blank or too long text is refused with its message key. */
  async function note(ctx: StaffContext, id: number, text: string) {
    need(ctx, "questions:answer");
    const parsed = questionNoteSchema.safeParse({ note: text });
    if (!parsed.success) throw refused(parsed.error.issues[0].message);
    const body = parsed.data.note;
    return staffWrite(ctx, async ({ db }, audit) => {
      const [q] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
      if (!q) throw notFound();
      const [n] = await db
        .insert(questionNotes)
        .values({ questionId: id, staffId: ctx.staff.id, body })
        .returning({ id: questionNotes.id });
      await audit({ entity: "question", id, action: "note", after: { note_id: n.id, note: body } });
      return n;
    });
  }

  return { list, detail, file, assignees, answer, assign, note };
}

export type StaffQuestionsService = ReturnType<typeof createStaffQuestions>;
