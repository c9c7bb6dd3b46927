// A staff member's own live sessions (DESIGN §9): when each started and was last used, from where and which browser,
// the current one marked; any other one can be ended, or all of them at once. Every verified staff member has it.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/sessions";
import { staffSessionSchema } from "#core/validation/staff.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { deviceName } from "#core/device-name.ts";
import { formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.nav_sessions");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const current = context.admin!.session!.sessionId;
  const rows = await context.services.staffAuth.sessions.list(context.services.db, staff.id);
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      ip: s.ip,
      user_agent: s.userAgent,
      current: s.id === current,
    })),
  };
}

type SessionsAnswer = FormFailure & { notice?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context);
  const { lang, services } = context;
  const current = context.admin!.session!.sessionId;
  return formAction(lang, async (): Promise<SessionsAnswer> => {
    const fields = await formFields(request);
    switch (fields.intent) {
      case "revoke": {
        const { id } = parseFields(staffSessionSchema, fields);
        // the current session ends by logging out
        // the current session ends by logging out
        if (id === current || !(await services.staffTeam.endSession(ctx, id))) throw notFound("admin.session_invalid");
        return { notice: translate(lang, "admin.staff_session_revoked") };
      }
      case "revoke_others": {
        const count = await services.staffTeam.endOtherSessions(ctx, current);
        return { notice: translate(lang, count ? "admin.staff_sessions_revoked" : "admin.staff_no_other_session", { count }) };
      }
      default:
        throw refused("admin.staff_intent_invalid");
    }
  });
}

export default function AdminSessions() {
  const { t, lang } = useT();
  const { sessions } = useLoaderData<typeof loader>();
  const answer = useActionData<SessionsAnswer>();
  const busy = useNavigation().state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  const fieldMessage = answer?.fields ? Object.values(answer.fields)[0] : undefined;
  return (
    <>
      <PageTitle>{t("admin.nav_sessions")}</PageTitle>
      <p className="mb-4 text-sm text-muted">{t("admin.staff_sessions_intro")}</p>
      {answer?.notice && (
        <p role="status" className="mb-4 rounded bg-green-50 p-3 text-sm text-green-800">
          {answer.notice}
        </p>
      )}
      <div className="mb-4">
        <Failure text={answer?.failure ?? (fieldMessage ? t(fieldMessage) : undefined)} />
      </div>
      <div className="overflow-x-auto rounded border border-line bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-paper">
            <tr>
              <th className="p-2">{t("admin.staff_session_opened")}</th>
              <th className="p-2">{t("admin.staff_session_last_seen")}</th>
              <th className="p-2">{t("admin.staff_session_address")}</th>
              <th className="p-2">{t("admin.staff_session_browser")}</th>
              <th className="p-2">
                <span className="sr-only">{t("admin.staff_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} className="border-t border-line" aria-current={s.current ? "true" : undefined}>
                <td className="p-2">{formatDate(s.created_at, lang, "datetime")}</td>
                <td className="p-2">{formatDate(s.last_seen_at, lang, "datetime")}</td>
                <td className="p-2 font-mono">{s.ip}</td>
                <td className="p-2" title={s.user_agent}>
                  {deviceName(s.user_agent) || t("admin.staff_session_unknown_device")}
                </td>
                <td className="p-2">
                  {s.current ? (
                    <span className="rounded bg-paper px-2 py-1 font-semibold">{t("admin.staff_session_current")}</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={s.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded border border-line px-3 py-1 hover:bg-paper disabled:opacity-60"
                      >
                        {t("admin.staff_revoke")}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="revoke_others" />
          <button type="submit" disabled={busy} className="rounded border border-line px-4 py-2 hover:bg-paper disabled:opacity-60">
            {t("admin.staff_revoke_others")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-muted">{t("admin.staff_no_other_session")}</p>
      )}
    </>
  );
}
