// The staff login, second step: the code of the authenticator app, or one of the recovery codes.
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/verify";
import { staffSecondFactorSchema } from "#core/validation/staff.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { adminPath, requirePending } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { AuthCard, Failure, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.second_factor_title");

export function loader({ context }: Route.LoaderArgs) {
  if (!requirePending(context).staff.enrolled) throw redirect(adminPath(context.lang, "/activation"));
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const { lang, services, admin } = context;
  const session = requirePending(context);
  return formAction(lang, async () => {
    const factor = parseFields(staffSecondFactorSchema, await formFields(request));
    await services.staffAuth.secondFactor(services.db, session, factor, { ip: admin!.ip });
    throw redirect(adminPath(lang));
  });
}

export default function AdminVerify() {
  const { t } = useT();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  const recovery = params.get("secours") === "1";
  return (
    <AuthCard title={t("admin.second_factor_title")} intro={recovery ? t("admin.recovery_code_hint") : t("admin.second_factor_intro")}>
      <Form method="post" noValidate className="flex flex-col gap-4">
        {recovery ? (
          <Field
            label={t("admin.recovery_code_label")}
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            required
            error={answer?.fields?.code}
          />
        ) : (
          <Field
            label={t("admin.code_label")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            error={answer?.fields?.code}
          />
        )}
        <Failure text={answer?.failure} />
        <SubmitButton busy={busy}>{t("admin.code_submit")}</SubmitButton>
        <Link to={recovery ? "?" : "?secours=1"} className="text-sm text-brand underline">
          {recovery ? t("admin.use_totp_code") : t("admin.use_recovery_code")}
        </Link>
      </Form>
    </AuthCard>
  );
}
