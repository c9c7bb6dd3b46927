import { useState } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/questions";
import type { RootWire } from "#app/lib/shell-types.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { uploadAttachment } from "#app/lib/upload.ts";
import type { AttachmentAnswer } from "#core/contracts/questions.ts";
import { formatDate } from "#core/format-date.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, QUESTION_MAX_LENGTH, QUESTION_TYPES, formatSize } from "#core/questions.ts";
import { AttachmentLinks } from "#app/components/questions/attachment-links.tsx";
import { questionSchema } from "#core/validation/questions.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

/** `?order=` (id or number) preselects one of the caller's orders (a link from an order's page). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const { questions } = context.services;
  const [orders, history] = await Promise.all([questions.orderChoices(ctx), questions.list(ctx)]);
  const wanted = url.searchParams.get("order");
  const selected = orders.find((o) => String(o.id) === wanted || o.number === wanted)?.id ?? null;
  return { orders, history, selected };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "questions.title")} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

const box = "flex flex-col gap-4 rounded border border-line p-5";
const input = "rounded border border-line px-3 py-2 focus:border-brand focus:outline-none";
const primary = "self-start rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60";

function FieldError({ id, text }: { id: string; text?: string }) {
  const { t } = useT();
  return text ? (
    <p id={id} role="alert" className="text-sm text-red-700">
      {t(text)}
    </p>
  ) : null;
}

export default function QuestionsPage({ loaderData: { orders, history, selected } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const root = useRouteLoaderData("root") as RootWire | undefined;
  const navigate = useNavigate();
  const [files, setFiles] = useState<AttachmentAnswer[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const form = useApiForm(questionSchema, "/site/Customer/submitSuggestion", {
    extra: { attachments: files.map((f) => f.id) },
    onDone: () => setFiles([]),
  });

  async function onFiles(e: React.ChangeEvent<HTMLInputElement>) {
    const picked = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = "";
    setUploadError(null);
    if (picked.length === 0) return;
    if (files.length + picked.length > MAX_ATTACHMENTS) return setUploadError(t("questions.too_many_attachments"));
    setUploading(true);
    for (const file of picked) {
      const r = await uploadAttachment(file, root?.signSecret ?? "", (to) => void navigate(to));
      if (!r) break;
      if (!r.ok) {
        setUploadError(r.message);
        break;
      }
      setFiles((list) => [...list, r.file]);
    }
    setUploading(false);
  }

  const download = (id: string) => `/common/attachment/${id}`;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("questions.title")}</h1>
      <p className="text-muted">{t("questions.intro")}</p>

      <form method="post" onSubmit={form.onSubmit} noValidate className={box} aria-labelledby="question-form-title">
        <h2 id="question-form-title" className="text-lg font-semibold">
          {t("questions.form_title")}
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="question-type" className="text-sm font-medium">
              {t("questions.type")}
            </label>
            <select
              id="question-type"
              name="type"
              defaultValue=""
              className={input}
              aria-invalid={form.errors.type ? true : undefined}
              aria-describedby={form.errors.type ? "question-type-error" : undefined}
            >
              <option value="">{t("questions.type_choose")}</option>
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`questions.types.${type}`)}
                </option>
              ))}
            </select>
            <FieldError id="question-type-error" text={form.errors.type} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="question-order" className="text-sm font-medium">
              {t("questions.order")}
            </label>
            <select
              id="question-order"
              name="order_id"
              defaultValue={selected ?? ""}
              className={input}
              aria-invalid={form.errors.order_id ? true : undefined}
              aria-describedby={`question-order-hint${form.errors.order_id ? " question-order-error" : ""}`}
            >
              <option value="">{t("questions.order_choose")}</option>
              {orders.map((o) => (
                <option key={o.id} value={o.id}>
                  {t("questions.order_option", { number: o.number, date: formatDate(o.created_at, lang) })}
                </option>
              ))}
            </select>
            <p id="question-order-hint" className="text-xs text-muted">
              {orders.length === 0 ? t("questions.no_orders") : t("questions.order_hint")}
            </p>
            <FieldError id="question-order-error" text={form.errors.order_id} />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="question-content" className="text-sm font-medium">
            {t("questions.content")}
          </label>
          <textarea
            id="question-content"
            name="content"
            rows={5}
            maxLength={QUESTION_MAX_LENGTH}
            className={input}
            aria-invalid={form.errors.content ? true : undefined}
            aria-describedby={`question-content-hint${form.errors.content ? " question-content-error" : ""}`}
          />
          <p id="question-content-hint" className="text-xs text-muted">
            {t("questions.content_hint")}
          </p>
          <FieldError id="question-content-error" text={form.errors.content} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="question-files" className="text-sm font-medium">
            {t("questions.attachments")}
          </label>
          {/* no name: the files go through the upload call, the form sends their ids */}
          <input
            id="question-files"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={(e) => void onFiles(e)}
            disabled={uploading || files.length >= MAX_ATTACHMENTS}
            aria-describedby="question-files-hint"
            className="text-sm"
          />
          <p id="question-files-hint" className="text-xs text-muted">
            {t("questions.attachments_hint")}
          </p>
          {uploading && (
            <p role="status" className="text-sm">
              {t("questions.uploading")}
            </p>
          )}
          {uploadError && (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
              {uploadError}
            </p>
          )}
          {files.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm" aria-label={t("questions.attachments")}>
              {files.map((f) => (
                <li key={f.id} className="flex items-center gap-3">
                  <span>{t("questions.attachment_link", { name: f.name, size: formatSize(f.size, lang) })}</span>
                  <button
                    type="button"
                    className="text-brand underline"
                    onClick={() => setFiles((list) => list.filter((x) => x.id !== f.id))}
                    aria-label={t("questions.attachment_remove", { name: f.name })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {form.failure && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {form.failure}
          </p>
        )}
        <button type="submit" disabled={form.busy || uploading} className={primary}>
          {t("questions.send")}
        </button>
      </form>

      <section aria-labelledby="question-history-title" className="flex flex-col gap-4">
        <h2 id="question-history-title" className="text-lg font-semibold">
          {t("questions.history_title")}
        </h2>
        {history.length === 0 ? (
          <p>{t("questions.history_empty")}</p>
        ) : (
          <ul className="flex flex-col gap-4" data-testid="question-history">
            {history.map((q) => (
              <li key={q.id} className="flex flex-col gap-2 rounded border border-line p-4">
                <article aria-label={`${q.type_label} — ${t("questions.asked_on", { date: formatDate(q.created_at, lang) })}`}>
                  <p className="text-sm text-muted">
                    <span className="font-semibold text-ink">{q.type_label}</span> ·{" "}
                    {t("questions.asked_on", { date: formatDate(q.created_at, lang) })}
                    {q.order && (
                      <>
                        {" · "}
                        <a
                          className="text-brand underline"
                          href={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(q.order.number)}`}
                        >
                          {t("questions.about_order", { number: q.order.number })}
                        </a>
                      </>
                    )}
                  </p>
                  <p className="whitespace-pre-line">{q.content}</p>
                  <AttachmentLinks files={q.attachments} href={download} />
                  {q.answer ? (
                    <div className="mt-2 rounded bg-paper p-3">
                      <p className="text-sm font-semibold">
                        {t("questions.answer")} ·{" "}
                        {q.answered_at ? t("questions.answered_on", { date: formatDate(q.answered_at, lang) }) : null}
                      </p>
                      <p className="whitespace-pre-line">{q.answer}</p>
                      <AttachmentLinks files={q.answer_attachments} href={download} className="mt-2" />
                    </div>
                  ) : (
                    <p className="text-sm italic text-muted">{t("questions.awaiting_answer")}</p>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
