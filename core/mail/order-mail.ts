// The order e-mails (confirmation, payment, shipping): a plain-text part and an HTML part saying the same, in the
// customer's language — the lines, the delivery mode and address, the invoice address and the order's money broken
// down as the order pages show it (core/order-breakdown.ts: the freight discount on its own row, VAT by rate, the
// credit deducted and what the card pays). Pure: the server gives the order and the links (built from PUBLIC_URL).
import { translate, unitName, type Lang } from "../i18n/messages.ts";
import { formatPrice } from "../price-format.ts";
import { formatPhone } from "../account.ts";
import { breakdownRows, type OrderMoneyFigures } from "../order-breakdown.ts";
import { deliveryModeKey, type OrderAddress } from "../order-view.ts";
import type { OrderDetailAnswer, OrderLineAnswer } from "../contracts/orders.ts";
import { formatRate } from "../vat.ts";
import { amountsTable, dataTable, heading, lines, link, mailDocument, markup, paragraph, STYLE, type SafeHtml } from "./html.ts";

export type ComposedMail = { subject: string; text: string; html: string };

type MailOrderLine = Pick<OrderLineAnswer, "reference" | "designation" | "unit" | "num" | "line_ht" | "gifted_units">;

/** What the order e-mails show of an order: the order detail's lines, delivery and money. */
export type MailOrder = {
  number: string;
  lines: readonly MailOrderLine[];
  pickup_method: number;
  delivery_mode: string | null;
  delivery_address: OrderAddress | null;
  invoice_address: OrderAddress | null;
  shop: { name: string; address: string } | null;
  money: OrderMoneyFigures;
};

/** The e-mail's view of an order detail (orders.service detail). */
export function mailOrderOf(d: OrderDetailAnswer): MailOrder {
  return {
    number: d.number,
    lines: d.lines,
    pickup_method: d.pickup_method,
    delivery_mode: d.delivery_mode,
    delivery_address: d.delivery_address,
    invoice_address: d.invoice_address,
    shop: d.shop,
    money: { ...d.totals, credit_used: d.credit_used, amount_due: d.amount_due },
  };
}

/** One message of parts: the text's paragraphs and the HTML's blocks. */
type MailParts = { text: string[]; html: SafeHtml[] };

const tr = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);

/**
 * The money rows in the e-mail's language: "Marchandises HT : 226,76 €" … `paid`: the card payment is made
 * ("Payé par carte"), else still to make ("Reste à payer par carte"). Totals and what the card pays are strong.
 */
export function mailTotalsRows(lang: Lang, f: OrderMoneyFigures, paid: boolean): { label: string; amount: string; strong: boolean }[] {
  const t = tr(lang);
  return breakdownRows(f).map((r) => {
    const amount = formatPrice(r.amount, lang);
    switch (r.key) {
      case "freight":
        return { label: t("orders.freight_ht"), amount: r.free ? t("orders.freight_free") : amount, strong: false };
      case "vat_rate":
        return { label: t("orders.vat_rate", { rate: formatRate(r.rate, lang), base: formatPrice(r.base, lang) }), amount, strong: false };
      case "amount_due":
        return { label: t(paid ? "orders.amount_due" : "orders.amount_due_unpaid"), amount, strong: true };
      case "discount":
        return { label: t("orders.discount_ht"), amount, strong: false };
      case "freight_discount":
        return { label: t("orders.freight_discount_ht"), amount, strong: false };
      default:
        return { label: t(`orders.${r.key}`), amount, strong: r.key === "total_ttc" };
    }
  });
}

/** An address as lines: name, company, street, town, phone. */
function addressLines(a: OrderAddress): string[] {
  return [
    [a.first_name, a.last_name].filter(Boolean).join(" "),
    a.company ?? "",
    a.line1 ?? "",
    a.line2 ?? "",
    [a.zip_code, a.city].filter(Boolean).join(" "),
    a.phone ? formatPhone(a.phone) : "",
  ].filter((l) => l.trim() !== "");
}

/** The quantity as said: "4 cartons", with the units a promotion offered ("+2 offerts"). */
function quantity(lang: Lang, l: MailOrderLine): string {
  const q = `${l.num} ${unitName(lang, l.unit, l.num)}`;
  if (l.gifted_units <= 0) return q;
  return translate(lang, "mail.gifted", { quantity: q, gifted: translate(lang, "orders.line_gifted", { count: l.gifted_units }) });
}

/** The lines, the delivery (mode, address or store), the invoice address and the money of the order. */
function orderSections(lang: Lang, o: MailOrder, paid: boolean): MailParts {
  const t = tr(lang);
  const label = (text: string) => t("mail.label", { label: text });
  const lineTexts = o.lines.map((l) =>
    t("mail.line", { ref: l.reference, name: l.designation, quantity: quantity(lang, l), amount: formatPrice(l.line_ht, lang, "HT") }),
  );
  const totals = mailTotalsRows(lang, o.money, paid);
  const mode = t(deliveryModeKey(o));
  const pickup = o.pickup_method === 2;
  const where: { title: string; lines: string[] } | null =
    pickup && o.shop
      ? { title: t("orders.pickup_shop"), lines: [o.shop.name, ...o.shop.address.split("\n")].filter(Boolean) }
      : !pickup && o.delivery_address
        ? { title: t("orders.delivery_address"), lines: addressLines(o.delivery_address) }
        : null;
  const invoice = o.invoice_address ? addressLines(o.invoice_address) : null;

  const text = [
    [t("orders.lines_title"), ...lineTexts].join("\n"),
    [
      t("orders.delivery_title"),
      t("mail.delivery_mode", { mode }),
      ...(where ? [label(where.title), ...where.lines] : []),
      ...(invoice ? ["", label(t("orders.invoice_address")), ...invoice] : []),
    ].join("\n"),
    [t("orders.totals_title"), ...totals.map((r) => t("orders.mail_row", { label: r.label, amount: r.amount }))].join("\n"),
  ];

  const address = (title: string, ls: string[]) =>
    markup`<h3 style="${STYLE.p}${STYLE.strong}">${title}</h3><address style="${STYLE.address}">${lines(ls.join("\n"))}</address>\n`;
  const htmlParts = [
    dataTable(
      t("orders.lines_title"),
      [
        { label: t("orders.line_reference") },
        { label: t("orders.line_designation") },
        { label: t("orders.line_quantity"), right: true },
        { label: t("orders.line_total"), right: true },
      ],
      o.lines.map((l) => [l.reference, l.designation, quantity(lang, l), formatPrice(l.line_ht, lang, "HT")]),
    ),
    markup`${heading(t("orders.delivery_title"))}${paragraph(t("mail.delivery_mode", { mode }))}${where ? address(where.title, where.lines) : ""}${
      invoice ? address(t("orders.invoice_address"), invoice) : ""
    }`,
    amountsTable(t("orders.totals_title"), totals),
  ];
  return { text, html: htmlParts };
}

/** Greeting, the parts, a link, the thanks and the brand: the text and HTML parts of one message. */
export function composeMail(lang: Lang, subject: string, parts: MailParts, action: { label: string; url: string } | null): ComposedMail {
  const t = tr(lang);
  const brand = t("common.brand");
  const text = [
    t("mail.greeting"),
    ...parts.text,
    ...(action ? [t("mail.link", { label: action.label, url: action.url })] : []),
    `${t("mail.thanks")}\n${brand}`,
  ].join("\n\n");
  const body = markup`${paragraph(t("mail.greeting"))}${parts.html}${action ? paragraph(link(action.url, action.label)) : ""}`;
  const footer = markup`${t("mail.thanks")}<br>${brand}`;
  return { subject, text: `${text}\n`, html: mailDocument({ lang, title: subject, brand, body, footer }) };
}

type OrderLinks = { order: string };

/** Right after the order is placed: awaiting its card payment, or already paid by the credit balance. */
export function orderConfirmationMail(lang: Lang, o: MailOrder, paid: boolean, links: OrderLinks): ComposedMail {
  const t = tr(lang);
  const intro = t(paid ? "mail.confirm_intro_paid" : "mail.confirm_intro_unpaid", { number: o.number });
  const sections = orderSections(lang, o, paid);
  return composeMail(
    lang,
    t("mail.confirm_subject", { number: o.number }),
    { text: [intro, ...sections.text], html: [paragraph(intro), ...sections.html] },
    { label: t(paid ? "mail.see_order" : "mail.pay_order"), url: links.order },
  );
}

type PaymentFacts = {
  invoice: string;
  /** What this payment paid: the card's part (total − credit), or the total for a credit note alone. */
  amount: string;
  method: string | null;
  /** When it was paid, already written in the language. */
  date: string;
  /** Paid by the credit balance alone: no "credit deducted / paid by card" rows. */
  byCredit: boolean;
  links: OrderLinks & { invoice: string };
  /** An invoice on account: nothing was paid, the invoice is due by bank transfer on this date (written in the language). */
  dueDate?: string;
};

/** The payment received, with the invoice (attached by the outbox) and the order's breakdown. */
export function paymentMail(lang: Lang, o: MailOrder, p: PaymentFacts): ComposedMail {
  const t = tr(lang);
  const known = ["card", "credit_note", "on_account"];
  const vars = {
    number: o.number,
    invoice: p.invoice,
    amount: formatPrice(p.amount, lang, "TTC"),
    method: t(`payment.method_${p.method && known.includes(p.method) ? p.method : "card"}`),
    date: p.date,
    due: p.dueDate ?? "",
  };
  const onAccount = p.dueDate !== undefined;
  const intro = t(onAccount ? "mail.on_account_intro" : "mail.paid_intro", vars);
  const attached = t("mail.paid_invoice", vars);
  const download = t("mail.download_invoice", vars);
  const money = p.byCredit ? { ...o.money, credit_used: "0", amount_due: null } : o.money;
  const sections = orderSections(lang, { ...o, money }, true);
  return composeMail(
    lang,
    t(onAccount ? "mail.on_account_subject" : "mail.paid_subject", vars),
    {
      text: [intro, `${attached}\n${t("mail.link", { label: download, url: p.links.invoice })}`, ...sections.text],
      html: [paragraph(intro), paragraph(markup`${attached} ${link(p.links.invoice, download)}`), ...sections.html],
    },
    { label: t("mail.see_order"), url: p.links.order },
  );
}

/** The order handed to the carrier on `date` (written in the language). */
export function shippingMail(lang: Lang, o: MailOrder, s: { date: string; links: OrderLinks }): ComposedMail {
  const t = tr(lang);
  const intro = t("mail.shipped_intro", { number: o.number, date: s.date });
  const sections = orderSections(lang, o, true);
  return composeMail(
    lang,
    t("mail.shipped_subject", { number: o.number }),
    { text: [intro, ...sections.text], html: [paragraph(intro), ...sections.html] },
    { label: t("mail.track_order"), url: s.links.order },
  );
}
