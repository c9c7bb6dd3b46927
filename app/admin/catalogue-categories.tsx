// The category tree (decision 156): every category under ACCUEIL in reading order, each with its form — French and
// Chinese names, visibility (a hidden category and everything below it leave the storefront's menu and lists),
// parent (the category moves with its subtree; never under itself or a descendant, never below level 3) and rank
// among its siblings — and a form that creates a category. Each form carries the revision it was made from: a
// category changed since gets 409 and its message, nothing written. Readers without `catalogue:write` see no form.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue-categories";
import { can } from "#core/staff/permissions.ts";
import { CATEGORY_LEVEL_MAX } from "#core/catalogue/category-tree.ts";
import { NAME_MAX, categoryCreateSchema, categoryFormSchema } from "#core/validation/catalogue-editor.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.categories_title");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "catalogue:read");
  const { db, staffCatalogue } = context.services;
  return { tree: await staffCatalogue.categoryTree(db, context.lang), canWrite: can(staff.roles, "catalogue:write") };
}

type CategoryTreeRow = Route.ComponentProps["loaderData"]["tree"][number];

export type CategoriesAnswer = FormFailure & { saved?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:write");
  const fields = await formFields(request);
  const { staffCatalogue } = context.services;
  if (fields.intent === "create")
    return formAction(
      ctx.lang,
      async (): Promise<CategoriesAnswer> => {
        await staffCatalogue.createCategory(ctx, parseFields(categoryCreateSchema, fields));
        return { saved: "create", form: "create" };
      },
      "create",
    );
  const form = `category-${String(fields.id ?? "")}`;
  return formAction(
    ctx.lang,
    async (): Promise<CategoriesAnswer> => {
      await staffCatalogue.saveCategory(ctx, parseFields(categoryFormSchema, fields));
      return { saved: form, form };
    },
    form,
  );
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

function FieldError({ id, error }: { id: string; error?: string }) {
  const { t } = useT();
  return error ? (
    <span id={`${id}-error`} role="alert" className="text-red-700">
      {t(error)}
    </span>
  ) : null;
}

/** Names, parent and visibility: the fields a new category and an edited one share. */
function CategoryFields({
  prefix,
  c,
  parents,
  errors,
}: {
  prefix: string;
  c?: CategoryTreeRow;
  parents: { id: number; label: string }[];
  errors?: Record<string, string>;
}) {
  const { t } = useT();
  const text = (name: "name_fr" | "name_zh", required: boolean) => (
    <label className={field}>
      <span className="font-medium">{t(`admin.catalogue_${name}`)}</span>
      <input
        id={`${prefix}-${name}`}
        name={name}
        defaultValue={c?.[name] ?? ""}
        required={required}
        maxLength={NAME_MAX}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={errors?.[name] ? `${prefix}-${name}-error` : undefined}
        className={input}
      />
      <FieldError id={`${prefix}-${name}`} error={errors?.[name]} />
    </label>
  );
  return (
    <>
      {text("name_fr", true)}
      {text("name_zh", false)}
      <label className={field}>
        <span className="font-medium">{t("admin.category_parent")}</span>
        <select name="parent" defaultValue={c?.parent_id ?? parents[0]?.id} className={input}>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-parent`} error={errors?.parent} />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="visible" defaultChecked={c?.visible ?? true} />
        {t("admin.category_visible")}
      </label>
    </>
  );
}

export default function AdminCatalogueCategories() {
  const { t, lang } = useT();
  const { tree, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<CategoriesAnswer>();
  const busy = useNavigation().state === "submitting";
  const mine = (form: string) => (answer?.form === form ? answer : undefined);
  // a parent holds children down to level 3: the root (first level) and the categories of levels 1 and 2
  const parents = tree
    .filter((c) => c.level < CATEGORY_LEVEL_MAX)
    .map((c) => ({ id: c.id, label: c.level === 0 ? t("admin.category_root") : c.path }));
  const submit = (label: string) => (
    <button
      type="submit"
      disabled={busy}
      className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
    >
      {t(label)}
    </button>
  );
  const created = mine("create");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={adminPath(lang, "/catalogue")} className="text-brand underline">
          {t("admin.catalogue_back")}
        </Link>
      </p>
      <PageTitle>{t("admin.categories_title")}</PageTitle>

      {canWrite && (
        <Form method="post" className="mb-8 rounded border border-line bg-white p-4" aria-label={t("admin.category_create")}>
          <fieldset className="flex flex-col gap-4">
            <legend className="px-1 font-semibold">{t("admin.category_create")}</legend>
            <input type="hidden" name="intent" value="create" />
            <Failure text={created?.failure} />
            {created?.saved && (
              <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
                {t("admin.category_created")}
              </p>
            )}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <CategoryFields prefix="create" parents={parents} errors={created?.fields} />
            </div>
            <div>{submit("admin.category_create_submit")}</div>
          </fieldset>
        </Form>
      )}

      <ul aria-label={t("admin.categories_tree")} className="flex flex-col gap-1">
        {tree
          .filter((c) => c.level > 0)
          .map((c) => {
            const form = `category-${c.id}`;
            const a = mine(form);
            return (
              <li key={c.id} style={{ marginLeft: `${(c.level - 1) * 1.5}rem` }} className="rounded border border-line bg-white">
                <details open={!!a}>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-3 p-2">
                    <span className="font-medium">{c.name}</span>
                    {lang === "fr" && c.name_zh && <span className="text-sm text-muted">{c.name_zh}</span>}
                    <span className="text-xs text-muted">{t("admin.category_products", { count: c.products })}</span>
                    {!c.visible && <span className="rounded bg-paper px-2 text-xs">{t("admin.catalogue_hidden")}</span>}
                  </summary>
                  {canWrite && (
                    <Form
                      method="post"
                      id={form}
                      className="border-t border-line p-4"
                      aria-label={t("admin.category_form", { name: c.name })}
                    >
                      <fieldset className="flex flex-col gap-4">
                        <input type="hidden" name="intent" value="edit" />
                        <input type="hidden" name="id" value={c.id} />
                        <input type="hidden" name="revision" value={c.revision} />
                        <Failure text={a?.failure} />
                        {a?.saved && (
                          <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
                            {t("admin.catalogue_saved")}
                          </p>
                        )}
                        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
                          <CategoryFields prefix={form} c={c} parents={parents.filter((p) => p.id !== c.id)} errors={a?.fields} />
                          <label className={field}>
                            <span className="font-medium">{t("admin.category_rank")}</span>
                            <input name="rank" inputMode="numeric" defaultValue={c.rank} required className={input} />
                            <FieldError id={`${form}-rank`} error={a?.fields?.rank} />
                          </label>
                        </div>
                        <div>{submit("admin.category_save")}</div>
                      </fieldset>
                    </Form>
                  )}
                </details>
              </li>
            );
          })}
      </ul>
    </>
  );
}
