import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordSchema, resetWithCodeSchema } from "#core/validation/password-reset.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { useSession } from "#app/lib/session-store.ts";
import { Field, fieldErrors } from "#app/components/account/field.tsx";

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.forgot_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

/** Step 1: the e-mail address; step 2: the 6-digit code and the new password. */
export default function ForgotPassword() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const notify = useSession((s) => s.notify);
  const [email, setEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  async function requestCode(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const res = await api("POST", "/site/user/forgotPassword", { body: parsed.data });
    if (!res) return;
    if (res.code !== 200) return setMessage({ kind: "error", text: res.info });
    setEmail(parsed.data.email);
    setMessage({ kind: "ok", text: res.info });
  }

  async function reset(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = resetWithCodeSchema.safeParse({ ...Object.fromEntries(new FormData(e.currentTarget)), email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const res = await api("POST", "/site/user/resetPassword", { body: parsed.data });
    if (!res) return;
    if (res.code !== 200) return setMessage({ kind: "error", text: res.info });
    notify({ kind: "success", text: res.info, centred: true }, 4000);
    await navigate(localePath(lang, "/connexion"));
  }

  return (
    <section aria-labelledby="forgot-title" className="mx-auto max-w-lg rounded border border-line p-6">
      <h1 id="forgot-title" className="mb-2 text-2xl font-bold text-brand">
        {t("account.forgot_title")}
      </h1>
      {message && (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={`mb-4 rounded p-3 text-sm ${message.kind === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-900"}`}
        >
          {message.text}
        </p>
      )}
      {email === null ? (
        <form method="post" onSubmit={requestCode} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t("account.forgot_intro")}</p>
          <Field label={t("account.email")} name="email" type="email" autoComplete="email" maxLength={50} error={errors.email} />
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("account.send_code")}
          </button>
        </form>
      ) : (
        <form method="post" onSubmit={reset} noValidate className="flex flex-col gap-4">
          <Field label={t("account.code")} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.code} />
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
          <button
            type="button"
            onClick={() => {
              setEmail(null);
              setMessage(null);
            }}
            className="text-sm text-brand underline"
          >
            {t("account.ask_again")}
          </button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link className="text-brand underline" to={localePath(lang, "/connexion")}>
          {t("account.login_title")}
        </Link>
      </p>
    </section>
  );
}
