// The second factor's enrolment, mandatory before any back-office page: a QR code (or the key typed by hand) for an
// authenticator app, confirmed by its first code; then the ten recovery codes, shown this once.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/enrol";
import { totpCodeSchema } from "#core/validation/staff.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { adminPath, requirePending } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { AuthCard, Failure, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.enrol_title");

export async function loader({ context }: Route.LoaderArgs) {
  const session = requirePending(context);
  if (session.staff.enrolled) throw redirect(adminPath(context.lang, "/verification"));
  const { secret, qrSvg } = await context.services.staffAuth.enrolment(context.services.db, session);
  return { secret, qrSvg };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { lang, services, admin } = context;
  const session = requirePending(context);
  return formAction(lang, async () => {
    const { code } = parseFields(totpCodeSchema, await formFields(request));
    return { codes: await services.staffAuth.confirmEnrolment(services.db, session, code, { ip: admin!.ip }) };
  });
}

// The recovery codes are in the action's answer only: reading the loader again (now verified) would leave the page.
export const shouldRevalidate = () => false;

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export default function AdminEnrol() {
  const { t, lang } = useT();
  const { secret, qrSvg } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { codes?: string[] }>();
  const busy = useNavigation().state !== "idle";
  if (answer?.codes) {
    return (
      <AuthCard title={t("admin.recovery_title")} intro={t("admin.recovery_intro")}>
        <ol className="mb-4 grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t("admin.recovery_title")}>
          {answer.codes.map((c) => (
            <li key={c} className="rounded bg-paper px-2 py-1">
              {c}
            </li>
          ))}
        </ol>
        <p className="mb-4 text-sm text-muted">{t("admin.recovery_advice")}</p>
        <Link to={adminPath(lang)} className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.recovery_done")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("admin.enrol_title")} intro={t("admin.enrol_intro")}>
      <p className="mb-2 text-sm">{t("admin.enrol_scan")}</p>
      <div role="img" aria-label={t("admin.enrol_qr_alt")} className="mx-auto mb-4 w-48" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p className="mb-1 text-sm">{t("admin.enrol_manual")}</p>
      <p className="mb-4 break-all rounded bg-paper p-2 text-center font-mono text-sm" data-testid="totp-secret">
        {grouped(secret)}
      </p>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <Field
          label={t("admin.enrol_confirm")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          error={answer?.fields?.code}
        />
        <Failure text={answer?.failure} />
        <SubmitButton busy={busy}>{t("admin.enrol_submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
