// Parts of the back office's customer pages: the approval badge, the decision form on a professional account, and the
// customer's sessions with the button that ends one (customers:write).
import { Form } from "react-router";
import { APPROVAL_MESSAGE_MAX } from "#core/customers/approval.ts";
import { formatDate } from "#core/format-date.ts";
import { deviceName } from "#core/device-name.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Failure, SubmitButton } from "./ui.tsx";
import type { FormFailure } from "./form.ts";

const TONE: Record<string, string> = {
  approved: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  refused: "bg-red-100 text-red-900",
};

export function ApprovalBadge({ approval }: { approval: string }) {
  const { t } = useT();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[approval] ?? ""}`}>
      {t(`admin.approval_${approval}`)}
    </span>
  );
}

export type CustomerAnswer = FormFailure & { decided?: string; revoked?: boolean };

/** The account's approval, what staff last said, and (customers:write) the forms to approve or refuse it. */
export function ApprovalSection({
  approval,
  message,
  decidedAt,
  canWrite,
  answer,
  busy,
}: {
  approval: string;
  message: string | null;
  decidedAt: string | null;
  canWrite: boolean;
  answer?: CustomerAnswer;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const mine = answer?.form === "approval" ? answer : undefined;
  const error = mine?.fields?.message ?? mine?.fields?.intent;
  return (
    <section aria-labelledby="customer-approval" className="rounded border border-line bg-white p-4">
      <h2 id="customer-approval" className="mb-2 text-lg font-semibold">
        {t("admin.customer_approval")}
      </h2>
      <p className="flex flex-wrap items-center gap-3">
        <ApprovalBadge approval={approval} />
        {decidedAt && (
          <span className="text-sm text-muted">
            {t("admin.customer_approval_decided", { date: formatDate(decidedAt, lang, "datetime") })}
          </span>
        )}
      </p>
      {message && <p className="mt-2 whitespace-pre-line text-sm">{t("admin.customer_approval_message_sent", { message })}</p>}
      <p role="status" className="mt-2 text-sm text-green-800">
        {mine?.decided ? t(mine.decided === "approved" ? "admin.customer_approved_done" : "admin.customer_refused_done") : ""}
      </p>
      {canWrite && (
        <Form method="post" noValidate className="mt-3 flex max-w-xl flex-col gap-2" key={`${approval}-${decidedAt}`}>
          <p className="text-sm text-muted">{t("admin.customer_approval_hint")}</p>
          <label htmlFor="approval-message" className="text-sm font-medium">
            {t("admin.customer_message")}
          </label>
          <textarea
            id="approval-message"
            name="message"
            rows={3}
            maxLength={APPROVAL_MESSAGE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "approval-message-error" : "approval-message-hint"}
            className="rounded border border-line px-3 py-2 focus:border-brand focus:outline-none"
          />
          <p id="approval-message-hint" className="text-xs text-muted">
            {t("admin.customer_message_hint")}
          </p>
          {error && (
            <p id="approval-message-error" role="alert" className="text-sm text-red-700">
              {t(error)}
            </p>
          )}
          <Failure text={mine?.failure} />
          <div className="flex flex-wrap gap-3">
            {approval !== "approved" && (
              <button
                type="submit"
                name="intent"
                value="approve"
                disabled={busy}
                className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
              >
                {t("admin.customer_approve")}
              </button>
            )}
            {approval !== "refused" && (
              <button
                type="submit"
                name="intent"
                value="refuse"
                disabled={busy}
                className="rounded border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                {t("admin.customer_refuse")}
              </button>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}

export type SessionRow = { id: number; created_at: string; last_seen_at: string; user_agent: string };

/** The customer's live sessions, newest seen first; customers:write ends one. */
export function SessionsSection({
  sessions,
  canWrite,
  answer,
  busy,
}: {
  sessions: SessionRow[];
  canWrite: boolean;
  answer?: CustomerAnswer;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const mine = answer?.form === "session" ? answer : undefined;
  return (
    <section aria-labelledby="customer-sessions" className="rounded border border-line bg-white p-4">
      <h2 id="customer-sessions" className="mb-1 text-lg font-semibold">
        {t("admin.customer_sessions")}
      </h2>
      <p className="mb-2 text-sm text-muted">{t("admin.customer_sessions_hint")}</p>
      <p role="status" className="text-sm text-green-800">
        {mine?.revoked ? t("admin.customer_session_revoked") : ""}
      </p>
      <Failure text={mine?.failure ?? (mine?.fields ? t(Object.values(mine.fields)[0]) : undefined)} />
      {sessions.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.customer_sessions_empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                <span className="block font-medium">{deviceName(s.user_agent) || t("admin.customer_session_unknown_device")}</span>
                <span className="block text-sm text-muted">
                  {t("admin.customer_session_seen", {
                    date: formatDate(s.last_seen_at, lang, "datetime"),
                    opened: formatDate(s.created_at, lang, "datetime"),
                  })}
                </span>
              </span>
              {canWrite && (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="session" value={s.id} />
                  <SubmitButton busy={busy}>{t("admin.customer_session_revoke")}</SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
