// Customer groups and their price lists (decision 157): the groups with their members and entries; a group chosen
// (`?groupe=<id>`) shows its model prices by quantity tier and its category percentages. Everything on the page needs
// catalogue:write; each write is audited and carries the group's version (a stale form: 409). A customer's group is
// chosen on their page.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/groups";
import { priceGroupFormSchema } from "#core/validation/price-groups.ts";
import { formatUnitPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { titleMeta } from "./meta.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("pricing.title");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, "catalogue:write");
  const { db, staffPriceGroups } = context.services;
  const asked = Number(new URL(request.url).searchParams.get("groupe"));
  const [groups, shown, categories] = await Promise.all([
    staffPriceGroups.list(db),
    Number.isInteger(asked) && asked > 0 ? staffPriceGroups.detail(db, asked) : null,
    staffPriceGroups.categories(db, context.lang),
  ]);
  return { groups, shown, categories };
}

type Answer = FormFailure & { saved?: boolean; id?: number | null };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:write");
  const fields = await formFields(request);
  return formAction(context.lang, async (): Promise<Answer> => {
    const f = parseFields(priceGroupFormSchema, fields);
    const { id } = await context.services.staffPriceGroups.save(ctx, f);
    return { saved: true, id };
  });
}

const box = "rounded border border-line bg-white p-4";
const input = "rounded border border-line px-3 py-2 focus:border-brand focus:outline-none";

function Field({
  name,
  label,
  error,
  ...rest
}: { name: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useT();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input name={name} aria-invalid={error ? true : undefined} className={input} {...rest} />
      {error && (
        <span role="alert" className="text-red-700">
          {t(error)}
        </span>
      )}
    </label>
  );
}

export default function AdminGroups() {
  const { t, lang } = useT();
  const { groups, shown, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const err = (f: string) => answer?.fields?.[f];
  const hidden = (intent: string) =>
    shown && (
      <>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={shown.id} />
        <input type="hidden" name="version" value={shown.version} />
      </>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("pricing.title")}</PageTitle>
        <p className="mt-1 max-w-3xl text-sm text-muted">{t("pricing.intro")}</p>
      </div>
      <p role="status" className="text-sm text-green-800">
        {answer?.saved ? t("pricing.saved") : ""}
      </p>
      <Failure text={answer?.failure} />
      <section aria-labelledby="groups-list" className={box}>
        <h2 id="groups-list" className="mb-2 text-lg font-semibold">
          {t("pricing.groups")}
        </h2>
        {groups.length === 0 ? (
          <p className="text-sm text-muted">{t("pricing.groups_empty")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t("pricing.col_name")}</th>
                <th scope="col">{t("pricing.col_members")}</th>
                <th scope="col">{t("pricing.col_models")}</th>
                <th scope="col">{t("pricing.col_categories")}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id} className="border-t border-line">
                  <td>
                    <Link to={`${adminPath(lang, "/groupes")}?groupe=${g.id}`} className="text-brand underline">
                      {g.name}
                    </Link>
                  </td>
                  <td>{g.members}</td>
                  <td>{g.models}</td>
                  <td>{g.categories}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Form method="post" noValidate className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="create" />
          <Field name="name" label={t("pricing.new_group")} error={shown ? undefined : err("name")} maxLength={80} />
          <SubmitButton busy={busy}>{t("pricing.create")}</SubmitButton>
        </Form>
      </section>
      {shown && (
        <section aria-labelledby="group-detail" className={box}>
          <h2 id="group-detail" className="mb-2 text-lg font-semibold">
            {shown.name}
          </h2>
          <div className="flex flex-wrap items-end gap-4">
            <Form method="post" noValidate className="flex flex-wrap items-end gap-2" key={`r${shown.version}`}>
              {hidden("rename")}
              <Field name="name" label={t("pricing.col_name")} defaultValue={shown.name} error={err("name")} maxLength={80} />
              <SubmitButton busy={busy}>{t("pricing.rename")}</SubmitButton>
            </Form>
            <Form method="post" noValidate>
              {hidden("delete")}
              <SubmitButton busy={busy}>{t("pricing.delete")}</SubmitButton>
            </Form>
          </div>
          <h3 className="mt-4 font-semibold">{t("pricing.model_prices")}</h3>
          {shown.tiers.length === 0 ? (
            <p className="text-sm text-muted">{t("pricing.model_prices_empty")}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">{t("pricing.col_reference")}</th>
                  <th scope="col">{t("pricing.col_min_qty")}</th>
                  <th scope="col">{t("pricing.col_price")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.tiers.map((r) => (
                  <tr key={`${r.model_id}-${r.min_qty}`} className="border-t border-line">
                    <td>{r.reference}</td>
                    <td>{r.min_qty}</td>
                    <td>{formatUnitPrice(r.price, lang, "HT")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Form method="post" noValidate className="mt-2 flex flex-wrap items-end gap-2" key={`m${shown.version}`}>
            {hidden("model")}
            <Field name="reference" label={t("pricing.col_reference")} error={err("reference")} maxLength={40} />
            <Field name="min_qty" label={t("pricing.col_min_qty")} defaultValue="1" inputMode="numeric" error={err("min_qty")} />
            <Field name="price" label={t("pricing.col_price_input")} inputMode="decimal" error={err("price")} />
            <SubmitButton busy={busy}>{t("pricing.save_price")}</SubmitButton>
          </Form>
          <p className="mt-1 text-xs text-muted">{t("pricing.empty_removes")}</p>
          <h3 className="mt-4 font-semibold">{t("pricing.category_percents")}</h3>
          {shown.percents.length === 0 ? (
            <p className="text-sm text-muted">{t("pricing.category_percents_empty")}</p>
          ) : (
            <ul className="text-sm">
              {shown.percents.map((p) => (
                <li key={p.category_id}>
                  {t("pricing.category_percent_row", { name: p.name, percent: p.percent.replace(".", lang === "fr" ? "," : ".") })}
                </li>
              ))}
            </ul>
          )}
          <Form method="post" noValidate className="mt-2 flex flex-wrap items-end gap-2" key={`c${shown.version}`}>
            {hidden("category")}
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t("pricing.col_category")}
              <select name="category_id" className={input} aria-invalid={err("category_id") ? true : undefined}>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <Field name="percent" label={t("pricing.col_percent")} inputMode="decimal" error={err("percent")} />
            <SubmitButton busy={busy}>{t("pricing.save_percent")}</SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
