import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { PAGES } from "./pages.ts";
import { ADMIN_LAYOUT, ADMIN_PAGES } from "./admin/pages.ts";

// French routes without prefix and the same pages under /zh, each path and alias once per language.
const shop = PAGES.flatMap((page) =>
  [page.path, ...(page.aliases ?? [])].flatMap((path, i) => {
    const id = i === 0 ? page.id : `${page.id}~${i}`;
    return [route(`/${path}`, page.file, { id }), route(path ? `/zh/${path}` : "/zh", page.file, { id: `zh:${id}` })];
  }),
);

// The back office: one layout per language around its pages.
const admin = (["", "zh:"] as const).map((lang) =>
  route(
    lang ? `/zh/${ADMIN_LAYOUT.path}` : `/${ADMIN_LAYOUT.path}`,
    ADMIN_LAYOUT.file,
    { id: `${lang}${ADMIN_LAYOUT.id}` },
    ADMIN_PAGES.map((p) => (p.path ? route(p.path, p.file, { id: `${lang}${p.id}` }) : index(p.file, { id: `${lang}${p.id}` }))),
  ),
);

export default [...admin, ...shop] satisfies RouteConfig;
