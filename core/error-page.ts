// The small self-contained error page the server answers outside React Router's pages (server/http/root-errors.ts,
// the documents' downloads) and the back office's file downloads (admin/document-paths.ts), in the path's language.
// The server registers every catalogue (i18n/messages.ts) before it answers.
import { translate, type Lang } from "#core/i18n/translate.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small self-contained error page (no script: it satisfies any policy). */
export function errorPage(lang: Lang, status: number): string {
  const [title, text] =
    status === 404
      ? ["common.error.page_not_found", "common.error.not_found_text"]
      : status === 431
        ? ["common.error.too_long_title", "common.error.too_long_text"]
        : status < 500
          ? ["common.error.bad_request_title", "common.error.bad_request_text"]
          : ["common.error.generic_title", "common.error.generic_text"];
  const t = (k: string) => escape(translate(lang, k));
  return (
    `<!DOCTYPE html><html lang="${lang === "zh" ? "zh-CN" : "fr-FR"}"><head><meta charset="utf-8"><title>${t(title)} — ${t("common.brand")}</title></head>` +
    `<body><h1>${t(title)}</h1><p>${t(text)}</p><p><a href="${lang === "zh" ? "/zh" : "/"}">${t("common.error.go_home")}</a></p></body></html>`
  );
}
