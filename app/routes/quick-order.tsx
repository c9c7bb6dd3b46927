import { Link } from "react-router";
import type { Route } from "./+types/quick-order";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { notFoundResponse } from "#app/lib/loader-errors.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { QuickOrderList } from "#app/components/quick-order/quick-order-list.tsx";
import { OrderByReference } from "#app/components/quick-order/order-by-reference.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

const TYPES = ["purchased", "wishlist"] as const;
type ListType = (typeof TYPES)[number];

/** /quick-order/purchased, /quick-order/wishlist, and /collect (/center/collect): the purchased list. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const type = (params.type ?? "purchased") as ListType;
  if (!TYPES.includes(type)) throw notFoundResponse();
  const { quickOrder } = context.services;
  return type === "wishlist"
    ? { type, purchased: null, wishlist: await quickOrder.wishlist(ctx) }
    : { type, purchased: await quickOrder.purchased(ctx), wishlist: null };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "area.qo_title")} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

export default function QuickOrderPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { type } = loaderData;
  const tab = (key: ListType) => (
    <Link
      to={localePath(lang, `/quick-order/${key}`)}
      aria-current={type === key ? "page" : undefined}
      className={`rounded-t border-b-2 px-4 py-2 font-semibold ${type === key ? "border-brand text-brand" : "border-transparent hover:text-brand"}`}
    >
      {t(`area.qo_tab_${key}`)}
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("area.qo_title")}</h1>
      <nav aria-label={t("area.qo_tabs")} className="flex gap-2 border-b border-line">
        {tab("purchased")}
        {tab("wishlist")}
      </nav>
      {loaderData.purchased && <QuickOrderList kind="purchased" items={loaderData.purchased} />}
      {loaderData.wishlist && <QuickOrderList kind="wishlist" items={loaderData.wishlist} />}
      <OrderByReference />
    </div>
  );
}
