// A question in the back office (decision 142): who asks, about which order, the conversation (the customer's message
// and files, the shop's answer and files, each file downloadable by `questions:read`), the answer form with up to three
// files checked as the customer's are (multipart, its size bounded before it is read), the assignment to an active
// staff member who may answer, and the internal notes the customer never sees. Writes need `questions:answer`.
import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/question";
import { can } from "#core/staff/permissions.ts";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS, QUESTION_MAX_LENGTH } from "#core/questions.ts";
import { questionAnswerSchema, questionAssignSchema, questionNoteSchema } from "#core/validation/staff-questions.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { notFoundResponse } from "#app/lib/loader-errors.ts";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, parseFields, textFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { OrderNotes } from "./order-notes.tsx";
import { AttachmentLinks } from "#app/components/questions/attachment-links.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location, params }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "admin.question_number", { id: String(params.id) })} — ${translate(lang, "common.brand")}` }];
};

/** The question's id from the address, or the 404 page. */
function questionId(raw: string) {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) throw notFoundResponse();
  return id;
}

/** The largest body the answer form may send: three files at the limit and the text around them. */
const MAX_BODY = MAX_ATTACHMENTS * ATTACHMENT_MAX_BYTES + 64 * 1024;

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "questions:read");
  const { db, staffQuestions } = context.services;
  const q = await staffQuestions.detail(db, questionId(params.id));
  if (!q) throw notFoundResponse();
  const canAnswer = can(staff.roles, "questions:answer");
  return { q, canAnswer, assignees: canAnswer ? await staffQuestions.assignees(db) : [] };
}

type Answered = FormFailure & { answered?: boolean; assigned?: boolean; noted?: boolean };

export async function action({ context, params, request }: Route.ActionArgs) {
  requireStaff(context, "questions:read"); // a visitor or a role without questions learns nothing from the answer
  const lang = context.lang;
  const id = questionId(params.id);
  const ctx = staffContext(context, "questions:answer"); // every form here writes: checked before the body is read
  // a multipart body is read whole by formData(): its announced size is bounded first (browsers always announce it)
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= MAX_BODY)) {
    return data<FormFailure>({ failure: translate(lang, "questions.attachment_too_large"), form: "answer" }, { status: 413 });
  }
  const form = await request.formData();
  const fields = textFields(form);
  const { staffQuestions } = context.services;
  const intent = fields.intent;
  if (intent === "assign")
    return formAction(
      lang,
      async (): Promise<Answered> => {
        const { assignee } = parseFields(questionAssignSchema, fields);
        await staffQuestions.assign(ctx, id, assignee);
        return { assigned: true, form: "assign" };
      },
      "assign",
    );
  if (intent === "note")
    return formAction(
      lang,
      async (): Promise<Answered> => {
        const { note } = parseFields(questionNoteSchema, fields);
        await staffQuestions.note(ctx, id, note);
        return { noted: true, form: "note" };
      },
      "note",
    );
  return formAction(
    lang,
    async (): Promise<Answered> => {
      const { answer } = parseFields(questionAnswerSchema, fields);
      // a file input left empty sends one nameless, empty part
      const files = form.getAll("file").filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
      const uploads = await Promise.all(files.map(async (f) => ({ filename: f.name, bytes: Buffer.from(await f.arrayBuffer()) })));
      await staffQuestions.answer(ctx, id, answer, uploads);
      return { answered: true, form: "answer" };
    },
    "answer",
  );
}

const box = "rounded border border-line bg-white p-4";
const input = "rounded border border-line px-3 py-2 focus:border-brand focus:outline-none";

export default function AdminQuestion() {
  const { t, lang } = useT();
  const { q, canAnswer, assignees } = useLoaderData<typeof loader>();
  const answer = useActionData<Answered>();
  const busy = useNavigation().state === "submitting";
  const mine = (name: string) => (answer?.form === name ? answer : undefined);
  const files = (fromStaff: boolean) => (
    <AttachmentLinks
      files={q.files.filter((f) => f.from_staff === fromStaff)}
      href={(id) => adminPath(lang, `/questions/${q.id}/fichiers/${id}`)}
      label={t("admin.question_files")}
      className="mt-2"
    />
  );
  const answerForm = mine("answer");
  const answerError = answerForm?.fields?.answer;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={adminPath(lang, "/questions")} className="text-brand hover:underline">
          {t("admin.question_back")}
        </Link>
      </p>
      <PageTitle>{t("admin.question_number", { id: String(q.id) })}</PageTitle>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <section aria-labelledby="question-conversation" className={box}>
            <h2 id="question-conversation" className="mb-3 text-lg font-semibold">
              {t("admin.question_conversation")}
            </h2>
            <article className="border-l-4 border-line pl-3" aria-label={t("admin.question_from_customer")}>
              <p className="text-sm text-muted">
                <span className="font-semibold text-ink">{t(`questions.types.${q.type}`)}</span> ·{" "}
                <time dateTime={q.created_at}>{formatDate(q.created_at, lang, "datetime")}</time>
              </p>
              <p className="whitespace-pre-line">{q.content}</p>
              {files(false)}
            </article>
            {q.answer ? (
              <article className="mt-4 rounded bg-paper p-3" aria-label={t("questions.answer")}>
                <p className="text-sm font-semibold">
                  {t("questions.answer")}
                  {q.answered_by ? ` — ${q.answered_by}` : ""}
                  {q.answered_at && (
                    <>
                      {" · "}
                      <time dateTime={q.answered_at}>{formatDate(q.answered_at, lang, "datetime")}</time>
                    </>
                  )}
                </p>
                <p className="whitespace-pre-line">{q.answer}</p>
                {files(true)}
              </article>
            ) : (
              <p className="mt-4 text-sm italic text-muted">{t("questions.awaiting_answer")}</p>
            )}
            <p role="status" className="mt-2 text-sm text-green-800">
              {answerForm?.answered ? t("admin.question_answered") : ""}
            </p>
          </section>
          {canAnswer && !q.answer && (
            <section aria-labelledby="question-answer" className={box}>
              <h2 id="question-answer" className="mb-3 text-lg font-semibold">
                {t("admin.question_answer_title")}
              </h2>
              <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="answer" />
                <label htmlFor="question-answer-text" className="text-sm font-medium">
                  {t("admin.question_answer_label")}
                </label>
                <textarea
                  id="question-answer-text"
                  name="answer"
                  rows={6}
                  maxLength={QUESTION_MAX_LENGTH}
                  aria-invalid={answerError ? true : undefined}
                  aria-describedby={answerError ? "question-answer-error" : undefined}
                  className={input}
                />
                {answerError && (
                  <p id="question-answer-error" role="alert" className="text-sm text-red-700">
                    {t(answerError, { max: String(QUESTION_MAX_LENGTH) })}
                  </p>
                )}
                <label htmlFor="question-answer-files" className="text-sm font-medium">
                  {t("admin.question_answer_files")}
                </label>
                <input id="question-answer-files" type="file" name="file" multiple accept={ATTACHMENT_ACCEPT} className="text-sm" />
                <p className="text-xs text-muted">{t("admin.question_answer_files_hint")}</p>
                <Failure text={answerForm?.failure} />
                <div>
                  <SubmitButton busy={busy}>{t("admin.question_answer_submit")}</SubmitButton>
                </div>
              </Form>
            </section>
          )}
          <OrderNotes notes={q.notes} canWrite={canAnswer} answer={mine("note")} busy={busy} empty="admin.question_notes_empty" />
        </div>
        <div className="flex flex-col gap-4">
          <section aria-labelledby="question-customer" className={box}>
            <h2 id="question-customer" className="mb-2 text-lg font-semibold">
              {t("admin.question_customer")}
            </h2>
            <p className="font-medium">{q.customer.company || q.customer.name}</p>
            {q.customer.company && <p>{q.customer.name}</p>}
            <p className="text-muted">{q.customer.client_number}</p>
            <p className="break-all text-muted">{q.customer.email}</p>
            <p className="text-sm text-muted">{t("admin.question_customer_lang", { lang: t(`admin.question_lang_${q.customer.lang}`) })}</p>
            {q.order_number && (
              <p className="mt-2">
                <Link to={adminPath(lang, `/commandes/${encodeURIComponent(q.order_number)}`)} className="text-brand hover:underline">
                  {t("admin.question_order", { number: q.order_number })}
                </Link>
              </p>
            )}
          </section>
          <section aria-labelledby="question-assign" className={box}>
            <h2 id="question-assign" className="mb-2 text-lg font-semibold">
              {t("admin.question_assignee")}
            </h2>
            <p className="mb-2">{q.assigned_to?.name ?? <span className="text-muted">{t("admin.questions_assigned_nobody")}</span>}</p>
            {canAnswer && (
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="assign" />
                <label htmlFor="question-assignee" className="text-sm font-medium">
                  {t("admin.question_assign_to")}
                </label>
                <select id="question-assignee" name="assignee" defaultValue={q.assigned_to?.id ?? ""} className={input}>
                  <option value="">{t("admin.questions_assigned_nobody")}</option>
                  {assignees.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
                <Failure
                  text={mine("assign")?.failure ?? (mine("assign")?.fields ? t(Object.values(mine("assign")!.fields!)[0]) : undefined)}
                />
                <div>
                  <SubmitButton busy={busy}>{t("admin.question_assign_submit")}</SubmitButton>
                </div>
                <p role="status" className="text-sm text-green-800">
                  {mine("assign")?.assigned ? t("admin.question_assigned") : ""}
                </p>
              </Form>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
