import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/account-home";
import { langOfPath, localePath } from "#core/slug.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { useSession } from "#app/lib/session-store.ts";
import { SessionsList } from "#app/components/account/sessions-list.tsx";
import { StateBadge } from "#app/components/orders/order-parts.tsx";
import { formatDate } from "#core/format-date.ts";
import { acceptanceOf } from "#core/legal.ts";
import { AcceptanceNote } from "#app/components/legal/acceptance-note.tsx";
import { decOrZero } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { approvalNotice } from "#app/lib/approval-notice.ts";
import { ApprovalNotice } from "#app/components/account/approval-notice.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

/** How many recent orders the account's home lists. */
const RECENT = 3;

// The account's home: the recent orders, the credit balance, the delivery dates to confirm and the unread
// notifications, then the sessions. Only what the page shows: a personal page is rendered on every request.
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const c = ctx.customer;
  const { orders, documents, deliveries, notifications } = context.services;
  const [recent, credit, dates, notices] = await Promise.all([
    orders.list(ctx, { page: 1, page_size: RECENT }),
    documents.creditNoteList(ctx),
    deliveries.list(ctx, new Date()),
    notifications.list(ctx),
  ]);
  return {
    user: { first_name: c.firstName, last_name: c.lastName, client_number: c.clientNumber, company: c.company },
    privacy: acceptanceOf(c.privacyVersion, c.privacyAcceptedAt),
    recent: recent.list.map(({ id, number, created_at, state, total_ttc }) => ({ id, number, created_at, state, total_ttc })),
    balance: credit.balance,
    toConfirm: dates.list.filter((d) => d.can_reply).length,
    unread: notices.unread,
    approval: approvalNotice(c, ctx.lang),
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.account_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function AccountHome({ loaderData: { user, privacy, recent, balance, toConfirm, unread, approval } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();

  async function logout() {
    const res = await api("POST", "/site/user/logout");
    if (res?.code !== 200) return;
    useSession.getState().logout();
    await navigate(localePath(lang, "/connexion"), { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t("account.account_title")}</h1>
          <p className="mt-1">{t("account.hello", { name: `${user.first_name} ${user.last_name}` })}</p>
          <p className="text-sm text-muted">
            {`${t("account.client_number", { number: user.client_number })}${user.company ? ` · ${user.company}` : ""}`}
          </p>
          <AcceptanceNote kind="privacy" text="account.privacy_accepted" acceptance={privacy} />
        </div>
        <button type="button" onClick={logout} className="rounded border border-line px-4 py-2 hover:border-brand">
          {t("account.logout")}
        </button>
      </div>
      <ApprovalNotice notice={approval} />
      <section aria-labelledby="home-orders" className="flex flex-col gap-2" data-testid="home-orders">
        <h2 id="home-orders" className="text-lg font-semibold">
          {t("account.home_recent_orders")}
        </h2>
        {recent.length === 0 ? (
          <p>{t("account.home_no_orders")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded border border-line">
            {recent.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <Link
                  to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(o.number)}`}
                  className="font-semibold text-brand underline"
                >
                  {o.number}
                </Link>
                <span className="text-sm text-muted">{formatDate(o.created_at, lang)}</span>
                <StateBadge state={o.state} />
                <span className="whitespace-nowrap">{formatPrice(o.total_ttc, lang, "TTC")}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to={localePath(lang, "/historique-commandes")} className="self-start text-brand underline">
          {t("account.home_all_orders")}
        </Link>
      </section>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <li className="rounded border border-line p-4" data-testid="home-credit">
          <p className="text-sm text-muted">{t("account.home_credit_balance")}</p>
          <p className="text-lg font-semibold">{formatPrice(balance, lang, "TTC")}</p>
          {decOrZero(balance).sign() > 0 && (
            <Link to={localePath(lang, "/avoirs")} className="text-sm text-brand underline">
              {t("account.home_credit_link")}
            </Link>
          )}
        </li>
        <li className="rounded border border-line p-4" data-testid="home-deliveries">
          <Link to={localePath(lang, "/livraisons")} className={toConfirm > 0 ? "font-semibold text-brand underline" : "underline"}>
            {toConfirm > 0 ? t("account.home_deliveries", { count: toConfirm }) : t("account.home_deliveries_none")}
          </Link>
        </li>
        <li className="rounded border border-line p-4" data-testid="home-unread">
          <Link to={localePath(lang, "/notifications")} className={unread > 0 ? "font-semibold text-brand underline" : "underline"}>
            {unread > 0 ? t("account.home_unread", { count: unread }) : t("account.home_unread_none")}
          </Link>
        </li>
      </ul>
      <SessionsList />
    </div>
  );
}
