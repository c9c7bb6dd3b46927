// The staff login, first step: e-mail and password open a pending session; the second factor comes next.
import { Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { staffLoginSchema } from "#core/validation/staff.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { adminPath } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { AuthCard, Failure, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.login_title");

export function loader({ context }: Route.LoaderArgs) {
  const s = context.admin?.session;
  if (s) throw redirect(adminPath(context.lang, !s.pending ? "" : s.staff.enrolled ? "/verification" : "/activation"));
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const { lang, services, admin } = context;
  return formAction(lang, async () => {
    const input = parseFields(staffLoginSchema, await formFields(request));
    const { token, next } = await services.staffAuth.login(services.db, input, { ip: admin!.ip, userAgent: admin!.userAgent });
    throw redirect(adminPath(lang, next === "enrol" ? "/activation" : "/verification"), {
      headers: { "Set-Cookie": admin!.cookie(token) },
    });
  });
}

export default function AdminLogin() {
  const { t } = useT();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title={t("admin.login_title")} intro={t("admin.login_intro")}>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <Field label={t("admin.login_email")} name="email" type="email" autoComplete="username" required error={answer?.fields?.email} />
        <Field
          label={t("admin.login_password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={answer?.fields?.password}
        />
        <Failure text={answer?.failure} />
        <SubmitButton busy={busy}>{t("admin.login_submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
