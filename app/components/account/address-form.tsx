import { addressBodySchema } from "#core/validation/address.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import type { AddressKind, AddressView } from "#core/account.ts";
import { Field } from "./field.tsx";

/** Creates an address of `kind`, or edits `address`. */
export function AddressForm({ kind, address, onClose }: { kind: AddressKind; address?: AddressView; onClose: () => void }) {
  const { t } = useT();
  const form = useApiForm(addressBodySchema, "/site/Customer/saveAddress", {
    extra: { kind, ...(address ? { id: address.id } : {}) },
    onDone: onClose,
  });
  const title = address ? t("account.edit_address") : t(kind === "delivery" ? "account.new_delivery" : "account.new_invoice");
  const v = (k: keyof AddressView) => (address?.[k] as string | null | undefined) ?? "";
  return (
    <form
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      aria-label={title}
      className="grid grid-cols-1 gap-3 rounded border border-brand bg-white p-4 md:grid-cols-2"
    >
      <h3 className="font-semibold md:col-span-2">{title}</h3>
      <Field
        label={t("account.first_name")}
        name="first_name"
        defaultValue={v("first_name")}
        maxLength={50}
        error={form.errors.first_name}
      />
      <Field label={t("account.last_name")} name="last_name" defaultValue={v("last_name")} maxLength={50} error={form.errors.last_name} />
      <Field label={t("account.company")} name="company" defaultValue={v("company")} maxLength={100} error={form.errors.company} />
      <Field label={t("account.phone")} name="phone" type="tel" defaultValue={v("phone")} maxLength={20} error={form.errors.phone} />
      <Field label={t("account.line1")} name="line1" defaultValue={v("line1")} maxLength={100} error={form.errors.line1} />
      <Field label={t("account.line2")} name="line2" defaultValue={v("line2")} maxLength={100} error={form.errors.line2} />
      <Field
        label={t("account.zip_code")}
        name="zip_code"
        inputMode="numeric"
        defaultValue={v("zip_code")}
        maxLength={5}
        error={form.errors.zip_code}
      />
      <Field label={t("account.city")} name="city" defaultValue={v("city")} maxLength={60} error={form.errors.city} />
      {form.failure && (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
          {form.failure}
        </p>
      )}
      <div className="flex gap-3 md:col-span-2">
        <button
          type="submit"
          disabled={form.busy}
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {t("account.save")}
        </button>
        <button type="button" onClick={onClose} className="rounded border border-line px-4 py-2 hover:border-brand">
          {t("account.cancel")}
        </button>
      </div>
    </form>
  );
}
