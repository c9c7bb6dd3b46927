// One content page's form (decision 155): address name, fr and zh title and formatted text, footer link, position;
// "nouvelle" creates one. The text is sanitised on save (only headings, paragraphs, lists, tables, strong/em and
// safe links stay); a page changed meanwhile by someone else is refused (409), nothing overwritten.
import { Form, Link, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/content-page";
import { contentPageFormSchema, contentPageRefSchema } from "#core/validation/content.ts";
import { contentUrl } from "#core/slug.ts";
import { refused } from "#core/domain-errors.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.content_title");

const NEW = "nouvelle";
const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** The page's id from the address, null for a new page; anything else is not a page. */
function pageId(param: string | undefined): number | null {
  if (param === NEW) return null;
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) throw notFound();
  return Number(param);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "content:write");
  const id = pageId(params.id);
  const saved = new URL(request.url).searchParams.has("enregistree");
  if (id === null) return { page: null, saved: false };
  const page = await context.services.staffContent.page({ db: context.services.db, staff }, id).catch((e: { kind?: string }) => {
    throw e.kind === "not_found" ? notFound() : e;
  });
  return { page: { ...page, url: contentUrl(context.lang, { id: page.id, name: page.slug }) }, saved };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "content:write");
  const id = pageId(params.id);
  const fields = await formFields(request);
  const service = context.services.staffContent;
  return formAction(context.lang, async () => {
    if (fields.intent === "delete") {
      if (id === null) throw refused("admin.content_not_found");
      const { version } = parseFields(contentPageRefSchema, { ...fields, id });
      await service.deletePage(ctx, id, version);
      return redirect(`${adminPath(context.lang, "/contenu")}?supprimee`);
    }
    const form = parseFields(contentPageFormSchema, fields);
    const saved = await service.savePage(ctx, id, form);
    if (id === null) return redirect(`${adminPath(context.lang, `/contenu/${saved.id}`)}?enregistree`);
    return { saved: true };
  });
}

const input = "w-full rounded border border-line px-3 py-2";

export default function AdminContentPage() {
  const { t, lang } = useT();
  const { page, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { saved?: boolean }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = (name: string) => answer?.fields?.[name];
  const field = (name: string, label: string, value: string, opts: { hint?: string; area?: boolean; narrow?: boolean } = {}) => {
    const id = `content-${name}`;
    const e = error(name);
    const common = {
      id,
      name,
      defaultValue: value,
      "aria-invalid": e ? true : undefined,
      "aria-describedby": e ? `${id}-error` : opts.hint ? `${id}-hint` : undefined,
      className: opts.narrow ? "w-32 rounded border border-line px-3 py-2" : input,
    };
    return (
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {opts.area ? <textarea rows={12} {...common} className={`${input} font-mono`} /> : <input {...common} />}
        {opts.hint && !e && (
          <span id={`${id}-hint`} className="text-xs text-muted">
            {opts.hint}
          </span>
        )}
        {e && (
          <span id={`${id}-error`} className="text-xs text-red-800">
            {t(e)}
          </span>
        )}
      </div>
    );
  };
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={adminPath(lang, "/contenu")} className="text-brand underline">
          {t("admin.content_back")}
        </Link>
      </p>
      <PageTitle>
        {page ? t("admin.content_edit_title", { title: page.title[lang] || page.title.fr }) : t("admin.content_new_title")}
      </PageTitle>
      {page && (
        <p className="mb-2 text-sm">
          <a href={page.url} className="text-brand underline">
            {t("admin.content_view")}
          </a>
        </p>
      )}
      <p role="status" className="text-sm text-green-800">
        {answer?.saved || (saved && !answer) ? t("admin.content_saved") : ""}
      </p>
      <Failure text={answer?.failure ?? (answer?.fields ? t("admin.content_refused") : undefined)} />
      {/* keyed by the version: a saved change starts a fresh form with the stored (sanitised) text */}
      <Form key={page?.version ?? NEW} method="post" className="mt-2 flex max-w-4xl flex-col gap-4 rounded border border-line bg-white p-4">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={page?.version ?? ""} />
        {field("slug", t("admin.content_slug"), page?.slug ?? "", { hint: t("admin.content_slug_hint") })}
        {field("title_fr", t("admin.content_title_fr"), page?.title.fr ?? "")}
        {field("body_fr", t("admin.content_body_fr"), page?.body.fr ?? "", { area: true, hint: t("admin.content_body_hint") })}
        {field("title_zh", t("admin.content_title_zh"), page?.title.zh ?? "")}
        {field("body_zh", t("admin.content_body_zh"), page?.body.zh ?? "", { area: true, hint: t("admin.content_body_hint") })}
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="in_footer" defaultChecked={page?.inFooter ?? true} />
          {t("admin.content_in_footer")}
        </label>
        {field("position", t("admin.content_position"), String(page?.position ?? 0), {
          hint: t("admin.content_position_hint"),
          narrow: true,
        })}
        <div>
          <SubmitButton busy={busy}>{t("admin.content_save")}</SubmitButton>
        </div>
      </Form>
      {page && (
        <Form
          key={`delete-${page.version}`}
          method="post"
          className="mt-6"
          onSubmit={(e) => {
            if (!window.confirm(t("admin.content_delete_confirm", { title: page.title[lang] || page.title.fr }))) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={page.version} />
          <button
            type="submit"
            disabled={busy}
            className="rounded border border-red-800 px-4 py-2 font-semibold text-red-800 disabled:opacity-60"
          >
            {t("admin.content_delete")}
          </button>
        </Form>
      )}
    </>
  );
}
