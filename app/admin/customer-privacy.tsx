// The customer page's personal data section (decision 147, customers:write): the export of everything the shop
// holds about the customer (a JSON file, posted straight to its address so the browser saves it), and the erasure
// on request, confirmed by typing the client number; kept records are said beside the button.
import { Form } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";
import { Failure } from "./ui.tsx";
import type { CustomerAnswer } from "./customer-parts.tsx";

export type PrivacyAnswer = CustomerAnswer & { erased?: boolean };

export function PrivacySection({
  clientNumber,
  erased,
  answer,
  busy,
}: {
  clientNumber: string;
  erased: boolean;
  answer?: PrivacyAnswer;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const mine = answer?.form === "erase" ? answer : undefined;
  const error = mine?.fields?.confirm;
  return (
    <section aria-labelledby="customer-privacy" className="rounded border border-line bg-white p-4">
      <h2 id="customer-privacy" className="mb-1 text-lg font-semibold">
        {t("admin.customer_privacy")}
      </h2>
      <p role="status" className="text-sm text-green-800">
        {mine?.erased ? t("admin.customer_erased_done") : ""}
      </p>
      {erased ? (
        <p className="text-sm">{t("admin.customer_erased_state")}</p>
      ) : (
        <>
          <form method="post" action={adminPath(lang, `/clients/${encodeURIComponent(clientNumber)}/donnees.json`)} className="mb-4">
            <p className="mb-2 text-sm text-muted">{t("admin.customer_export_hint")}</p>
            <button type="submit" className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10">
              {t("admin.customer_export_submit")}
            </button>
          </form>
          <Form method="post" noValidate className="flex max-w-xl flex-col gap-2">
            <input type="hidden" name="intent" value="erase" />
            <p className="text-sm text-muted">{t("admin.customer_erase_hint")}</p>
            <label htmlFor="erase-confirm" className="text-sm font-medium">
              {t("admin.customer_erase_confirm", { number: clientNumber })}
            </label>
            <input
              id="erase-confirm"
              name="confirm"
              autoComplete="off"
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "erase-confirm-error" : undefined}
              className="max-w-xs rounded border border-line px-3 py-2 focus:border-brand focus:outline-none"
            />
            {error && (
              <p id="erase-confirm-error" role="alert" className="text-sm text-red-700">
                {t(error, { number: clientNumber })}
              </p>
            )}
            <Failure text={mine?.failure} />
            <div>
              <button
                type="submit"
                disabled={busy}
                className="rounded border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                {t("admin.customer_erase_submit")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
