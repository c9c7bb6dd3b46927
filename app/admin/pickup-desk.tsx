// The pickup desk: for each shop, the store pickups ready to hand over, those handed over today and those still being
// prepared, searched by order number, client number, company or name (a GET form: it works without JavaScript).
// Seeing the desk is reading orders, as the queue (`orders:read`): customer service answers "is it ready?" from it;
// handing an order over (the name of who collects it) is the order life's `hand_over`, `pickup:write`, and only
// roles holding it see the form.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/pickup-desk";
import { can } from "#core/staff/permissions.ts";
import { orderStateLabel } from "#core/order-states.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { handOverSchema, pickupDeskQuerySchema } from "#core/validation/pickup-desk.ts";
import { useT, type T } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { StateBadge } from "#app/components/orders/order-parts.tsx";
import { DESK_LISTS, type DeskList, type DeskRow } from "#core/contracts/pickup-desk.ts";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.desk_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "orders:read");
  const { db, config, pickupDesk } = context.services;
  const params = new URL(request.url).searchParams;
  const asked = { shop: (params.get("shop") ?? "").trim(), q: (params.get("q") ?? "").trim() };
  const parsed = pickupDeskQuerySchema.safeParse(asked);
  const errors = fieldMessages(parsed.error);
  const shops = await config.shops(context.lang);
  const shop = parsed.success ? parsed.data.shop : undefined;
  if (shop !== undefined && !shops.some((s) => s.id === shop)) errors.shop = "admin.orders_shop_invalid";
  const board = parsed.success && !errors.shop ? await pickupDesk.board(db, parsed.data) : null;
  const empty = { rows: [] as DeskRow[], total: 0 };
  return {
    asked,
    errors,
    shops: shops.map((s) => ({ id: s.id, name: s.name })),
    desk: board
      ? shops
          .filter((s) => shop === undefined || s.id === shop)
          .map((s) => ({
            id: s.id,
            name: s.name,
            address: s.address,
            ...(board.get(s.id) ?? { ready: empty, handed: empty, preparing: empty }),
          }))
      : [],
    handOver: can(staff.roles, "pickup:write"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "pickup:write"); // before the form: a role that may not hand over learns nothing
  const fields = await formFields(request);
  return formAction(
    context.lang,
    async () => {
      const { order, picked_up_by } = parseFields(handOverSchema, fields);
      const { number } = await context.services.pickupDesk.handOver(ctx, order, picked_up_by);
      return { done: { number, picked_up_by } };
    },
    typeof fields.order === "string" ? fields.order : undefined,
  );
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

function Customer({ r }: { r: DeskRow }) {
  return (
    <>
      <span className="block font-medium">{r.customer.company || r.customer.name}</span>
      {r.customer.company && <span className="block">{r.customer.name}</span>}
      <span className="block text-muted">{r.customer.client_number}</span>
      {r.customer.phone && <span className="block text-muted">{r.customer.phone}</span>}
    </>
  );
}

function Packing({ r, t, lang }: { r: DeskRow; t: T; lang: "fr" | "zh" }) {
  if (r.parcels === null) return <span className="text-muted">—</span>;
  const weight = lang === "fr" ? (r.weight_kg ?? "").replace(".", ",") : (r.weight_kg ?? "");
  return <>{`${t("admin.desk_parcels", { count: r.parcels })} · ${t("admin.desk_pallets", { count: r.pallets ?? 0 })} · ${weight} kg`}</>;
}

/** One list of a shop: a table of its orders, the form to hand each over when the list is `ready` and the role may. */
function DeskTable({
  list,
  rows,
  total,
  handOver,
  answer,
  busy,
}: {
  list: DeskList;
  rows: DeskRow[];
  total: number;
  handOver: boolean;
  answer?: FormFailure;
  busy: boolean;
}) {
  const { t, lang } = useT();
  if (rows.length === 0) return <p className="text-sm text-muted">{t(`admin.desk_empty_${list}`)}</p>;
  return (
    <>
      <div className="overflow-x-auto rounded border border-line bg-white">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <thead className="bg-paper">
            <tr>
              <th scope="col" className="p-2">
                {t("admin.orders_number")}
              </th>
              <th scope="col" className="p-2">
                {t("admin.orders_customer")}
              </th>
              <th scope="col" className="p-2">
                {t("admin.orders_total")}
              </th>
              <th scope="col" className="p-2">
                {t(list === "preparing" ? "admin.orders_status" : "admin.desk_packing_column")}
              </th>
              {list === "ready" && handOver && (
                <th scope="col" className="p-2">
                  {t("admin.order_hand_over")}
                </th>
              )}
              {list === "handed" && (
                <th scope="col" className="p-2">
                  {t("admin.order_picked_up_by")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const failed = answer?.form === String(r.id) ? answer : undefined;
              return (
                <tr key={r.id} className="border-t border-line align-top">
                  <th scope="row" className="whitespace-nowrap p-2 font-medium">
                    <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.number)}`)} className="text-brand hover:underline">
                      {r.number}
                    </Link>
                    <span className="block font-normal text-muted">{formatDate(r.placed_at, lang)}</span>
                  </th>
                  <td className="p-2">
                    <Customer r={r} />
                  </td>
                  <td className="whitespace-nowrap p-2 tabular-nums">
                    {formatPrice(r.total_ttc, lang, "TTC")}
                    <span className="block text-muted">{r.paid ? t("admin.orders_paid") : t("admin.orders_unpaid")}</span>
                  </td>
                  <td className="p-2">
                    {list === "preparing" ? (
                      <StateBadge state={orderStateLabel({ status: r.status }, lang)} />
                    ) : (
                      <Packing r={r} t={t} lang={lang} />
                    )}
                  </td>
                  {list === "ready" && handOver && (
                    <td className="p-2">
                      <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="order" value={r.id} />
                        <Field
                          label={t("admin.desk_picked_up_by", { number: r.number })}
                          name="picked_up_by"
                          maxLength={80}
                          autoComplete="off"
                          error={failed?.fields?.picked_up_by ?? failed?.fields?.order}
                        />
                        <SubmitButton busy={busy}>{t("admin.order_hand_over")}</SubmitButton>
                      </Form>
                    </td>
                  )}
                  {list === "handed" && (
                    <td className="p-2">
                      {r.picked_up_by}
                      {r.handed_at && <span className="block text-muted">{formatDate(r.handed_at, lang, "time")}</span>}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {total > rows.length && <p className="mt-1 text-sm text-muted">{t("admin.desk_more", { count: total - rows.length })}</p>}
    </>
  );
}

export default function AdminPickupDesk() {
  const { t } = useT();
  const { asked, errors, shops, desk, handOver } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { done?: { number: string; picked_up_by: string } }>();
  const busy = useNavigation().state !== "idle";
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" id={`desk-${name}-error`} className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `desk-${name}-error` } : {});
  return (
    <>
      <PageTitle>{t("admin.desk_title")}</PageTitle>
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-4 rounded border border-line bg-white p-4"
        aria-label={t("admin.desk_filters")}
      >
        <label className={field}>
          <span className="font-medium">{t("admin.desk_shop")}</span>
          <select name="shop" defaultValue={asked.shop} className={input} {...described("shop")}>
            <option value="">{t("admin.desk_all_shops")}</option>
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {error("shop")}
        </label>
        <label className={`${field} grow`}>
          <span className="font-medium">{t("admin.orders_search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={asked.q}
            maxLength={100}
            placeholder={t("admin.desk_search_hint")}
            className={input}
            {...described("q")}
          />
          {error("q")}
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.desk_show")}
        </button>
      </Form>
      <Failure text={answer?.failure} />
      <div role="status" aria-live="polite" className="mb-4">
        {answer?.done && (
          <p className="rounded bg-green-50 p-3 text-sm text-green-800">
            {t("admin.desk_handed_done", { number: answer.done.number, name: answer.done.picked_up_by })}
          </p>
        )}
      </div>
      {desk.map((s) => (
        <section key={s.id} aria-labelledby={`desk-shop-${s.id}`} className="mb-8 flex flex-col gap-4">
          <div>
            <h2 id={`desk-shop-${s.id}`} className="text-xl font-semibold">
              {s.name}
            </h2>
            <p className="text-sm text-muted">{s.address}</p>
          </div>
          {DESK_LISTS.map((list) => (
            <section key={list} aria-labelledby={`desk-${s.id}-${list}`}>
              <h3 id={`desk-${s.id}-${list}`} className="mb-2 font-semibold">
                {t(`admin.desk_${list}`, { count: s[list].total })}
              </h3>
              <DeskTable list={list} rows={s[list].rows} total={s[list].total} handOver={handOver} answer={answer} busy={busy} />
            </section>
          ))}
        </section>
      ))}
    </>
  );
}
