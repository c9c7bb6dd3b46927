// One planned delivery with the customer's answers (POST /site/Customer/deliveryReply): available,
// unavailable with another working day chosen among the server's proposable dates, or cancel (confirmed first).
// "Available" first asks orderAddressValidate whether the delivery can be made as planned.
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { formatDate, weekdayName, calendarParts } from "#core/format-date.ts";
import { localePath } from "#core/slug.ts";
import { deliveryReplySchema } from "#core/validation/aftersales.ts";
import type { DeliveryAnswer } from "#core/contracts/aftersales.ts";

export function DeliveryCard({ d, dates }: { d: DeliveryAnswer; dates: string[] }) {
  const { t, lang } = useT();
  const uid = useId();
  const notify = useSession((s) => s.notify);
  const { revalidate } = useRevalidator();
  const [picking, setPicking] = useState(false);
  const [date, setDate] = useState("");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(reply: "available" | "unavailable" | "cancel") {
    const parsed = deliveryReplySchema.safeParse({ order_id: d.order_id, reply, proposed_date: date });
    if (!parsed.success) return setError(t(parsed.error.issues[0].message));
    setError(null);
    setBusy(true);
    if (reply === "available") {
      // Confirm only a delivery the driver can make: the address, its mode and the receiving times (decision 085).
      const check = await api("POST", "/site/Customer/orderAddressValidate", {
        body: { order_id: d.order_id },
      });
      if (!check || check.code !== 200 || !check.data.valid) {
        setBusy(false);
        if (check) setError(check.code === 200 ? [check.info, ...check.data.problems.map((p) => p.message)].join(" ") : check.info);
        return;
      }
    }
    const res = await api("POST", "/site/Customer/deliveryReply", { body: parsed.data });
    setBusy(false);
    if (!res) return;
    if (res.code !== 200) return setError(res.info);
    notify({ kind: "success", text: res.info }, 4000);
    setPicking(false);
    await revalidate();
  }

  const label = (iso: string) => `${weekdayName(calendarParts(iso)?.weekday ?? 1, lang)} ${formatDate(iso, lang, "long")}`;
  return (
    <li className="flex flex-col gap-3 rounded border border-line p-4" data-testid="delivery" data-number={d.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          <Link to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(d.number)}`} className="text-brand underline">
            {t("aftersales.delivery_of_order", { number: d.number })}
          </Link>
        </h2>
        <p data-testid="delivery-state">{d.delivery_text}</p>
      </div>
      {d.can_reply && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => send("available")}
            className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            {t("aftersales.reply_available")}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-expanded={picking}
            onClick={() => setPicking((p) => !p)}
            className="rounded border border-brand px-4 py-2 text-brand"
          >
            {t("aftersales.reply_unavailable")}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setConfirmCancel(true)}
            className="rounded border border-line px-4 py-2 hover:border-brand"
          >
            {t("aftersales.reply_cancel")}
          </button>
        </div>
      )}
      {d.can_reply && picking && (
        <form
          method="post"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send("unavailable");
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${uid}-date`} className="text-sm font-medium">
              {t("aftersales.propose_date_label")}
            </label>
            <select
              id={`${uid}-date`}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="rounded border border-line px-3 py-2"
            >
              <option value="">{t("aftersales.propose_date_choose")}</option>
              {dates.map((x) => (
                <option key={x} value={x}>
                  {label(x)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60">
            {t("aftersales.propose_submit")}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title={t("aftersales.cancel_title")}
        text={t("aftersales.cancel_text")}
        onYes={() => void send("cancel")}
        onClose={() => setConfirmCancel(false)}
      />
    </li>
  );
}
