// /notifications and /center/notifications: what changed (order planned, shipped, delivered, delivery
// rescheduled, return status, credit note, answer), newest first; mark one or all as read. The header and
// account menu badges follow the unread count (session store, decision 082).
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/notifications";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { formatDate } from "#core/format-date.ts";
import { langOfPath, localePath } from "#core/slug.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  return context.services.notifications.list(customerContext(context, url));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "aftersales.notifications_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotificationsPage({ loaderData: { list, unread } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function read(body: { id: number } | { all: true }) {
    setBusy(true);
    const res = await api("POST", "/site/Customer/readNotification", { body });
    setBusy(false);
    if (res?.code === 200) useSession.setState({ notifications_unread: res.data.unread });
    await revalidate();
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t("aftersales.notifications_title")}</h1>
          <p className="mt-1" data-testid="notifications-unread">
            {t("aftersales.notifications_unread", { count: unread })}
          </p>
        </div>
        {unread > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void read({ all: true })}
            className="rounded border border-brand px-4 py-2 text-brand"
          >
            {t("aftersales.mark_all_read")}
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p>{t("aftersales.notifications_empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((n) => (
            <li
              key={n.id}
              data-testid="notification"
              data-read={n.read}
              className={`flex flex-wrap items-start justify-between gap-3 rounded border p-4 ${n.read ? "border-line" : "border-brand bg-sky-50"}`}
            >
              <div className="flex flex-col gap-1">
                <p className={n.read ? "" : "font-semibold"}>
                  {!n.read && <span className="sr-only">{t("aftersales.unread")} — </span>}
                  {n.text}
                </p>
                <p className="text-sm text-muted">
                  {formatDate(n.created_at, lang, "datetime")}
                  {n.order_id !== null && (
                    <>
                      {" · "}
                      <Link to={`${localePath(lang, "/order-detail")}?id=${n.order_id}`} className="text-brand underline">
                        {t("aftersales.view_order")}
                      </Link>
                    </>
                  )}
                </p>
              </div>
              {!n.read && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void read({ id: n.id })}
                  className="rounded border border-line px-3 py-1 text-sm hover:border-brand"
                >
                  {t("aftersales.mark_read")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
