// React Router's runtime as the loaded build bundles it (app/entry.server.tsx re-exports it, decision 101): the
// copy the routes were built with — in production its production build, which the package never resolves to
// by itself — so a request is handled and rendered by one copy (its `data()` and error classes are its own).
import type { ServerBuild, createRequestHandler, matchRoutes } from "react-router";

type RouterRuntime = { createRequestHandler: typeof createRequestHandler; matchRoutes: typeof matchRoutes };

export function routerRuntime(build: ServerBuild): RouterRuntime {
  const m: object = build.entry.module;
  if (!(
    "createRequestHandler" in m &&
    typeof m.createRequestHandler === "function" &&
    "matchRoutes" in m &&
    typeof m.matchRoutes === "function"
  ))
    throw new Error("app/entry.server.tsx must export createRequestHandler and matchRoutes");
  return m as RouterRuntime;
}
