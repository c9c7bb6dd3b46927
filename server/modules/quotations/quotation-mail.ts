// The quotation sent by staff (decision 148): an e-mail in the customer's language saying its number and last day,
// with a link to it in the account and its PDF attached (rendered by the outbox worker when it sends, by the
// customer's own download code). Written in the send's transaction: it goes if and only if the send commits.
import type { Db } from "#server/db/client.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Lang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";
import { formatDate } from "#core/format-date.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { origin } from "#server/modules/orders/order-mail.ts";

export type QuotationSent = { id: number; number: string; customerId: number; email: string; lang: Lang; validUntil: string | null };

export async function tellQuotationSent(q: Db, s: QuotationSent, publicUrl: string) {
  const t = (key: string, vars?: Record<string, string>) => translate(s.lang, key, vars);
  const day = s.validUntil ? formatDate(s.validUntil, s.lang) : "—";
  const intro = t("mail.quotation_sent_intro", { number: s.number, date: day });
  const how = t("mail.quotation_sent_how");
  const attached = t("mail.quotation_sent_attached", { number: s.number });
  const mail = composeMail(
    s.lang,
    t("mail.quotation_sent_subject", { number: s.number }),
    { text: [intro, how, attached], html: [markup`<p>${intro}</p>`, markup`<p>${how}</p>`, markup`<p>${attached}</p>`] },
    {
      label: t("mail.quotation_sent_action"),
      url: `${origin(publicUrl)}${localePath(s.lang, "/accountpdfquotation")}?id=${encodeURIComponent(s.number)}`,
    },
  );
  await enqueueMail(q, {
    to: s.email,
    ...mail,
    attachments: [{ kind: "quotation", id: s.id, customer_id: s.customerId, lang: s.lang }],
  });
}
