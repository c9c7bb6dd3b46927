import { route, type RouteConfig } from "@react-router/dev/routes";
import { PAGES } from "./pages.ts";

// French routes without prefix and the same pages under /zh, each path and alias once per language.
export default PAGES.flatMap((page) =>
  [page.path, ...(page.aliases ?? [])].flatMap((path, i) => {
    const id = i === 0 ? page.id : `${page.id}~${i}`;
    return [route(`/${path}`, page.file, { id }), route(path ? `/zh/${path}` : "/zh", page.file, { id: `zh:${id}` })];
  }),
) satisfies RouteConfig;
