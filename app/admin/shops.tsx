// The shops and their opening hours (decision 155): one form per shop, fr and zh name and address, phone, e-mail,
// map position, hours per weekday (open and close, or closed) and position on the page. What the storefront's
// shops page shows at its next request; a shop changed meanwhile by someone else is refused (409).
import { createContext, useContext } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/shops";
import { shopFormSchema, shopRefSchema, WEEKDAYS } from "#core/validation/content.ts";
import { weekdayName } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.shops_title");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "content:write");
  return { shops: await context.services.staffContent.shops({ db: context.services.db, staff }) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "content:write");
  const fields = await formFields(request);
  const form = `shop:${String(fields.shop ?? "")}`;
  return formAction(
    context.lang,
    async () => {
      const { shop } = parseFields(shopRefSchema, fields);
      await context.services.staffContent.saveShop(ctx, shop, parseFields(shopFormSchema, fields));
      return { saved: form };
    },
    form,
  );
}

type Answer = FormFailure & { saved?: string };
const PageState = createContext<{ answer?: Answer; form: string }>({ form: "" });

export default function AdminShops() {
  const { t, lang } = useT();
  const { shops } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  return (
    <>
      <PageTitle>{t("admin.shops_title")}</PageTitle>
      <p className="mb-4 text-sm text-muted">{t("admin.shops_intro")}</p>
      {shops.map((s) => {
        const form = `shop:${s.id}`;
        const mine = answer && (answer.saved === form || answer.form === form);
        const busy = navigation.state !== "idle" && navigation.formData?.get("shop") === String(s.id);
        return (
          <PageState.Provider key={s.id} value={{ answer: mine ? answer : undefined, form }}>
            <section aria-labelledby={`shop-${s.id}`} className="mb-6 rounded border border-line bg-white p-4">
              <h2 id={`shop-${s.id}`} className="mb-1 text-lg font-semibold">
                {s.name[lang] || s.name.fr}
              </h2>
              <p role="status" className="text-sm text-green-800">
                {mine && answer?.saved ? t("admin.shop_saved") : ""}
              </p>
              {mine && <Failure text={answer?.failure ?? (answer?.fields ? t("admin.shop_refused") : undefined)} />}
              {/* keyed by the version: a saved change starts a fresh form with the stored values */}
              <Form key={s.version} method="post" className="mt-2 flex flex-col gap-4">
                <input type="hidden" name="shop" value={s.id} />
                <input type="hidden" name="version" value={s.version} />
                <div className="flex flex-wrap items-start gap-4">
                  <Field name="name_fr" value={s.name.fr} label={t("admin.shop_name_fr")} wide />
                  <Field name="name_zh" value={s.name.zh} label={t("admin.shop_name_zh")} wide />
                  <Field name="address_fr" value={s.address.fr} label={t("admin.shop_address_fr")} wide />
                  <Field name="address_zh" value={s.address.zh} label={t("admin.shop_address_zh")} wide />
                  <Field name="phone" value={s.phone} label={t("admin.shop_phone")} />
                  <Field name="email" value={s.email ?? ""} label={t("admin.shop_email")} wide />
                  <Field name="lat" value={s.lat ?? ""} label={t("admin.shop_lat")} hint={t("admin.shop_coordinates_hint")} />
                  <Field name="lng" value={s.lng ?? ""} label={t("admin.shop_lng")} hint={t("admin.shop_coordinates_hint")} />
                  <Field name="position" value={String(s.position)} label={t("admin.shop_position")} />
                </div>
                <fieldset>
                  <legend className="mb-2 text-sm font-semibold">{t("admin.shop_hours")}</legend>
                  <table className="text-sm">
                    <tbody>
                      {WEEKDAYS.map((d) => {
                        const h = s.hours[d - 1] ?? null;
                        const day = weekdayName(d, lang);
                        return (
                          <tr key={d}>
                            <th scope="row" className="pr-4 text-left font-normal capitalize">
                              {day}
                            </th>
                            <td className="pr-2">
                              <Time name={`open_${d}`} value={h?.open ?? ""} label={t("admin.shop_open", { day })} />
                            </td>
                            <td className="pr-2">
                              <Time name={`close_${d}`} value={h?.close ?? ""} label={t("admin.shop_close", { day })} />
                            </td>
                            <td>
                              <label className="flex items-center gap-1">
                                <input type="checkbox" name={`closed_${d}`} defaultChecked={h === null} />
                                {t("admin.shop_closed")}
                              </label>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </fieldset>
                <div>
                  <SubmitButton busy={busy}>{t("admin.shop_save")}</SubmitButton>
                </div>
              </Form>
            </section>
          </PageState.Provider>
        );
      })}
    </>
  );
}

function useFieldError(name: string) {
  const { answer, form } = useContext(PageState);
  return { error: answer?.fields?.[name], id: `${form.replace(":", "-")}-${name}` };
}

/** A field with its stored value and, after a refusal, its own translated message. */
function Field({ name, value, label, hint, wide }: { name: string; value: string; label: string; hint?: string; wide?: boolean }) {
  const { t } = useT();
  const { error, id } = useFieldError(name);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        maxLength={300}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`rounded border border-line px-3 py-2 ${wide ? "w-96 max-w-full" : "w-40"}`}
      />
      {hint && !error && (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-xs text-red-800">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** An opening or closing time (HH:MM), labelled with its day for screen readers. */
function Time({ name, value, label }: { name: string; value: string; label: string }) {
  const { t } = useT();
  const { error, id } = useFieldError(name);
  return (
    <span className="inline-flex flex-col">
      <input
        id={id}
        name={name}
        defaultValue={value}
        aria-label={label}
        placeholder="HH:MM"
        inputMode="numeric"
        maxLength={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-20 rounded border border-line px-2 py-1"
      />
      {error && (
        <span id={`${id}-error`} className="text-xs text-red-800">
          {t(error)}
        </span>
      )}
    </span>
  );
}
