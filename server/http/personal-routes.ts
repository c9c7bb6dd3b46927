// Which URLs are personal pages (DESIGN §4b "One page for every visitor", decision 063): a route module that
// exports `handle = { personal: true }` is rendered for its customer and never cached; every other page is
// rendered without the caller (the same HTML for everyone) and may be served from the render cache.
import type { RouteObject, ServerBuild } from "react-router";
import { routerRuntime } from "./router-runtime.ts";

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
  const { matchRoutes } = routerRuntime(build);
  const matchedIds = (pathname: string) => (matchRoutes(top as RouteObject[], pathname) ?? []).map((m) => m.route.id ?? "");

  const personal = (raw: string): boolean => {
    const pathname = pagePath(raw);
    let hit = memo.get(pathname);
    if (hit === undefined) {
      hit = matchedIds(pathname).some((id) => personalIds.has(id));
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(pathname, hit);
    }
    return hit;
  };

  /** The routes a document request for `pathname` can use: those it matches and those its parent paths match
   * (React Router writes the latter into the page's route manifest for lazy route discovery), root included. */
  const documentRoutes = (pathname: string): string[] => {
    const ids = new Set(matchedIds(pathname));
    const segments = pathname.split("/").filter(Boolean);
    for (segments.pop(); ; segments.pop()) {
      for (const id of matchedIds(`/${segments.join("/")}`)) ids.add(id);
      if (segments.length === 0) break;
    }
    return [...ids].sort();
  };

  return Object.assign(personal, { documentRoutes });
}

/** The build cut down to some of its routes (and their manifest entries): React Router rebuilds its route
 * objects and matches over every route on each request, so a handler over the few routes a personal page can
 * use does less work and renders the same page (decision 098). */
export function buildWithRoutes(build: ServerBuild, ids: readonly string[]): ServerBuild {
  const keep = <T>(all: Record<string, T>) => Object.fromEntries(ids.filter((id) => all[id]).map((id) => [id, all[id]]));
  return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } };
}

/** The page path of a request path: client navigations fetch `/mon-compte.data`, `/_root.data` for `/`
 * (React Router single fetch), and must be recognised as the page they load. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
