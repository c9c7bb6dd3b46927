// Delivery and invoice addresses of the checkout: choose among the customer's, add one inline (the
// address book's form and schema), pick or save a delivery/invoice combination.
import { useState } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { AddressForm } from "#app/components/account/address-form.tsx";
import type { AddressKind, AddressView } from "#core/account.ts";
import type { Combination } from "#app/lib/checkout-api.ts";

const addressLine = (a: AddressView) =>
  `${a.first_name} ${a.last_name}${a.company ? `, ${a.company}` : ""} — ${a.line1}, ${a.zip_code} ${a.city}`;

type ListProps = {
  kind: AddressKind;
  list: AddressView[];
  value: number | null;
  error?: string;
  onChange: (id: number) => void;
  onAdded: () => void;
};

function AddressList({ kind, list, value, error, onChange, onAdded }: ListProps) {
  const { t } = useT();
  const [adding, setAdding] = useState(false);
  const legend = t(kind === "delivery" ? "checkout.delivery_address" : "checkout.invoice_address");
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {list.length === 0 && <p className="text-sm text-muted">{t("account.no_address")}</p>}
      {list.map((a) => (
        <label
          key={a.id}
          className={`flex items-start gap-2 rounded border p-3 text-sm ${value === a.id ? "border-brand" : "border-line"}`}
        >
          <input
            type="radio"
            name={`${kind}_addr_id`}
            value={a.id}
            checked={value === a.id}
            onChange={() => onChange(a.id)}
            className="mt-1"
          />
          <span>
            {addressLine(a)}
            {a.is_default && <span className="ml-2 rounded bg-brand px-1.5 text-xs text-white">{t("account.default")}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
      {adding ? (
        <AddressForm
          kind={kind}
          onClose={() => {
            setAdding(false);
            onAdded();
          }}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)} className="self-start text-sm text-brand underline">
          {t("account.add_address")}
        </button>
      )}
    </fieldset>
  );
}

type Props = {
  delivery: AddressView[];
  invoice: AddressView[];
  combinations: Combination[];
  pickup: boolean;
  deliveryId: number | null;
  invoiceId: number | null;
  errors: Record<string, string>;
  onDelivery: (id: number) => void;
  onInvoice: (id: number) => void;
  onCombination: (c: Combination) => void;
  onSaveCombination: () => Promise<string | null>;
  onAdded: () => void;
};

export function AddressSection(p: Props) {
  const { t } = useT();
  const [comboMessage, setComboMessage] = useState<string | null>(null);
  const byId = new Map([...p.delivery, ...p.invoice].map((a) => [a.id, a]));
  const combos = p.combinations.filter((c) => byId.has(c.delivery_addr_id) && byId.has(c.invoice_addr_id));
  return (
    <section aria-labelledby="checkout-addresses" className="flex flex-col gap-4 rounded border border-line bg-white p-5">
      <h2 id="checkout-addresses" className="text-lg font-semibold">
        {t("checkout.addresses_title")}
      </h2>
      {combos.length > 0 && !p.pickup && (
        <label className="flex flex-col gap-1 text-sm">
          {t("checkout.combination_pick")}
          <select
            className="w-full min-w-0 rounded border border-line px-3 py-2"
            value=""
            onChange={(e) => {
              const c = combos.find((x) => x.id === Number(e.target.value));
              if (c) p.onCombination(c);
            }}
          >
            <option value="">—</option>
            {combos.map((c) => (
              <option key={c.id} value={c.id}>
                {addressLine(byId.get(c.delivery_addr_id)!)} / {addressLine(byId.get(c.invoice_addr_id)!)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {!p.pickup && (
          <AddressList
            kind="delivery"
            list={p.delivery}
            value={p.deliveryId}
            error={p.errors.delivery_addr_id}
            onChange={p.onDelivery}
            onAdded={p.onAdded}
          />
        )}
        <AddressList
          kind="invoice"
          list={p.invoice}
          value={p.invoiceId}
          error={p.errors.invoice_addr_id}
          onChange={p.onInvoice}
          onAdded={p.onAdded}
        />
      </div>
      {!p.pickup && p.deliveryId && p.invoiceId && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={async () => setComboMessage(await p.onSaveCombination())}
            className="rounded border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand hover:text-white"
          >
            {t("checkout.combination_save")}
          </button>
          {comboMessage && (
            <p role="status" className="text-sm">
              {comboMessage}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
