// React Router pages inside Fastify: raw bodies pass through to actions, the caller and language go in the load context.
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { Env } from "#server/env.ts";
import { authenticate, setUidCookie } from "./auth.ts";
import { langFromPath, type PageContext } from "./page-context.ts";

export type PagesOptions = { env: Env; build: ServerBuild | (() => Promise<ServerBuild>); secureCookies: boolean };

export async function pages(app: FastifyInstance, { env, build, secureCookies }: PagesOptions) {
  const handle = createRequestHandler(build, env.NODE_ENV === "development" ? "development" : "production");

  // Actions read the raw body themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));

  app.all("/*", async (req, reply) => {
    const auth = await authenticate(req, app.services.sessions);
    const context: PageContext = {
      services: app.services,
      lang: langFromPath(req.url),
      customer: auth.customer,
      tokenSent: auth.tokenSent,
      rotatedToken: auth.rotatedToken,
      maintenance: env.MAINTENANCE,
    };
    if (auth.rotatedToken) setUidCookie(req, reply, auth.rotatedToken, secureCookies);
    const request = createRequest(req.raw, reply.raw);
    const response = await handle(request, context);
    for (const [k, v] of Object.entries(reply.getHeaders())) {
      if (k === "set-cookie") for (const c of [v].flat()) response.headers.append(k, String(c));
    }
    reply.hijack();
    await sendResponse(reply.raw, response);
  });
}
