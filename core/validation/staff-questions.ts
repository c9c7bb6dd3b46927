// The back office's questions inbox (decision 142): the list's filters as read from the address, and the forms of a
// question's page (answer, internal note, assignment). A filter left blank is no filter. Messages are "admin.*" keys
// (STAFF_QUESTION_KEYS), and the customer's "validation.page_invalid" for the page.
import { z } from "zod";
import { intField, text } from "./common.ts";
import { msg } from "./keys.ts";
import { optional } from "./staff-orders.ts";
import { QUESTION_MAX_LENGTH, QUESTION_NOTE_MAX, QUESTION_TYPES } from "../questions.ts";

/** Refusals of the inbox's filters and forms, each an "admin.*" key with a text in both languages. */
export const STAFF_QUESTION_KEYS = [
  "questions_status_invalid",
  "questions_kind_invalid",
  "questions_age_invalid",
  "questions_assigned_invalid",
  "questions_sort_invalid",
  "questions_page_size_invalid",
  "question_answer_required",
  "question_answer_too_long",
  "question_assignee_invalid",
] as const;
type Key = (typeof STAFF_QUESTION_KEYS)[number];
const amsg = (name: Key) => ({ error: `admin.${name}` });

/** A question is open until the shop answers it, then answered (the model has no other state). */
export const STAFF_QUESTION_STATUSES = ["open", "answered", "all"] as const;
export type StaffQuestionStatus = (typeof STAFF_QUESTION_STATUSES)[number];
/** Waiting at least this many days. */
export const STAFF_QUESTION_AGES = [1, 3, 7, 30] as const;
/** Mine, nobody's, or whoever's. */
export const STAFF_QUESTION_ASSIGNED = ["me", "nobody", "anyone"] as const;
export const STAFF_QUESTION_SORTS = ["oldest", "newest"] as const;
export const STAFF_QUESTION_PAGE_SIZES = [20, 50, 100] as const;

const oneOf = <T extends readonly number[]>(list: T, key: Key) =>
  intField(amsg(key), { max: 1000 }).refine((n) => (list as readonly number[]).includes(n), amsg(key));

/**
 * The inbox's query: status (open by default), kind, age (waiting at least N days), assigned (me, nobody, anyone),
 * sort (open ones oldest first by default, others newest first), page and its size.
 */
export const staffQuestionQuerySchema = z
  .object({
    status: optional(z.enum(STAFF_QUESTION_STATUSES, amsg("questions_status_invalid"))).transform((s) => s ?? "open"),
    kind: optional(z.enum(QUESTION_TYPES, amsg("questions_kind_invalid"))),
    age: optional(oneOf(STAFF_QUESTION_AGES, "questions_age_invalid")),
    assigned: optional(z.enum(STAFF_QUESTION_ASSIGNED, amsg("questions_assigned_invalid"))).transform((a) => a ?? "anyone"),
    sort: optional(z.enum(STAFF_QUESTION_SORTS, amsg("questions_sort_invalid"))),
    page: optional(intField(msg("page_invalid"), { max: 1_000_000 })).transform((p) => p ?? 1),
    page_size: optional(oneOf(STAFF_QUESTION_PAGE_SIZES, "questions_page_size_invalid")).transform(
      (n) => n ?? STAFF_QUESTION_PAGE_SIZES[0],
    ),
  })
  .transform((q) => ({ ...q, sort: q.sort ?? (q.status === "open" ? "oldest" : "newest") }));
export type StaffQuestionQuery = z.output<typeof staffQuestionQuerySchema>;

export const STAFF_QUESTION_QUERY_FIELDS = ["status", "kind", "age", "assigned", "sort", "page", "page_size"] as const;

/** The query's fields from the address's search parameters (each once). */
export const staffQuestionParams = (p: URLSearchParams) =>
  Object.fromEntries(STAFF_QUESTION_QUERY_FIELDS.map((k) => [k, p.get(k) ?? undefined])) as Record<string, string | undefined>;

/** The shop's answer: several lines, trimmed, never blank, as long as a question may be. */
export const questionAnswerSchema = z.object({
  answer: text(amsg("question_answer_required"), { multiline: true })
    .trim()
    .min(1, { ...amsg("question_answer_required"), abort: true })
    .max(QUESTION_MAX_LENGTH, amsg("question_answer_too_long")),
});

/** An internal note: the order notes' messages (admin.note_required, admin.note_too_long). */
export const questionNoteSchema = z.object({
  note: text({ error: "admin.note_required" }, { multiline: true })
    .trim()
    .min(1, { error: "admin.note_required", abort: true })
    .max(QUESTION_NOTE_MAX, { error: "admin.note_too_long" }),
});

/** The staff member to assign, or blank for nobody. */
export const questionAssignSchema = z.object({
  assignee: optional(intField(amsg("question_assignee_invalid"))).transform((n) => n ?? null),
});
