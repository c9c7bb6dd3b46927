import type { Route } from "./+types/identity";
import { emailChangeSchema, identityUpdateSchema } from "#core/validation/account.ts";
import { passwordChangeSchema } from "#core/validation/password.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { requireCustomer } from "#app/lib/guard.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { Field } from "#app/components/account/field.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export function loader({ context, url }: Route.LoaderArgs) {
  const c = requireCustomer(context, url);
  return {
    mustChange: c.mustChangePassword,
    title: c.title,
    first_name: c.firstName,
    last_name: c.lastName,
    company: c.company ?? "",
    phone: c.phone ?? "",
    siret: c.siret ?? "",
    vat_number: c.vatNumber ?? "",
    email: c.email,
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.identity_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

const box = "flex flex-col gap-4 rounded border border-line p-5";
const primary = "self-start rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60";
const Failure = ({ text }: { text: string | null }) =>
  text ? (
    <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
      {text}
    </p>
  ) : null;

export default function Identity({ loaderData: me }: Route.ComponentProps) {
  const { t } = useT();
  const identity = useApiForm(identityUpdateSchema, "/site/Customer/editIdentity", { reset: false });
  const email = useApiForm(emailChangeSchema, "/site/Customer/changeEmail");
  const password = useApiForm(passwordChangeSchema, "/site/Customer/changePassword");

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("account.identity_title")}</h1>
      {me.mustChange && (
        <p role="alert" className="rounded bg-amber-50 p-3 text-amber-900">
          {t("account.must_change_password")}
        </p>
      )}
      <form
        method="post"
        onSubmit={identity.onSubmit}
        noValidate
        className={`${box} md:grid md:grid-cols-2`}
        aria-label={t("account.identity_title")}
      >
        <fieldset className="md:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t("account.title")}</legend>
          <div className="flex gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name="title" value="M" defaultChecked={me.title === "M"} /> {t("account.title_m")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="title" value="Mme" defaultChecked={me.title === "Mme"} /> {t("account.title_mme")}
            </label>
          </div>
        </fieldset>
        <Field
          label={t("account.first_name")}
          name="first_name"
          defaultValue={me.first_name}
          maxLength={50}
          error={identity.errors.first_name}
        />
        <Field
          label={t("account.last_name")}
          name="last_name"
          defaultValue={me.last_name}
          maxLength={50}
          error={identity.errors.last_name}
        />
        <Field label={t("account.company")} name="company" defaultValue={me.company} maxLength={100} error={identity.errors.company} />
        <Field label={t("account.phone")} name="phone" type="tel" defaultValue={me.phone} maxLength={20} error={identity.errors.phone} />
        <Field label={t("account.siret")} name="siret" defaultValue={me.siret} maxLength={20} error={identity.errors.siret} />
        <Field
          label={t("account.vat_number")}
          name="vat_number"
          defaultValue={me.vat_number}
          maxLength={20}
          error={identity.errors.vat_number}
        />
        <Failure text={identity.failure} />
        <button type="submit" disabled={identity.busy} className={primary}>
          {t("account.identity_save")}
        </button>
      </form>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <form method="post" onSubmit={email.onSubmit} noValidate className={box} aria-labelledby="email-title">
          <h2 id="email-title" className="text-lg font-semibold">
            {t("account.email_title")}
          </h2>
          <p className="text-sm text-muted">{t("account.email_intro")}</p>
          <Field
            label={t("account.email")}
            name="email"
            type="email"
            defaultValue={me.email}
            key={me.email}
            maxLength={50}
            error={email.errors.email}
          />
          <Field
            label={t("account.current_password")}
            name="current"
            type="password"
            autoComplete="current-password"
            error={email.errors.current}
          />
          <Failure text={email.failure} />
          <button type="submit" disabled={email.busy} className={primary}>
            {t("account.email_save")}
          </button>
        </form>
        <form method="post" onSubmit={password.onSubmit} noValidate className={box} aria-labelledby="password-title">
          <h2 id="password-title" className="text-lg font-semibold">
            {t("account.password_title")}
          </h2>
          <Field
            label={t("account.current_password")}
            name="current"
            type="password"
            autoComplete="current-password"
            error={password.errors.current}
          />
          <Field
            label={t("account.new_password")}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={16}
            hint={t("account.password_rules")}
            error={password.errors.password}
          />
          <Field
            label={t("account.confirm")}
            name="confirm"
            type="password"
            autoComplete="new-password"
            maxLength={16}
            error={password.errors.confirm}
          />
          <Failure text={password.failure} />
          <button type="submit" disabled={password.busy} className={primary}>
            {t("account.password_save")}
          </button>
        </form>
      </div>
    </div>
  );
}
