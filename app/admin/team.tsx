// The team (DESIGN §9): every staff member with their roles, status, second factor and last login; those who hold
// `staff:write` (the owner) invite, change roles, disable and enable, and reset a second factor. One action, its
// `intent` naming the operation; each is an audited write of the team service, refused with a translated message.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/team";
import { can, STAFF_ROLES, type StaffRole } from "#core/staff/permissions.ts";
import { staffInviteSchema, staffMemberSchema, staffRolesSchema } from "#core/validation/staff.ts";
import { refused } from "#core/domain-errors.ts";
import { formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.staff_title");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "staff:read");
  const members = await context.services.staffTeam.list(context.services.db);
  return { members, me: staff.id, canWrite: can(staff.roles, "staff:write") };
}

type TeamAnswer = FormFailure & { notice?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "staff:write");
  const { lang, services } = context;
  const team = services.staffTeam;
  const fields = await formFields(request);
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const form = intent === "invite" ? "invite" : `${intent}:${String(fields.id ?? "")}`;
  const done = (key: string, vars?: Record<string, string>): TeamAnswer => ({ form, notice: translate(lang, key, vars) });
  return formAction(
    lang,
    async () => {
      if (intent === "invite") {
        const m = await team.invite(ctx, parseFields(staffInviteSchema, fields));
        return done("admin.staff_invitation_sent", { email: m.email });
      }
      const { id } = parseFields(staffMemberSchema, fields);
      switch (intent) {
        case "roles": {
          const { roles } = parseFields(staffRolesSchema, fields);
          await team.setRoles(ctx, id, roles);
          return done("admin.staff_roles_saved");
        }
        case "disable":
        case "enable": {
          const m = await team.setDisabled(ctx, id, intent === "disable");
          return done(intent === "disable" ? "admin.staff_disabled_done" : "admin.staff_enabled_done", { name: m.name });
        }
        case "reset_second_factor": {
          const m = await team.resetSecondFactor(ctx, id);
          return done("admin.staff_second_factor_reset_done", { name: m.name });
        }
        default:
          throw refused("admin.staff_intent_invalid");
      }
    },
    form,
  );
}

/** The answer's message (a refusal, a field's message, or the notice of success), shown beside its form. */
function Answer({ answer, form }: { answer?: TeamAnswer; form: string }) {
  const { t } = useT();
  if (!answer || answer.form !== form) return null;
  if (answer.notice)
    return (
      <p role="status" className="rounded bg-green-50 p-2 text-sm text-green-800">
        {answer.notice}
      </p>
    );
  const field = answer.fields && form !== "invite" ? Object.values(answer.fields)[0] : undefined;
  return <Failure text={answer.failure ?? (field ? t(field) : undefined)} />;
}

function RoleBoxes({ checked, error }: { checked?: readonly StaffRole[]; error?: string }) {
  const { t } = useT();
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{t("admin.staff_roles")}</legend>
      {STAFF_ROLES.map((r) => (
        <label key={r} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="roles" value={r} defaultChecked={checked?.includes(r)} />
          {t(`admin.role_${r}`)}
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

const button = "rounded border border-line px-3 py-1 text-sm hover:bg-paper disabled:opacity-60";

export default function AdminTeam() {
  const { t, lang } = useT();
  const { members, me, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<TeamAnswer>();
  const busy = useNavigation().state !== "idle";
  const confirmed = (text: string) => (e: React.FormEvent) => {
    if (!window.confirm(text)) e.preventDefault();
  };
  const inviteFields = answer?.form === "invite" ? answer.fields : undefined;
  return (
    <>
      <PageTitle>{t("admin.staff_title")}</PageTitle>
      <section aria-labelledby="team-list" className="mb-8">
        <h2 id="team-list" className="mb-2 text-lg font-semibold">
          {t("admin.staff_list")}
        </h2>
        <div className="overflow-x-auto rounded border border-line bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-paper">
              <tr>
                <th className="p-2">{t("admin.staff_name")}</th>
                <th className="p-2">{t("admin.staff_email")}</th>
                <th className="p-2">{t("admin.staff_roles")}</th>
                <th className="p-2">{t("admin.staff_status")}</th>
                <th className="p-2">{t("admin.staff_second_factor")}</th>
                <th className="p-2">{t("admin.staff_last_login")}</th>
                {canWrite && <th className="p-2">{t("admin.staff_actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} className="border-t border-line align-top" data-staff={m.email}>
                  <td className="p-2 font-medium">
                    {m.name}
                    {m.id === me && <span className="ml-1 text-muted">({t("admin.staff_you")})</span>}
                  </td>
                  <td className="p-2">{m.email}</td>
                  <td className="p-2">{m.roles.map((r) => t(`admin.role_${r}`)).join(", ")}</td>
                  <td className="p-2">
                    {m.disabled ? t("admin.staff_disabled") : m.invited ? t("admin.staff_invited") : t("admin.staff_active")}
                  </td>
                  <td className="p-2">{m.enrolled ? t("admin.staff_enrolled") : t("admin.staff_not_enrolled")}</td>
                  <td className="p-2">
                    {m.last_login_at ? formatDate(m.last_login_at, lang, "datetime") : t("admin.staff_never_logged_in")}
                  </td>
                  {canWrite && (
                    <td className="flex flex-col gap-2 p-2">
                      <details>
                        <summary className="cursor-pointer text-brand">{t("admin.staff_roles_of", { name: m.name })}</summary>
                        <Form method="post" key={m.roles.join(",")} className="mt-2 flex flex-col gap-2">
                          <input type="hidden" name="intent" value="roles" />
                          <input type="hidden" name="id" value={m.id} />
                          <RoleBoxes checked={m.roles} />
                          <button type="submit" disabled={busy} className={button}>
                            {t("admin.staff_roles_save")}
                          </button>
                        </Form>
                      </details>
                      <Answer answer={answer} form={`roles:${m.id}`} />
                      {m.disabled ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="enable" />
                          <input type="hidden" name="id" value={m.id} />
                          <button type="submit" disabled={busy} className={button}>
                            {t("admin.staff_enable")}
                          </button>
                        </Form>
                      ) : m.id === me ? null : (
                        <Form method="post" onSubmit={confirmed(t("admin.staff_disable_confirm", { name: m.name }))}>
                          <input type="hidden" name="intent" value="disable" />
                          <input type="hidden" name="id" value={m.id} />
                          <button type="submit" disabled={busy} className={button}>
                            {t("admin.staff_disable")}
                          </button>
                        </Form>
                      )}
                      <Answer answer={answer} form={`disable:${m.id}`} />
                      <Answer answer={answer} form={`enable:${m.id}`} />
                      {m.enrolled && (
                        <Form method="post" onSubmit={confirmed(t("admin.staff_reset_second_factor_confirm", { name: m.name }))}>
                          <input type="hidden" name="intent" value="reset_second_factor" />
                          <input type="hidden" name="id" value={m.id} />
                          <button type="submit" disabled={busy} className={button}>
                            {t("admin.staff_reset_second_factor")}
                          </button>
                        </Form>
                      )}
                      <Answer answer={answer} form={`reset_second_factor:${m.id}`} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {answer?.form !== "invite" && !members.some((m) => answer?.form?.endsWith(`:${m.id}`)) && (
          <div className="mt-2">
            <Answer answer={answer} form={answer?.form ?? ""} />
          </div>
        )}
      </section>
      {canWrite && (
        <section aria-labelledby="team-invite" className="max-w-md rounded border border-line bg-white p-4">
          <h2 id="team-invite" className="mb-3 text-lg font-semibold">
            {t("admin.staff_invite")}
          </h2>
          <Form
            method="post"
            noValidate
            key={answer?.form === "invite" && answer.notice ? answer.notice : "invite"}
            className="flex flex-col gap-4"
          >
            <input type="hidden" name="intent" value="invite" />
            <Field label={t("admin.staff_email")} name="email" type="email" autoComplete="off" required error={inviteFields?.email} />
            <Field label={t("admin.staff_name")} name="name" autoComplete="off" required maxLength={80} error={inviteFields?.name} />
            <RoleBoxes error={inviteFields?.roles} />
            <Answer answer={answer && { ...answer, fields: undefined }} form="invite" />
            <SubmitButton busy={busy}>{t("admin.staff_invite_submit")}</SubmitButton>
          </Form>
        </section>
      )}
    </>
  );
}
