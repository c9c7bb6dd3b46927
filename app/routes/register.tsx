import { Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { registrationSchema } from "#core/validation/account.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { useSession } from "#app/lib/session-store.ts";
import { useStartSession } from "#app/lib/use-login.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { Field } from "#app/components/account/field.tsx";
import { AcceptanceBox } from "#app/components/legal/acceptance-box.tsx";
import { PRIVACY_NOTICE } from "#core/legal.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export function loader({ context }: Route.LoaderArgs) {
  if (context.customer) throw redirect(localePath(context.lang, "/mon-compte"));
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "account.register_title")} — ${translate(lang, "common.brand")}` }];
};

export default function Register() {
  const { t, lang } = useT();
  const startSession = useStartSession();
  const notify = useSession((s) => s.notify);
  const { errors, failure, busy, onSubmit } = useApiForm(registrationSchema, "/site/user/register", {
    onSuccess: async (data) => {
      notify({ kind: "success", text: t("account.registered", { number: data.userInfo.client_number }), centred: true }, 6000);
      await startSession(data, localePath(lang, "/mon-compte"));
    },
  });

  return (
    <section aria-labelledby="reg-title" className="mx-auto max-w-2xl rounded border border-line p-6">
      <h1 id="reg-title" className="mb-2 text-2xl font-bold text-brand">
        {t("account.register_title")}
      </h1>
      <p className="mb-4 text-sm text-muted">{t("account.register_intro")}</p>
      <form method="post" onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <fieldset className="md:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t("account.title")}</legend>
          <div className="flex gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name="title" value="M" defaultChecked /> {t("account.title_m")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="title" value="Mme" /> {t("account.title_mme")}
            </label>
          </div>
          {errors.title && (
            <p role="alert" className="text-sm text-red-700">
              {t(errors.title)}
            </p>
          )}
        </fieldset>
        <Field label={t("account.first_name")} name="first_name" autoComplete="given-name" maxLength={50} error={errors.first_name} />
        <Field label={t("account.last_name")} name="last_name" autoComplete="family-name" maxLength={50} error={errors.last_name} />
        <Field label={t("account.company")} name="company" autoComplete="organization" maxLength={100} error={errors.company} />
        <Field label={t("account.siret")} name="siret" inputMode="numeric" maxLength={20} error={errors.siret} />
        <Field label={t("account.vat_number")} name="vat_number" maxLength={20} error={errors.vat_number} />
        <Field label={t("account.phone")} name="phone" type="tel" autoComplete="tel" maxLength={20} error={errors.phone} />
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={50}
          error={errors.email}
          className="md:col-span-2"
        />
        <Field
          label={t("account.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={16}
          hint={t("account.password_rules")}
          error={errors.password}
        />
        <Field
          label={t("account.confirm")}
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={16}
          error={errors.confirm}
        />
        <AcceptanceBox
          name="accept_privacy"
          lead="account.accept_privacy_lead"
          link="account.accept_privacy_link"
          page={PRIVACY_NOTICE.page}
          error={errors.accept_privacy}
          className="md:col-span-2"
        />
        {failure && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4 md:col-span-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {t("account.register_submit")}
          </button>
          <p className="text-sm">
            {t("account.have_account")}{" "}
            <Link className="text-brand underline" to={localePath(lang, "/connexion")}>
              {t("account.login_submit")}
            </Link>
          </p>
        </div>
      </form>
    </section>
  );
}
