// An invitation's one-time link (or a second factor reset's): the staff member chooses their password; the
// enrolment of the second factor follows at once.
import { Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { staffPasswordSchema } from "#core/validation/staff.ts";
import { langOfPath } from "#core/slug.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { adminPath } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { AuthCard, Failure, SubmitButton } from "./ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location }) => [
  {
    title: `${translate(langOfPath(location.pathname), "admin.staff_password_title")} — ${translate(langOfPath(location.pathname), "common.brand")}`,
  },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await context.services.staffTeam.invitation(context.services.db, params.token);
  return { name: found?.staff.name ?? null };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { lang, services, admin } = context;
  return formAction(lang, async () => {
    const { password } = parseFields(staffPasswordSchema, await formFields(request));
    const token = await services.staffTeam.acceptInvitation(services.db, params.token, password, {
      ip: admin!.ip,
      userAgent: admin!.userAgent,
      lang,
    });
    throw redirect(adminPath(lang, "/activation"), { headers: { "Set-Cookie": admin!.cookie(token) } });
  });
}

export default function AdminInvitation() {
  const { t } = useT();
  const { name } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  if (!name) {
    return (
      <AuthCard title={t("admin.staff_password_title")}>
        <Failure text={t("admin.invite_invalid")} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("admin.staff_password_title")} intro={name}>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <Field
          label={t("admin.staff_password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={answer?.fields?.password}
        />
        <Field
          label={t("admin.staff_password_confirm")}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={answer?.fields?.confirm}
        />
        <Failure text={answer?.failure} />
        <SubmitButton busy={busy}>{t("admin.enrol_submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
