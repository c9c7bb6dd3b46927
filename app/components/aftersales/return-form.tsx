// The return request of one delivered order (POST /site/Customer/orderReturn): lines with a quantity up to
// what is still returnable, a reason from the list and a free text. Checked with the server's schema first;
// the server decides the window and the quantities. One idempotency key per filled form: a double click or
// a retry cannot make two requests.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { RETURN_COMMENT_MAX, RETURN_REASONS } from "#core/aftersales/returns.ts";
import { orderReturnSchema } from "#core/validation/aftersales.ts";
import type { ReturnableOrderAnswer } from "#core/contracts/aftersales.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

const newKey = () => `ret-${crypto.randomUUID()}`;

export function ReturnForm({ order }: { order: ReturnableOrderAnswer }) {
  const { t } = useT();
  const uid = useId();
  const notify = useSession((s) => s.notify);
  const { revalidate } = useRevalidator();
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const open = order.lines.filter((l) => l.returnable > 0);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const lines = Object.entries(chosen).map(([line_id, num]) => ({ line_id: Number(line_id), num }));
    const idempotency_key = key ?? newKey();
    setKey(idempotency_key);
    const parsed = orderReturnSchema.safeParse({ order_id: order.id, lines, reason, comment, idempotency_key });
    if (!parsed.success) return setError(t(parsed.error.issues[0].message));
    setError(null);
    setBusy(true);
    const res = await api("POST", "/site/Customer/orderReturn", { body: parsed.data });
    setBusy(false);
    if (!res) return;
    if (res.code !== 200) return setError(res.info);
    notify({ kind: "success", text: res.info }, 4000);
    setChosen({});
    setReason("");
    setComment("");
    setKey(null);
    await revalidate();
  }

  if (open.length === 0) return <p className="text-sm">{t("aftersales.nothing_returnable")}</p>;
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby={`${uid}-title`}
      data-testid="return-form"
    >
      <h3 id={`${uid}-title`} className="font-semibold">
        {t("aftersales.return_form_title", { number: order.number })}
      </h3>
      <TableScroll>
        {/* below 768 px each line is a card (`stack-table`, app.css) opened by its checkbox and its name */}
        <table className="stack-table w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-1 pr-2">
                <span className="sr-only">{t("aftersales.select_line", { ref: "" })}</span>
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("aftersales.col_reference")}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("aftersales.col_designation")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("aftersales.col_delivered")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("aftersales.col_returnable")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("aftersales.col_quantity")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => {
              const on = l.id in chosen;
              return (
                <tr key={l.id} className="border-b border-line">
                  <td className="py-1 pr-2">
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={l.returnable === 0}
                        onChange={() =>
                          setChosen((c) => {
                            const next = { ...c };
                            if (on) delete next[l.id];
                            else next[l.id] = "1";
                            return next;
                          })
                        }
                      />
                      <span className="font-semibold md:sr-only">{t("aftersales.select_line", { ref: l.reference })}</span>
                    </label>
                  </td>
                  <td className="py-1 pr-2 font-mono" data-label={t("aftersales.col_reference")}>
                    {l.reference}
                  </td>
                  <td className="py-1 pr-2" data-label={t("aftersales.col_designation")}>
                    {l.designation}
                  </td>
                  <td className="py-1 pr-2 text-right" data-label={t("aftersales.col_delivered")}>
                    {l.delivered}
                  </td>
                  <td className="py-1 pr-2 text-right" data-label={t("aftersales.col_returnable")}>
                    {l.returnable}
                  </td>
                  <td className="py-1 text-right" data-label={t("aftersales.col_quantity")}>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={l.returnable}
                      disabled={!on}
                      value={chosen[l.id] ?? ""}
                      onChange={(e) => setChosen((c) => ({ ...c, [l.id]: e.target.value }))}
                      aria-label={t("aftersales.quantity_label", { ref: l.reference })}
                      className="w-20 rounded border border-line px-2 py-1 text-right"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
          {t("aftersales.reason_label")}
        </label>
        <select
          id={`${uid}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="rounded border border-line px-3 py-2"
        >
          <option value="">{t("aftersales.reason_choose")}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`aftersales.reason_${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-comment`} className="text-sm font-medium">
          {t("aftersales.comment_label")}
        </label>
        <textarea
          id={`${uid}-comment`}
          value={comment}
          maxLength={RETURN_COMMENT_MAX}
          rows={3}
          aria-describedby={`${uid}-hint`}
          onChange={(e) => setComment(e.target.value)}
          className="rounded border border-line px-3 py-2"
        />
        <p id={`${uid}-hint`} className="text-xs text-muted">
          {t("aftersales.comment_hint")}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700" data-testid="return-error">
          {error}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60">
          {busy ? t("aftersales.submitting") : t("aftersales.submit_return")}
        </button>
      </div>
    </form>
  );
}
