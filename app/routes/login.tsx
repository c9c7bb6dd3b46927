import { Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { loginSchema } from "#core/validation/identifier.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { safeReturnPath } from "#app/lib/guard.ts";
import { useStartSession } from "#app/lib/use-login.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { Field } from "#app/components/account/field.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export function loader({ context, request }: Route.LoaderArgs) {
  const back = new URL(request.url).searchParams.get("redirect");
  if (context.customer) throw redirect(safeReturnPath(back, localePath(context.lang, "/mon-compte")));
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.login_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function Login() {
  const { t, lang } = useT();
  const [params] = useSearchParams();
  const startSession = useStartSession();
  const { errors, failure, busy, onSubmit } = useApiForm(loginSchema, "/site/user/login", {
    onSuccess: (data) => startSession(data, safeReturnPath(params.get("redirect"), localePath(lang, "/mon-compte"))),
  });

  return (
    <div className="mx-auto grid grid-cols-1 max-w-4xl gap-8 md:grid-cols-2">
      <section aria-labelledby="login-title" className="rounded border border-line p-6">
        <h1 id="login-title" className="mb-2 text-2xl font-bold text-brand">
          {t("account.login_title")}
        </h1>
        <p className="mb-4 text-sm text-muted">{t("account.login_intro")}</p>
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field label={t("account.identifier")} name="identifier" autoComplete="username" error={errors.identifier} />
          <Field label={t("account.password")} name="password" type="password" autoComplete="current-password" error={errors.password} />
          {failure && (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <Link to={localePath(lang, "/recuperation-mot-de-passe")} className="text-sm text-brand underline">
            {t("account.forgot_password")}
          </Link>
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {t("account.login_submit")}
          </button>
        </form>
      </section>
      <section aria-labelledby="new-title" className="rounded bg-paper p-6">
        <h2 id="new-title" className="mb-2 text-xl font-semibold">
          {t("account.no_account")}
        </h2>
        <p className="mb-4 text-sm">{t("account.register_intro")}</p>
        <Link
          to={localePath(lang, "/reg")}
          className="inline-block rounded bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-dark"
        >
          {t("account.create_account")}
        </Link>
      </section>
    </div>
  );
}
