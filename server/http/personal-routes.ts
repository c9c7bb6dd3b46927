// Which URLs are personal pages (DESIGN §4b "One page for every visitor", decision 063): a route module that
// exports `handle = { personal: true }` is rendered for its customer and never cached; every other page is
// rendered without the caller (the same HTML for everyone) and may be served from the render cache.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };
const MEMO_MAX = 10_000; // distinct paths remembered; the memo starts over when full (random URLs cannot grow it)

export function personalMatcher(build: ServerBuild) {
  const nodes = new Map<string, Node>();
  for (const r of Object.values(build.routes))
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
  const top: Node[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(nodes.get(r.id)!);
    else top.push(nodes.get(r.id)!);
  }
  const personalIds = new Set(
    Object.values(build.routes)
      .filter((r) => (r?.module.handle as { personal?: unknown } | undefined)?.personal === true)
      .map((r) => r!.id),
  );
  const memo = new Map<string, boolean>();

  return (raw: string): boolean => {
    const pathname = pagePath(raw);
    let hit = memo.get(pathname);
    if (hit === undefined) {
      hit = (matchRoutes(top as RouteObject[], pathname) ?? []).some((m) => personalIds.has(m.route.id ?? ""));
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(pathname, hit);
    }
    return hit;
  };
}

/** The page path of a request path: client navigations fetch `/mon-compte.data`, `/_root.data` for `/`
 * (React Router single fetch), and must be recognised as the page they load. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
