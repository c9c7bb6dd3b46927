// Which version of a legal text the customer accepted, and when (core/legal.ts): the terms of sale on an order,
// the privacy notice on the account. Nothing for a row made before acceptances were recorded.
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { Acceptance } from "#core/legal.ts";

/** `text`: the page's message key, with {{version}}, {{date}} and {{time}} (the page declares its namespace). */
export function AcceptanceNote({
  kind,
  text,
  acceptance,
}: {
  kind: "cgv" | "privacy";
  text: string;
  acceptance: Acceptance | null | undefined;
}) {
  const { t, lang } = useT();
  if (!acceptance) return null;
  const at = acceptance.acceptedAt;
  return (
    <p className="text-sm text-muted" data-testid={`${kind}-acceptance`}>
      {t(text, { version: acceptance.version, date: formatDate(at, lang, "long"), time: formatDate(at, lang, "time") })}
    </p>
  );
}
