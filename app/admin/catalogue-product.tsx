// A product in the catalogue editor (decision 154): its fr/zh name and description, category, flags and visibility,
// then each of its models in its own form (reference, labels, unit, prices HT with 4 decimals, VAT, weight, volume,
// dimensions, stock, maximum purchasable quantity, not-for-sale, carrier restriction, storage location). Each form
// carries the revision it was made from: a row changed since gets 409 and its message, nothing written. Readers
// without `catalogue:write` see the forms disabled; the server refuses their posts (403).
import { Link, useActionData, useLoaderData, useNavigation, Form } from "react-router";
import type { Route } from "./+types/catalogue-product";
import { data } from "react-router";
import { can } from "#core/staff/permissions.ts";
import {
  modelFormSchema,
  productFormSchema,
  productImageSchema,
  DESCRIPTION_MAX,
  NAME_MAX,
  REFERENCE_MAX,
  UNIT_MAX,
} from "#core/validation/catalogue-editor.ts";
import { PRODUCT_FLAGS } from "#core/catalogue/editor.ts";
import { fileMoney, filePercent } from "#core/catalogue/import-csv.ts";
import { productUrl } from "#core/slug.ts";
import { intField } from "#core/validation/common.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { IMAGE_MAX_BYTES } from "#core/catalogue/product-image.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, parseFields, textFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.catalogue_product_title");

const idOf = (raw: string | undefined) => {
  const r = intField("").safeParse(raw);
  if (!r.success) throw data(null, { status: 404 });
  return r.data;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "catalogue:read");
  const { db, staffCatalogue } = context.services;
  const [found, categories] = await Promise.all([staffCatalogue.product(db, idOf(params.id)), staffCatalogue.categories(db, context.lang)]);
  if (!found) throw data(null, { status: 404 });
  return { ...found, categories, canWrite: can(staff.roles, "catalogue:write") };
}

export type ProductAnswer = FormFailure & { saved?: string };

/** An image's multipart body: the file and the form's framing. */
const MAX_IMAGE_BODY = IMAGE_MAX_BYTES + 64 * 1024;

export async function action({ context, request, params }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:write"); // checked before the body is read
  const id = idOf(params.id);
  // a multipart body is read whole by formData(): its announced size is bounded first (browsers always announce it)
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    if (!(length <= MAX_IMAGE_BODY))
      return data<ProductAnswer>(
        { failure: translate(ctx.lang, "admin.image_too_big", { max: IMAGE_MAX_BYTES / 1024 / 1024 }), form: "image" },
        { status: 413 },
      );
  }
  const body = await request.formData().catch(() => new FormData());
  const fields = textFields(body);
  const { staffCatalogue } = context.services;
  if (fields.intent === "image")
    return formAction(
      ctx.lang,
      async (): Promise<ProductAnswer> => {
        const f = parseFields(productImageSchema, { ...fields, id: String(id) });
        const file = body.get("image");
        if (!file || typeof file === "string" || file.size === 0) throw refused("admin.image_missing");
        await staffCatalogue.saveProductImage(ctx, f, new Uint8Array(await file.arrayBuffer()));
        return { saved: "image", form: "image" };
      },
      "image",
    );
  if (fields.intent === "model") {
    const form = `model-${String(fields.id ?? "")}`;
    return formAction(
      ctx.lang,
      async (): Promise<ProductAnswer> => {
        const f = parseFields(modelFormSchema, fields);
        const m = await staffCatalogue.product(ctx.db, id);
        // a model is edited on its own product's page only
        if (!m?.models.some((x) => x.id === f.id)) throw notFound("admin.catalogue_not_found");
        await staffCatalogue.saveModel(ctx, f);
        return { saved: form, form };
      },
      form,
    );
  }
  return formAction(
    ctx.lang,
    async (): Promise<ProductAnswer> => {
      const f = parseFields(productFormSchema, { ...fields, id: String(id) });
      await staffCatalogue.saveProduct(ctx, f);
      return { saved: "product", form: "product" };
    },
    "product",
  );
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

function Field({
  name,
  label,
  defaultValue,
  errors,
  prefix,
  ...rest
}: {
  name: string;
  label: string;
  defaultValue: string | number | null;
  errors?: Record<string, string>;
  prefix: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "defaultValue">) {
  const { t } = useT();
  const error = errors?.[name];
  const id = `${prefix}-${name}`;
  return (
    <label className={field}>
      <span className="font-medium">{t(label)}</span>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={input}
        {...rest}
      />
      {error && (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          {t(error)}
        </span>
      )}
    </label>
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  const { t } = useT();
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} />
      {t(label)}
    </label>
  );
}

export default function AdminCatalogueProduct() {
  const { t, lang } = useT();
  const { product: p, models, categories, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<ProductAnswer>();
  const busy = useNavigation().state === "submitting";
  const mine = (form: string) => (answer?.form === form ? answer : undefined);
  const productAnswer = mine("product");
  const title = p.name_fr || p.reference;
  const submit = (label: string) =>
    canWrite && (
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
      >
        {t(label)}
      </button>
    );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={adminPath(lang, "/catalogue")} className="text-brand underline">
          {t("admin.catalogue_back")}
        </Link>
        {" · "}
        <a href={productUrl(lang, { id: p.id, name: (lang === "zh" && p.name_zh) || p.name_fr })} className="text-brand underline">
          {t("admin.catalogue_see_in_shop")}
        </a>
      </p>
      <PageTitle>{t("admin.catalogue_product_heading", { name: title, reference: p.reference })}</PageTitle>

      <Form method="post" className="mb-8 rounded border border-line bg-white p-4" aria-label={t("admin.catalogue_product_form")}>
        <fieldset disabled={!canWrite} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="product" />
          <input type="hidden" name="revision" value={p.revision} />
          <Failure text={productAnswer?.failure} />
          {productAnswer?.saved && (
            <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
              {t("admin.catalogue_saved")}
            </p>
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              prefix="product"
              name="name_fr"
              label="admin.catalogue_name_fr"
              defaultValue={p.name_fr}
              errors={productAnswer?.fields}
              required
              maxLength={NAME_MAX}
            />
            <Field
              prefix="product"
              name="name_zh"
              label="admin.catalogue_name_zh"
              defaultValue={p.name_zh}
              errors={productAnswer?.fields}
              maxLength={NAME_MAX}
            />
            {(["description_fr", "description_zh"] as const).map((k) => (
              <label key={k} className={field}>
                <span className="font-medium">{t(`admin.catalogue_${k}`)}</span>
                <textarea name={k} rows={4} defaultValue={p[k]} maxLength={DESCRIPTION_MAX} className={input} />
                {productAnswer?.fields?.[k] && (
                  <span role="alert" className="text-red-700">
                    {t(productAnswer.fields[k])}
                  </span>
                )}
              </label>
            ))}
            <label className={field}>
              <span className="font-medium">{t("admin.catalogue_category")}</span>
              <select name="category" defaultValue={p.category_id} className={input}>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex flex-wrap items-center gap-4">
              {PRODUCT_FLAGS.map((f) => (
                <Check key={f} name={f} label={`admin.catalogue_flag_${f}`} checked={p[f]} />
              ))}
              <Check name="active" label="admin.catalogue_active" checked={p.active} />
            </div>
          </div>
          <div>{submit("admin.catalogue_save_product")}</div>
        </fieldset>
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mb-8 rounded border border-line bg-white p-4"
        aria-label={t("admin.image_title")}
      >
        <fieldset disabled={!canWrite} className="flex flex-col gap-4">
          <legend className="px-1 font-semibold">{t("admin.image_title")}</legend>
          <input type="hidden" name="intent" value="image" />
          <input type="hidden" name="revision" value={p.revision} />
          <Failure text={mine("image")?.failure} />
          {mine("image")?.saved && (
            <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
              {t("admin.image_saved")}
            </p>
          )}
          <div className="flex flex-wrap items-end gap-4">
            <img
              src={p.img ?? "/images/placeholder.svg"}
              alt={t("admin.image_current")}
              width={158}
              height={129}
              className="aspect-[315/257] w-40 rounded border border-line bg-paper object-contain"
            />
            <label className={field}>
              <span className="font-medium">{t("admin.image_file", { max: IMAGE_MAX_BYTES / 1024 / 1024 })}</span>
              <input type="file" name="image" required accept="image/jpeg,image/png,image/webp" className="text-sm" />
            </label>
            {submit("admin.image_submit")}
          </div>
        </fieldset>
      </Form>

      <h2 className="mb-3 text-xl font-semibold">{t("admin.catalogue_models", { count: models.length })}</h2>
      {models.map((m) => {
        const form = `model-${m.id}`;
        const a = mine(form);
        const fields = a?.fields;
        const f = (
          name: string,
          label: string,
          value: string | number | null,
          extra: Omit<React.InputHTMLAttributes<HTMLInputElement>, "defaultValue"> = {},
        ) => <Field prefix={form} name={name} label={label} defaultValue={value} errors={fields} {...extra} />;
        return (
          <Form
            key={m.id}
            method="post"
            id={form}
            className="mb-6 rounded border border-line bg-white p-4"
            aria-label={t("admin.catalogue_model_form", { reference: m.reference })}
          >
            <fieldset disabled={!canWrite} className="flex flex-col gap-4">
              <legend className="font-mono font-semibold">{m.reference}</legend>
              <input type="hidden" name="intent" value="model" />
              <input type="hidden" name="id" value={m.id} />
              <input type="hidden" name="revision" value={m.revision} />
              <Failure text={a?.failure} />
              {a?.saved && (
                <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
                  {t("admin.catalogue_saved")}
                </p>
              )}
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {f("reference", "admin.catalogue_col_reference", m.reference, { required: true, maxLength: REFERENCE_MAX })}
                {f("label_fr", "admin.catalogue_label_fr", m.label_fr, { maxLength: NAME_MAX })}
                {f("label_zh", "admin.catalogue_label_zh", m.label_zh, { maxLength: NAME_MAX })}
                {f("unit", "admin.catalogue_unit", m.unit, { required: true, maxLength: UNIT_MAX })}
                {f("unit_qty", "admin.catalogue_unit_qty", m.unit_qty, { inputMode: "numeric", required: true })}
                {f("price", "admin.catalogue_price", fileMoney(m.price), { inputMode: "decimal", required: true })}
                {f("site_price", "admin.catalogue_site_price", fileMoney(m.site_price), { inputMode: "decimal", required: true })}
                {f("vat", "admin.catalogue_vat", filePercent(m.vat), { inputMode: "decimal", required: true })}
                {f("weight", "admin.catalogue_weight", m.weight.replace(".", ","), { inputMode: "decimal", required: true })}
                {f("volume", "admin.catalogue_volume", m.volume.replace(".", ","), { inputMode: "decimal", required: true })}
                {f("length_mm", "admin.catalogue_length", m.length_mm, { inputMode: "numeric" })}
                {f("width_mm", "admin.catalogue_width", m.width_mm, { inputMode: "numeric" })}
                {f("height_mm", "admin.catalogue_height", m.height_mm, { inputMode: "numeric" })}
                {f("stock", "admin.catalogue_col_stock", m.stock, { inputMode: "numeric", required: true })}
                {f("purchasable_qty", "admin.catalogue_purchasable", m.purchasable_qty, { inputMode: "numeric", required: true })}
                {f("location", "admin.catalogue_location", m.location, { maxLength: 19 })}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <Check name="not_for_sale" label="admin.catalogue_not_for_sale" checked={m.not_for_sale} />
                <Check name="non_gls" label="admin.catalogue_non_gls" checked={m.non_gls} />
              </div>
              <div>{submit("admin.catalogue_save_model")}</div>
            </fieldset>
          </Form>
        );
      })}
    </>
  );
}
