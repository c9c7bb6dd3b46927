// The HTML part of the shop's e-mails: escaped by construction (every value put in the `markup` template is escaped
// unless it is already `SafeHtml`), inline styles only (mail readers drop <style> and external sheets), no image or
// font to fetch, `lang` on the document, data tables with headers. Pure: the composers in this folder use it.
import type { Lang } from "../lang.ts";

/** Markup built by `markup` (or trusted on purpose): put in another `markup` template as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return "";
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  return escapeHtml(String(v));
}

/**
 * A template whose values are escaped (arrays joined; null, undefined and false left out). Not named `html`:
 * Prettier would reformat the markup of templates tagged so, and change what is sent.
 */
export function markup(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => (out += render(v) + strings[i + 1]));
  return new SafeHtml(out);
}

/** Text on several lines ("\n"), each escaped, joined by <br>. */
export const lines = (text: string) => new SafeHtml(text.split("\n").map(escapeHtml).join("<br>"));

export const STYLE = {
  body: "margin:0;padding:0;background:#f4f4f5;",
  page: "max-width:640px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;background:#ffffff;",
  brand: "margin:0 0 16px;font-size:20px;color:#0b4f6c;",
  h2: "margin:24px 0 8px;font-size:17px;color:#0b4f6c;",
  p: "margin:0 0 12px;",
  table: "width:100%;border-collapse:collapse;font-size:14px;",
  caption: "text-align:left;font-weight:bold;padding:0 0 6px;",
  th: "text-align:left;padding:6px 8px;border-bottom:2px solid #d4d4d8;",
  thRight: "text-align:right;padding:6px 8px;border-bottom:2px solid #d4d4d8;",
  td: "padding:6px 8px;border-bottom:1px solid #e4e4e7;vertical-align:top;",
  tdRight: "padding:6px 8px;border-bottom:1px solid #e4e4e7;vertical-align:top;text-align:right;white-space:nowrap;",
  rowLabel: "text-align:left;padding:4px 8px;",
  rowAmount: "text-align:right;padding:4px 8px;white-space:nowrap;",
  strong: "font-weight:bold;",
  small: "font-size:13px;color:#52525b;",
  address: "font-style:normal;margin:0 0 12px;",
  // Brand blue on white: contrast above 7:1; underlined so that a link is not told by colour alone.
  link: "color:#0b4f6c;text-decoration:underline;",
  footer: "margin:24px 0 0;padding-top:12px;border-top:1px solid #e4e4e7;font-size:13px;color:#52525b;",
} as const;

/** A whole message: doctype, language, title (the subject), the body on a white column, the closing lines. */
export function mailDocument(o: { lang: Lang; title: string; brand: string; body: SafeHtml; footer: SafeHtml }): string {
  const lang = o.lang === "zh" ? "zh-CN" : "fr";
  return markup`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
</head>
<body style="${STYLE.body}">
<div role="article" aria-label="${o.title}" lang="${lang}" style="${STYLE.page}">
<p style="${STYLE.brand}"><strong>${o.brand}</strong></p>
${o.body}
<div style="${STYLE.footer}">${o.footer}</div>
</div>
</body>
</html>
`.value;
}

type Column = { label: string; right?: boolean };

/** A data table: caption, column headers (scope col), rows of cells (already escaped or plain text). */
export function dataTable(caption: string, columns: readonly Column[], rows: readonly (readonly Value[])[]): SafeHtml {
  const head = columns.map((c) => markup`<th scope="col" style="${c.right ? STYLE.thRight : STYLE.th}">${c.label}</th>`);
  const body = rows.map(
    (r) => markup`<tr>${r.map((cell, i) => markup`<td style="${columns[i]?.right ? STYLE.tdRight : STYLE.td}">${cell}</td>`)}</tr>\n`,
  );
  return markup`<table style="${STYLE.table}">
<caption style="${STYLE.caption}">${caption}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}</tbody>
</table>\n`;
}

/** Label and amount rows (scope row), the strong ones in bold: a document's totals. */
export function amountsTable(caption: string, rows: readonly { label: string; amount: string; strong?: boolean }[]): SafeHtml {
  const body = rows.map((r) => {
    const weight = r.strong ? STYLE.strong : "font-weight:normal;";
    return markup`<tr><th scope="row" style="${STYLE.rowLabel}${weight}">${r.label}</th><td style="${STYLE.rowAmount}${weight}">${r.amount}</td></tr>\n`;
  });
  return markup`<table style="${STYLE.table}">
<caption style="${STYLE.caption}">${caption}</caption>
<tbody>
${body}</tbody>
</table>\n`;
}

export const paragraph = (content: Value) => markup`<p style="${STYLE.p}">${content}</p>\n`;
export const heading = (text: string) => markup`<h2 style="${STYLE.h2}">${text}</h2>\n`;
export const link = (href: string, text: string) => markup`<a href="${href}" style="${STYLE.link}">${text}</a>`;
