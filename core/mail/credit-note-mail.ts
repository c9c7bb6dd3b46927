// The credit-note e-mail: the note issued to the customer (a refunded return), its amount HT, VAT by rate as its
// PDF shows it (creditNoteVat) and TTC, the balance left to spend, its PDF attached by the outbox. Plain text and HTML, in the customer's language.
import { translate, type Lang } from "../i18n/messages.ts";
import { formatPrice } from "../price-format.ts";
import { formatRate } from "../vat.ts";
import type { VatRow } from "../vat.ts";
import { amountsTable, link, markup, paragraph } from "./html.ts";
import { composeMail, type ComposedMail } from "./order-mail.ts";

type MailCreditNote = {
  number: string;
  amount_ttc: string;
  remaining_ttc: string;
  /** Its VAT by rate, as its PDF shows it (creditNoteVat). */
  vat: { rows: readonly VatRow[]; ht: string };
  order_number: string | null;
  /** The reason as the PDF writes it (the shop's text, or "Retour de marchandise sur la commande …"). */
  reason: string | null;
};

export function creditNoteMail(lang: Lang, n: MailCreditNote, links: { pdf: string; creditNotes: string }): ComposedMail {
  const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
  const vars = { number: n.number, amount: formatPrice(n.amount_ttc, lang, "TTC") };
  const rows = [
    ...(n.order_number ? [{ label: t("documents.credit_note_origin"), amount: n.order_number, strong: false }] : []),
    ...(n.reason ? [{ label: t("documents.credit_note_reason"), amount: n.reason, strong: false }] : []),
    { label: t("orders.total_ht"), amount: formatPrice(n.vat.ht, lang), strong: false },
    ...n.vat.rows.map((r) => ({
      label: t("orders.vat_rate", { rate: formatRate(r.rate, lang), base: formatPrice(r.base, lang) }),
      amount: formatPrice(r.vat, lang),
      strong: false,
    })),
    { label: t("documents.credit_note_amount"), amount: formatPrice(n.amount_ttc, lang), strong: true },
    { label: t("documents.credit_note_remaining"), amount: formatPrice(n.remaining_ttc, lang), strong: true },
  ];
  const intro = t("mail.credit_intro", vars);
  const attached = t("mail.credit_attached", vars);
  const download = t("mail.download_credit_note", vars);
  const use = t("mail.credit_use");
  const title = t("mail.credit_title", vars);
  return composeMail(
    lang,
    t("mail.credit_subject", vars),
    {
      text: [
        intro,
        [title, ...rows.map((r) => t("orders.mail_row", { label: r.label, amount: r.amount }))].join("\n"),
        use,
        `${attached}\n${t("mail.link", { label: download, url: links.pdf })}`,
      ],
      html: [paragraph(intro), amountsTable(title, rows), paragraph(use), paragraph(markup`${attached} ${link(links.pdf, download)}`)],
    },
    { label: t("mail.see_credit_notes"), url: links.creditNotes },
  );
}
