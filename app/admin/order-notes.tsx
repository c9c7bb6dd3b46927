// The order page's internal notes: staff write them for one another (orders:edit), the customer never sees them.
// Newest first, each with its author and moment; the form empties once its note is saved.
import { Form } from "react-router";
import { ORDER_NOTE_MAX } from "#core/validation/order-notes.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Failure, SubmitButton } from "./ui.tsx";
import type { FormFailure } from "./form.ts";

export type NoteView = { id: number; at: string; body: string; staff: string };

export function OrderNotes({
  notes,
  canWrite,
  answer,
  busy,
  empty = "admin.order_notes_empty",
}: {
  notes: NoteView[];
  canWrite: boolean;
  answer?: FormFailure & { noted?: boolean };
  busy: boolean;
  /** The text of no notes yet (another page than the order's has its own). */
  empty?: string;
}) {
  const { t, lang } = useT();
  const mine = answer?.form === "note" ? answer : undefined;
  const error = mine?.fields?.note;
  return (
    <section aria-labelledby="order-notes" className="rounded border border-line bg-white p-4">
      <h2 id="order-notes" className="mb-1 text-lg font-semibold">
        {t("admin.order_notes")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("admin.order_notes_hint")}</p>
      {canWrite && (
        // a new key after each saved note empties the form
        <Form method="post" noValidate className="mb-4 flex flex-col gap-2" key={notes.length}>
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="order-note" className="text-sm font-medium">
            {t("admin.order_note_label")}
          </label>
          <textarea
            id="order-note"
            name="note"
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "order-note-error" : undefined}
            className="rounded border border-line px-3 py-2 focus:border-brand focus:outline-none"
          />
          {error && (
            <p id="order-note-error" role="alert" className="text-sm text-red-700">
              {t(error, { max: String(ORDER_NOTE_MAX) })}
            </p>
          )}
          <Failure text={mine?.failure} />
          <div>
            <SubmitButton busy={busy}>{t("admin.order_note_submit")}</SubmitButton>
          </div>
        </Form>
      )}
      <p role="status" className="mb-2 text-sm text-green-800">
        {mine?.noted ? t("admin.order_note_added") : ""}
      </p>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">{t(empty)}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {notes.map((n) => (
            <li key={n.id} className="border-l-4 border-line pl-3">
              <p className="whitespace-pre-line">{n.body}</p>
              <p className="text-xs text-muted">
                {n.staff} — <time dateTime={n.at}>{formatDate(n.at, lang, "datetime")}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
