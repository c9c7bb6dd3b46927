// The formatted text of a content page, as staff write it in the back office: only an allow-list of tags and
// attributes is kept when it is saved (the storefront shows it as HTML). Headings, paragraphs, lists, tables,
// strong/em and links to http(s), mailto or a path of the shop; no script, style, event handler, frame or form,
// and no other URL scheme (javascript:, data:, vbscript:).
import sanitizeHtml from "sanitize-html";

const TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "a",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
];

/** A link's address: http(s), mailto, or a path of the shop ("/magasins", "#part"), never "//host" (another site). */
export function isAllowedHref(href: string): boolean {
  const h = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(h)) return true;
  return /^[/#?]/.test(h) && !/^\/[/\\]/.test(h);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ["href", "title", "rel"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // what is dropped with its content, not only its tags
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  disallowedTagsMode: "discard",
  transformTags: {
    // the page's title is its one h1
    h1: "h2",
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const kept: Record<string, string> = {};
      if (href !== undefined && isAllowedHref(href)) kept.href = href.trim();
      if (title) kept.title = title;
      if (kept.href && /^https?:/i.test(kept.href)) kept.rel = "noopener noreferrer";
      return { tagName, attribs: kept };
    },
  },
};

/** The body as it is stored and shown: allowed tags and attributes only, trimmed. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether the body has any text left to read once sanitised (an empty page is refused). */
export function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== "";
}
