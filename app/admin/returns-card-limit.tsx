// The owner's card-refund limit for customer service (decision 141), on the returns inbox: shown and changed by
// settings:write only; customer service reads it on a return's page, where the card refund is offered.
import { Form, useActionData, useNavigation } from "react-router";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { FormFailure } from "./form.ts";
import { Failure, SubmitButton } from "./ui.tsx";

export function CardLimitSetting({ limit }: { limit: string }) {
  const { t, lang } = useT();
  const answer = useActionData<FormFailure & { saved?: string }>();
  const busy = useNavigation().state !== "idle";
  const money = (a: string) => formatPrice(a, lang, "TTC");
  const failure = answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined);
  return (
    <section aria-labelledby="card-limit-setting" className="mb-6 rounded border border-line bg-white p-4">
      <h2 id="card-limit-setting" className="mb-1 text-lg font-semibold">
        {t("admin.returns_card_limit_title")}
      </h2>
      <p className="mb-2 text-sm">
        {Number(limit) > 0 ? t("admin.return_card_limit", { amount: money(limit) }) : t("admin.return_card_limit_none")}
      </p>
      <p role="status" className="text-sm text-green-800">
        {answer?.saved !== undefined ? t("admin.returns_card_limit_saved", { amount: money(answer.saved) }) : ""}
      </p>
      <Failure text={failure} />
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.returns_card_limit_label")}</span>
          <input
            name="limit"
            defaultValue={limit}
            inputMode="decimal"
            maxLength={20}
            required
            className="w-40 rounded border border-line px-3 py-2"
          />
        </label>
        <SubmitButton busy={busy}>{t("admin.returns_card_limit_submit")}</SubmitButton>
      </Form>
    </section>
  );
}
