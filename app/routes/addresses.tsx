import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/addresses";
import { addressCombinationSchema } from "#core/validation/address.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { customerContext } from "#app/lib/guard.ts";
import { useSession } from "#app/lib/session-store.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { AddressForm } from "#app/components/account/address-form.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { formatPhone, type AddressKind, type AddressView } from "#core/account.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  return context.services.addresses.list(customerContext(context, url));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "account.addresses_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

const oneLine = (a: AddressView) =>
  `${a.first_name} ${a.last_name}${a.company ? `, ${a.company}` : ""} — ${a.line1}, ${a.zip_code} ${a.city}`;

function AddressCard({ a, onEdit, onDelete }: { a: AddressView; onEdit: () => void; onDelete: () => void }) {
  const { t } = useT();
  const { revalidate } = useRevalidator();
  async function makeDefault() {
    const res = await api("POST", "/site/Customer/setDefaultAddress", { body: { id: a.id } });
    if (res?.code === 200) await revalidate();
  }
  return (
    <li className={`rounded border p-4 ${a.is_default ? "border-brand" : "border-line"}`}>
      <address className="not-italic">
        <strong>
          {a.first_name} {a.last_name}
        </strong>
        {a.company && <span className="block">{a.company}</span>}
        <span className="block">{a.line1}</span>
        {a.line2 && <span className="block">{a.line2}</span>}
        <span className="block">
          {a.zip_code} {a.city}
        </span>
        {a.phone && <span className="block">{formatPhone(a.phone)}</span>}
      </address>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {a.is_default ? (
          <span className="rounded bg-brand px-2 py-0.5 text-white">{t("account.default")}</span>
        ) : (
          <button type="button" onClick={makeDefault} className="text-brand underline">
            {t("account.make_default")}
          </button>
        )}
        <button type="button" onClick={onEdit} className="text-brand underline">
          {t("account.edit")}
        </button>
        <button type="button" onClick={onDelete} className="text-red-700 underline">
          {t("account.delete")}
        </button>
      </div>
    </li>
  );
}

function Column({ kind, list }: { kind: AddressKind; list: AddressView[] }) {
  const { t } = useT();
  const { revalidate } = useRevalidator();
  const notify = useSession((s) => s.notify);
  const [editing, setEditing] = useState<AddressView | "new" | null>(null);
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const title = t(kind === "delivery" ? "account.delivery_addresses" : "account.invoice_addresses");

  async function remove(a: AddressView) {
    const res = await api("POST", "/site/Customer/delAddress", { body: { id: a.id } });
    if (res?.code === 200) {
      notify({ kind: "success", text: res.info });
      await revalidate();
    }
  }

  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {list.length === 0 && <p className="text-sm text-muted">{t("account.no_address")}</p>}
      <ul className="flex flex-col gap-3">
        {list.map((a) =>
          editing !== "new" && editing?.id === a.id ? (
            <li key={a.id}>
              <AddressForm kind={kind} address={a} onClose={() => setEditing(null)} />
            </li>
          ) : (
            <AddressCard key={a.id} a={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
          ),
        )}
      </ul>
      {editing === "new" ? (
        <AddressForm kind={kind} onClose={() => setEditing(null)} />
      ) : (
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="self-start rounded border border-brand px-4 py-2 text-brand hover:bg-brand hover:text-white"
        >
          {t("account.add_address")}
        </button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("account.delete_confirm_title")}
        text={t("account.delete_confirm_text")}
        onYes={() => {
          if (deleting) void remove(deleting);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const combo = useApiForm(addressCombinationSchema, "/site/Customer/addAddressCombination");
  const { delivery, invoice, combinations } = loaderData;
  const byId = new Map([...delivery, ...invoice].map((a) => [a.id, a]));
  const select = "w-full rounded border border-line px-3 py-2";
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold text-brand">{t("account.addresses_title")}</h1>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Column kind="delivery" list={delivery} />
        <Column kind="invoice" list={invoice} />
      </div>
      <section aria-labelledby="combo-title" className="flex flex-col gap-3 rounded bg-paper p-5">
        <h2 id="combo-title" className="text-lg font-semibold">
          {t("account.combinations_title")}
        </h2>
        <p className="text-sm text-muted">{t("account.combinations_intro")}</p>
        <ul className="list-disc pl-5 text-sm">
          {combinations.map((c) => (
            <li key={c.id}>
              {t("account.combination_delivery")} : {oneLine(byId.get(c.delivery_addr_id)!)} · {t("account.combination_invoice")} :{" "}
              {oneLine(byId.get(c.invoice_addr_id)!)}
            </li>
          ))}
        </ul>
        {delivery.length > 0 && invoice.length > 0 && (
          <form method="post" onSubmit={combo.onSubmit} noValidate className="flex flex-wrap items-end gap-3">
            <label className="flex max-w-full flex-col gap-1 text-sm">
              {t("account.combination_delivery")}
              <select name="delivery_addr_id" className={select}>
                {delivery.map((a) => (
                  <option key={a.id} value={a.id}>
                    {oneLine(a)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex max-w-full flex-col gap-1 text-sm">
              {t("account.combination_invoice")}
              <select name="invoice_addr_id" className={select}>
                {invoice.map((a) => (
                  <option key={a.id} value={a.id}>
                    {oneLine(a)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={combo.busy} className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
              {t("account.combination_add")}
            </button>
            {combo.failure && (
              <p role="alert" className="w-full text-sm text-red-800">
                {combo.failure}
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
