// Page head helpers: brand title, description and canonical link from the root data.
import { translate, type Lang } from "#core/i18n/translate.ts";

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

function rootOf(matches: Matches): { lang: Lang; publicUrl: string } {
  const d = matches[0]?.loaderData as { lang?: Lang; publicUrl?: string } | undefined;
  return { lang: d?.lang ?? "fr", publicUrl: d?.publicUrl ?? "" };
}

/** title "<page> — <brand>", description and canonical (absolute, path encoded). */
export function pageMeta(matches: Matches, title: string, description: string, path: string | null) {
  const { lang, publicUrl } = rootOf(matches);
  const tags: Record<string, string>[] = [
    { title: `${title} — ${translate(lang, "common.brand")}` },
    { name: "description", content: description },
  ];
  if (path) tags.push({ tagName: "link", rel: "canonical", href: `${publicUrl}${encodeURI(path)}` });
  return tags;
}

/** The page path of a loader request (a client navigation asks for "{path}.data"), decoded. */
export function requestPath(url: URL): string {
  const p = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}
