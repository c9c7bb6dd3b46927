// Parts the coupons and promotions pages share (decision 144): the head, the edit form, the list with its filter and
// its rows' actions, a form field with its message, a state's badge, a period in words.
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { Lang } from "#core/lang.ts";
import type { FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";

/** What the pages' actions answer: a done message ("promotions.<done>"), or the form's refusal. */
export type Answer = FormFailure & { done?: string };

const STATUSES = ["active", "expired", "all"] as const;

/** The list's filter as links (`?statut=`), the current one marked. */
export function FilterLinks({ base, status }: { base: string; status: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t("promotions.filter_label")} className="flex flex-wrap gap-2 text-sm">
      {STATUSES.map((s) => (
        <Link
          key={s}
          to={`${base}?statut=${s}`}
          aria-current={s === status ? "page" : undefined}
          className={`rounded border px-3 py-1 ${s === status ? "border-brand bg-brand text-white" : "border-line hover:bg-paper"}`}
        >
          {t(`promotions.filter_${s}`)}
        </Link>
      ))}
    </nav>
  );
}

type FieldProps = {
  name: string;
  /** The label's key. */
  label: string;
  fields?: Record<string, string>;
  defaultValue?: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
  required?: boolean;
  maxLength?: number;
};

/** A labelled input and, after a refused sending, its message (announced, tied to the input). */
export function Field({ name, label, fields, type = "text", ...rest }: FieldProps) {
  const { t } = useT();
  const message = fields?.[name];
  const id = `field-${name}`;
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{t(label)}</span>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="rounded border border-line px-2 py-1"
        {...rest}
      />
      {message && (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          {t(message)}
        </span>
      )}
    </label>
  );
}

const TONES: Record<string, string> = {
  running: "bg-green-50 text-green-800",
  upcoming: "bg-blue-50 text-blue-800",
  ended: "bg-paper text-muted",
  used: "bg-paper text-muted",
};

export function StateBadge({ state }: { state: string }) {
  const { t } = useT();
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${TONES[state] ?? ""}`}>{t(`promotions.state_${state}`)}</span>;
}

/** "du 01/12/2026 au 31/12/2026", or "à partir du 01/12/2026" without end. */
export function periodText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  days: { from: string; to: string | null },
  lang: Lang,
) {
  const from = formatDate(days.from, lang);
  return days.to === null ? t("promotions.period_from", { from }) : t("promotions.period_from_to", { from, to: formatDate(days.to, lang) });
}

/** The page's title, introduction, the read-only notice, and the last sending's outcome. */
export function PageHead({ title, intro, canWrite, answer }: { title: string; intro: string; canWrite: boolean; answer?: Answer }) {
  const { t } = useT();
  return (
    <>
      <div>
        <PageTitle>{t(title)}</PageTitle>
        <p className="text-sm text-muted">{t(intro)}</p>
        {!canWrite && <p className="mt-2 text-sm text-muted">{t("promotions.read_only")}</p>}
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {t(`promotions.${answer.done}`)}
        </p>
      )}
      <Failure text={answer?.failure} />
    </>
  );
}

const button = "rounded bg-brand px-3 py-1 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60";

/** The create or edit form: its title, its fields, save and (editing) a link back to the list; emptied once created. */
export function EditForm({
  title,
  editedId,
  back,
  answer,
  children,
}: {
  title: string;
  editedId?: number;
  back: string;
  answer?: Answer;
  children: React.ReactNode;
}) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.done === "saved" && editedId === undefined) form.current?.reset();
  }, [answer, editedId]);
  return (
    <section aria-labelledby="edit-form-title" className="rounded border border-line bg-white p-4">
      <h2 id="edit-form-title" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <Form method="post" ref={form} key={editedId ?? "new"} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {editedId !== undefined && <input type="hidden" name="id" value={editedId} />}
        {children}
        <div className="flex items-end gap-3">
          <button type="submit" name="intent" value="save" disabled={busy} className={button}>
            {t("promotions.save")}
          </button>
          {editedId !== undefined && (
            <Link to={back} className="text-sm text-brand underline">
              {t("promotions.cancel_edit")}
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

/** The list: the filter, then the table (its columns' keys, an actions column for those who write) or "none". */
export function ListSection({
  title,
  base,
  status,
  columns,
  canWrite,
  count,
  more,
  children,
}: {
  title: string;
  base: string;
  status: string;
  columns: string[];
  canWrite: boolean;
  count: number;
  more: boolean;
  children: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="list-title" className="flex flex-col gap-3">
      <h2 id="list-title" className="sr-only">
        {t(title)}
      </h2>
      <FilterLinks base={base} status={status} />
      {count === 0 ? (
        <p className="text-sm text-muted">{t("promotions.list_empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                {columns.map((c) => (
                  <th key={c} scope="col" className="p-2">
                    {t(`promotions.${c}`)}
                  </th>
                ))}
                {canWrite && (
                  <th scope="col" className="p-2">
                    <span className="sr-only">{t("promotions.col_actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {more && <p className="text-sm text-muted">{t("promotions.list_more", { max: count })}</p>}
    </section>
  );
}

/** A row's actions: edit (the address of its form), and end while it is not over. */
export function RowActions({ id, edit, endable }: { id: number; edit: string; endable: boolean }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <td className="flex gap-2 p-2">
      <Link to={edit} className="text-brand underline">
        {t("promotions.edit")}
      </Link>
      {endable && (
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <button type="submit" name="intent" value="end" disabled={busy} className="text-red-700 underline">
            {t("promotions.end")}
          </button>
        </Form>
      )}
    </td>
  );
}
