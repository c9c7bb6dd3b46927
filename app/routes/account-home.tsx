import { useNavigate } from "react-router";
import type { Route } from "./+types/account-home";
import { localePath } from "#core/slug.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { requireCustomer } from "#app/lib/guard.ts";
import { useSession } from "#app/lib/session-store.ts";
import { SessionsList } from "#app/components/account/sessions-list.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

// Only what the page shows: a personal page is rendered on every request, its data is part of the cost.
export function loader({ context, url }: Route.LoaderArgs) {
  const c = requireCustomer(context, url);
  return { user: { first_name: c.firstName, last_name: c.lastName, client_number: c.clientNumber, company: c.company } };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = location.pathname.startsWith("/zh") ? "zh" : "fr";
  return [
    { title: `${translate(lang, "account.account_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function AccountHome({ loaderData: { user } }: Route.ComponentProps) {
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
        </div>
        <button type="button" onClick={logout} className="rounded border border-line px-4 py-2 hover:border-brand">
          {t("account.logout")}
        </button>
      </div>
      <SessionsList />
    </div>
  );
}
