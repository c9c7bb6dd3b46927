// The catalogue's models (decision 154): searched by reference or product name (fr/zh), filtered by category,
// stock, not-for-sale and the product's flags, paged on the server (a GET form: it works without JavaScript); each
// reference links to its product's editor. Staff with `catalogue:write` tick models (or take every model the filters
// match), choose a bulk edit, see its preview (old → new per model) and apply it: one audited transaction, refused
// with 409 when a model changed since the preview.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue";
import { can } from "#core/staff/permissions.ts";
import { BULK_KINDS, PRODUCT_FLAGS, type BulkChange } from "#core/catalogue/editor.ts";
import {
  STOCK_FILTERS,
  bulkFormSchema,
  catalogueListSchema,
  filterParams,
  type CatalogueFilter,
} from "#core/validation/catalogue-editor.ts";
import { formatPrice } from "#core/price-format.ts";
import { percentText } from "#core/promotions/display.ts";
import { useT, type T } from "#app/lib/i18n.tsx";
import type { Lang } from "#core/lang.ts";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.catalogue_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "catalogue:read");
  const { db, staffCatalogue } = context.services;
  const filter = catalogueListSchema.parse(filterParams(new URL(request.url).searchParams));
  const [page, categories] = await Promise.all([
    staffCatalogue.list(db, filter, context.lang),
    staffCatalogue.categories(db, context.lang),
  ]);
  return { page, filter, categories, canWrite: can(staff.roles, "catalogue:write") };
}

type Preview = { count: number; changed: number; unchanged: number; shown: BulkChange[]; plan: string };
export type CatalogueAnswer = FormFailure & { preview?: Preview; applied?: number; sent?: Record<string, string | string[]> };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:write");
  const fields = await formFields(request);
  const filter = catalogueListSchema.parse(filterParams(fields));
  return formAction(ctx.lang, async (): Promise<CatalogueAnswer> => {
    const form = parseFields(bulkFormSchema, fields);
    const { staffCatalogue } = context.services;
    if (form.intent === "apply") return { applied: (await staffCatalogue.bulkApply(ctx, form, filter)).changed };
    const preview = await staffCatalogue.bulkPreview(ctx.db, form, filter, ctx.lang);
    // what the apply form sends again: the same action, models and filters, and the plan it must still be
    const sent: Record<string, string | string[]> = {};
    for (const k of ["kind", "percent", "bulk_stock", "bulk_flag", "target", "scope", "model"])
      if (fields[k] !== undefined) sent[k] = fields[k] as string | string[];
    return { preview, sent };
  });
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";
const th = "p-2 text-left";

/** "12,5000 € HT": the stored price, its four decimals shown. */
export const price4 = (v: string, lang: Lang) => formatPrice(v, lang, "HT", { minDigits: 4, maxDigits: 4 });

/** A filter's hidden copy in a POST form (the bulk edit's "every model matching the filters"). */
function FilterFields({ filter }: { filter: CatalogueFilter }) {
  return (
    <>
      {(["q", "category", "stock", "not_for_sale", "flag"] as const).map((k) =>
        filter[k] ? <input key={k} type="hidden" name={k} value={String(filter[k])} /> : null,
      )}
    </>
  );
}

export default function AdminCatalogue() {
  const { t, lang } = useT();
  const { page, filter, categories, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<CatalogueAnswer>();
  const busy = useNavigation().state === "submitting";
  const base = adminPath(lang, "/catalogue");
  const href = (n: number) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filter, page: n }))
      if (v !== "" && v !== undefined && !(k === "page" && v === 1)) p.set(k, String(v));
    const q = p.toString();
    return base + (q ? `?${q}` : "");
  };
  const categoryName = new Map(categories.map((c) => [String(c.id), c.name]));
  const refusal = answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined);
  return (
    <>
      <PageTitle>{t("admin.catalogue_title")}</PageTitle>
      <p className="mb-4 text-sm">
        <Link to={adminPath(lang, "/catalogue/categories")} className="text-brand underline">
          {t("admin.categories_link")}
        </Link>
      </p>
      <Form method="get" className="mb-6 rounded border border-line bg-white p-4" aria-label={t("admin.catalogue_filters")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <label className={`${field} sm:col-span-2`}>
            <span className="font-medium">{t("admin.catalogue_search")}</span>
            <input
              type="search"
              name="q"
              defaultValue={filter.q}
              maxLength={100}
              placeholder={t("admin.catalogue_search_hint")}
              className={input}
            />
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.catalogue_category")}</span>
            <select name="category" defaultValue={filter.category ?? ""} className={input}>
              <option value="">{t("admin.catalogue_all")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.catalogue_stock_filter")}</span>
            <select name="stock" defaultValue={filter.stock} className={input}>
              {STOCK_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`admin.catalogue_stock_${s || "all"}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.catalogue_flag_filter")}</span>
            <select name="flag" defaultValue={filter.flag} className={input}>
              <option value="">{t("admin.catalogue_all")}</option>
              {PRODUCT_FLAGS.map((f) => (
                <option key={f} value={f}>
                  {t(`admin.catalogue_flag_${f}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="not_for_sale" value="1" defaultChecked={filter.not_for_sale === "1"} />
            {t("admin.catalogue_not_for_sale_only")}
          </label>
        </div>
        <button type="submit" className="mt-4 rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.catalogue_filter_submit")}
        </button>
      </Form>

      <p className="mb-2 text-sm" data-total={page.total}>
        {t("admin.catalogue_count", { count: page.total })}
      </p>

      {answer?.applied !== undefined && (
        <p role="status" className="mb-4 rounded bg-green-50 p-3 text-sm text-green-800">
          {t("admin.catalogue_bulk_applied", { count: answer.applied })}
        </p>
      )}
      {answer?.preview && answer.sent && (
        <BulkPreviewPanel preview={answer.preview} sent={answer.sent} filter={filter} categoryName={categoryName} busy={busy} />
      )}

      <Form method="post" aria-label={t("admin.catalogue_list")}>
        <FilterFields filter={filter} />
        {canWrite && (
          <fieldset className="mb-4 rounded border border-line bg-white p-4">
            <legend className="px-1 font-semibold">{t("admin.catalogue_bulk_title")}</legend>
            <Failure text={refusal} />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
              <label className={field}>
                <span className="font-medium">{t("admin.catalogue_bulk_kind")}</span>
                <select name="kind" className={input} defaultValue={String(answer?.sent?.kind ?? "price_percent")}>
                  {BULK_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`admin.catalogue_bulk_${k}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className={field}>
                <span className="font-medium">{t("admin.catalogue_bulk_percent")}</span>
                <input name="percent" inputMode="decimal" placeholder="-5" className={input} />
              </label>
              <label className={field}>
                <span className="font-medium">{t("admin.catalogue_bulk_stock")}</span>
                <input name="bulk_stock" inputMode="numeric" className={input} />
              </label>
              <label className={field}>
                <span className="font-medium">{t("admin.catalogue_bulk_flag")}</span>
                <select name="bulk_flag" className={input}>
                  {PRODUCT_FLAGS.map((f) => (
                    <option key={f} value={f}>
                      {t(`admin.catalogue_flag_${f}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className={field}>
                <span className="font-medium">{t("admin.catalogue_bulk_target")}</span>
                <select name="target" className={input}>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" value="selected" defaultChecked />
                {t("admin.catalogue_scope_selected")}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" value="filter" />
                {t("admin.catalogue_scope_filter", { count: page.total })}
              </label>
              <button
                type="submit"
                name="intent"
                value="preview"
                disabled={busy}
                className="rounded border border-brand px-3 py-1 font-semibold text-brand hover:bg-paper disabled:opacity-60"
              >
                {t("admin.catalogue_bulk_preview")}
              </button>
            </div>
          </fieldset>
        )}
        {page.list.length === 0 ? (
          <p className="text-sm text-muted">{t("admin.catalogue_empty")}</p>
        ) : (
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">{t("admin.catalogue_list")}</caption>
            <thead>
              <tr className="border-b border-line">
                {canWrite && (
                  <th scope="col" className={th}>
                    <span className="sr-only">{t("admin.catalogue_select")}</span>
                  </th>
                )}
                <th scope="col" className={th}>
                  {t("admin.catalogue_col_reference")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.catalogue_col_product")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("admin.catalogue_col_price")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("admin.catalogue_col_vat")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("admin.catalogue_col_stock")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.catalogue_col_flags")}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((m) => (
                <tr key={m.id} className="border-b border-line" data-reference={m.reference}>
                  {canWrite && (
                    <td className="p-2">
                      <input
                        type="checkbox"
                        name="model"
                        value={m.id}
                        aria-label={t("admin.catalogue_select_one", { reference: m.reference })}
                      />
                    </td>
                  )}
                  <th scope="row" className="p-2 font-mono font-medium">
                    <Link to={adminPath(lang, `/catalogue/produits/${m.product_id}`)} className="text-brand underline">
                      {m.reference}
                    </Link>
                  </th>
                  <td className="p-2">
                    {m.name}
                    {m.label && <span className="text-muted"> · {m.label}</span>}
                  </td>
                  <td className="p-2 text-right whitespace-nowrap">{price4(m.price, lang)}</td>
                  <td className="p-2 text-right">{percentText(m.vat, lang)}</td>
                  <td className="p-2 text-right">{m.stock}</td>
                  <td className="p-2">{flagsText(t, m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Form>
      <Pager page={page} label={t("admin.catalogue_pages")} href={href} />
    </>
  );
}

function flagsText(t: T, m: { is_new: boolean; best_selling: boolean; price_drop: boolean; not_for_sale: boolean; active: boolean }) {
  return [
    ...PRODUCT_FLAGS.filter((f) => m[f]).map((f) => t(`admin.catalogue_flag_${f}`)),
    ...(m.not_for_sale ? [t("admin.catalogue_not_for_sale")] : []),
    ...(m.active ? [] : [t("admin.catalogue_hidden")]),
  ].join(" · ");
}

/** A change's value in words: a price with its four decimals, a flag yes/no, a category by its name. */
function valueText(t: T, lang: Lang, c: BulkChange, v: string, categoryName: Map<string, string>) {
  if (c.field === "price") return price4(v, lang);
  if (c.field === "category_id") return categoryName.get(v) ?? v;
  if (c.field === "stock") return v;
  return t(v === "true" ? "admin.catalogue_yes" : "admin.catalogue_no");
}

function BulkPreviewPanel({
  preview,
  sent,
  filter,
  categoryName,
  busy,
}: {
  preview: Preview;
  sent: Record<string, string | string[]>;
  filter: CatalogueFilter;
  categoryName: Map<string, string>;
  busy: boolean;
}) {
  const { t, lang } = useT();
  return (
    <section aria-labelledby="bulk-preview" className="mb-6 rounded border border-brand bg-white p-4" data-preview-plan={preview.plan}>
      <h2 id="bulk-preview" className="mb-2 text-lg font-semibold">
        {t("admin.catalogue_preview_title")}
      </h2>
      <p role="status" className="mb-2 text-sm">
        {t("admin.catalogue_preview_counts", { count: preview.count, changed: preview.changed, unchanged: preview.unchanged })}
      </p>
      {preview.shown.length > 0 && (
        <table className="mb-3 w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={th}>
                {t("admin.catalogue_col_reference")}
              </th>
              <th scope="col" className={th}>
                {t("admin.catalogue_col_product")}
              </th>
              <th scope="col" className={th}>
                {t("admin.catalogue_preview_change")}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.shown.map((c) => (
              <tr key={c.id} className="border-b border-line">
                <th scope="row" className="p-2 font-mono font-medium">
                  {c.reference}
                </th>
                <td className="p-2">{c.name}</td>
                <td className="p-2">
                  <del>{valueText(t, lang, c, c.old, categoryName)}</del> → <ins>{valueText(t, lang, c, c.new, categoryName)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.changed > preview.shown.length && (
        <p className="mb-2 text-sm text-muted">{t("admin.catalogue_preview_more", { count: preview.changed - preview.shown.length })}</p>
      )}
      {preview.changed > 0 && (
        <Form method="post">
          <FilterFields filter={filter} />
          {Object.entries(sent).flatMap(([k, v]) =>
            (Array.isArray(v) ? v : [v]).map((x, i) => <input key={`${k}${i}`} type="hidden" name={k} value={x} />),
          )}
          <input type="hidden" name="plan" value={preview.plan} />
          <button
            type="submit"
            name="intent"
            value="apply"
            disabled={busy}
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {t("admin.catalogue_bulk_apply", { count: preview.changed })}
          </button>
        </Form>
      )}
    </section>
  );
}
