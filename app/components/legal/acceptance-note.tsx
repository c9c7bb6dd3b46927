// Which version of a legal text the customer accepted, and when (core/legal.ts): the terms of sale on an order,
// the privacy notice on the account. Nothing for a row made before acceptances were recorded.
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { Acceptance } from "#core/legal.ts";

const KEYS = { cgv: "orders.cgv_accepted", privacy: "account.privacy_accepted" } as const;

export function AcceptanceNote({ kind, acceptance }: { kind: keyof typeof KEYS; acceptance: Acceptance | null | undefined }) {
  const { t, lang } = useT();
  if (!acceptance) return null;
  const at = acceptance.acceptedAt;
  return (
    <p className="text-sm text-muted" data-testid={`${kind}-acceptance`}>
      {t(KEYS[kind], { version: acceptance.version, date: formatDate(at, lang, "long"), time: formatDate(at, lang, "time") })}
    </p>
  );
}
