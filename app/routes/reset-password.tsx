import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetTokenSchema, resetWithTokenSchema } from "#core/validation/password-reset.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { useSession } from "#app/lib/session-store.ts";
import { Field, fieldErrors } from "#app/components/account/field.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid =
    resetTokenSchema.safeParse(token).success && (await context.services.passwordReset.tokenIsValid(context.services.db, token));
  return { token, valid };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.reset_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function ResetPassword({ loaderData: { token, valid } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const notify = useSession((s) => s.notify);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(valid ? null : t("account.reset_link_invalid"));

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = resetWithTokenSchema.safeParse({ ...Object.fromEntries(new FormData(e.currentTarget)), token });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const res = await api("POST", "/site/user/resetPasswordByToken", { body: parsed.data });
    if (!res) return;
    if (res.code !== 200) return setFailure(res.info);
    notify({ kind: "success", text: res.info, centred: true }, 4000);
    await navigate(localePath(lang, "/connexion"));
  }

  return (
    <section aria-labelledby="reset-title" className="mx-auto max-w-lg rounded border border-line p-6">
      <h1 id="reset-title" className="mb-4 text-2xl font-bold text-brand">
        {t("account.reset_title")}
      </h1>
      {failure && (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      {valid ? (
        <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field
            label={t("account.new_password")}
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
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("account.reset_submit")}
          </button>
        </form>
      ) : (
        <Link className="text-brand underline" to={localePath(lang, "/recuperation-mot-de-passe")}>
          {t("account.ask_again")}
        </Link>
      )}
    </section>
  );
}
