// The order queue's bulk actions (core/orders/bulk.ts): the table's ticked boxes inside one form, the actions the
// role may take as its buttons, and a live region that says what each did. An event posts to the queue's action
// (by script, or as a plain form without it); the export posts the same boxes straight to its own address, so the
// browser downloads the file and stays on the queue.
import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { BulkAction } from "#core/orders/bulk.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";
import { Failure } from "./ui.tsx";

/** What the queue's action answers a bulk event: the orders moved, to which state, and those refused with why. */
export type BulkAnswer = { moved: string[]; state: string; refused: { number: string; reason: string }[] };

export function BulkForm({
  actions,
  answer,
  failure,
  children,
}: {
  actions: readonly BulkAction[];
  answer?: BulkAnswer;
  failure?: string;
  children: React.ReactNode;
}) {
  const { t, lang } = useT();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const [empty, setEmpty] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // an action done, its selection is cleared: the next action is never sent to the same orders by mistake
  useEffect(() => {
    if (answer) for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []) box.checked = false;
  }, [answer]);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const button = (e.nativeEvent as SubmitEvent).submitter;
    const chosen = e.currentTarget.querySelector('input[name="order"]:checked') !== null;
    setEmpty(!chosen);
    if (!chosen) return e.preventDefault();
    if (button instanceof HTMLButtonElement && button.value !== "export") {
      e.preventDefault();
      submit(button); // the button's form with its name and value, to the queue's action
    }
  };
  if (actions.length === 0) return <>{children}</>;
  return (
    <form method="post" onSubmit={onSubmit} ref={form}>
      <div role="group" aria-label={t("admin.bulk_actions")} className="mb-2 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{t("admin.bulk_actions")}</span>
        {actions.map((a) => (
          <button
            key={a}
            type="submit"
            name="intent"
            value={a}
            disabled={busy}
            formAction={a === "export" ? adminPath(lang, "/commandes/export") : undefined}
            className="rounded border border-brand px-3 py-1 text-sm font-semibold text-brand hover:bg-paper disabled:opacity-60"
          >
            {t(`admin.bulk_${a}`)}
          </button>
        ))}
      </div>
      <div role="status" aria-live="polite" className="mb-2 text-sm">
        {empty && <p className="rounded bg-amber-50 p-3 text-amber-900">{t("admin.bulk_selection_empty")}</p>}
        {!empty && answer && (
          <div className="rounded border border-line bg-white p-3">
            {answer.moved.length > 0 && (
              <p className="text-green-800">
                {`${t("admin.bulk_moved", { count: answer.moved.length, state: answer.state })} ${answer.moved.join(", ")}`}
              </p>
            )}
            {answer.refused.length > 0 && (
              <>
                <p className="text-red-800">{t("admin.bulk_refused", { count: answer.refused.length })}</p>
                <ul className="list-disc pl-5">
                  {answer.refused.map((r, i) => (
                    <li key={i}>{t("admin.bulk_refused_line", { number: r.number, reason: r.reason })}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
      <Failure text={failure} />
      {children}
    </form>
  );
}
