// The customer's price group on their page (decision 157): none or one group, chosen by those holding customers:write.
import { Form } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { Failure, SubmitButton } from "./ui.tsx";
import type { FormFailure } from "./form.ts";

export type GroupAnswer = FormFailure & { group_saved?: boolean };

export function GroupSection(props: {
  groupId: number | null;
  groups: { id: number; name: string }[];
  canWrite: boolean;
  answer?: GroupAnswer;
  busy: boolean;
}) {
  const { groupId, groups, canWrite, answer, busy } = props;
  const { t } = useT();
  const mine = answer?.form === "group" ? answer : undefined;
  const current = groups.find((g) => g.id === groupId);
  return (
    <section aria-labelledby="customer-group" className="rounded border border-line bg-white p-4">
      <h2 id="customer-group" className="mb-2 text-lg font-semibold">
        {t("pricing.customer_group")}
      </h2>
      <p className="text-sm" data-testid="customer-group">
        {current ? current.name : t("pricing.no_group")}
      </p>
      <p role="status" className="mt-2 text-sm text-green-800">
        {mine?.group_saved ? t("pricing.group_saved") : ""}
      </p>
      {canWrite && (
        <Form method="post" noValidate className="mt-3 flex flex-wrap items-end gap-2" key={String(groupId)}>
          <input type="hidden" name="intent" value="group" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("pricing.customer_group")}
            <select
              name="group_id"
              defaultValue={groupId === null ? "" : String(groupId)}
              className="rounded border border-line px-3 py-2 focus:border-brand focus:outline-none"
            >
              <option value="">{t("pricing.no_group")}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <SubmitButton busy={busy}>{t("pricing.group_save")}</SubmitButton>
          <Failure text={mine?.failure ?? (mine?.fields?.group_id && t(mine.fields.group_id))} />
        </Form>
      )}
    </section>
  );
}
