// Maintenance mode switched by the owner (decision 151): customers get the maintenance page (pages) or a 503 (the
// buyer API, uploads), while a browser holding a verified staff session still sees the shop. The staff cookie is
// only checked, never renewed nor cleared here, and nothing of the session shows in the answer. The environment's
// MAINTENANCE closes the shop to everyone (a deployment), staff included.
import type { FastifyRequest } from "fastify";
import type { Env } from "#server/env.ts";
import type { Maintenance } from "#core/validation/settings.ts";
import { STAFF_COOKIE } from "./staff-auth.ts";

/** Whether this request is kept out: the maintenance in force for it (its message), or null when it goes on. */
export async function closedFor(req: FastifyRequest, env: Pick<Env, "MAINTENANCE">): Promise<Maintenance | null> {
  if (env.MAINTENANCE) return { on: true, message_fr: "", message_zh: "" };
  const services = req.server.services as Partial<typeof req.server.services> | undefined;
  if (!services?.config || !services.staffAuth || !services.db) return null; // a bare scope (the API reference's test)
  const { config, staffAuth, db } = services;
  const on = await config.maintenance();
  if (!on) return null;
  const token = req.cookies?.[STAFF_COOKIE];
  const session = token ? await staffAuth.sessions.resolve(db, token) : null;
  return session && !session.pending ? null : on;
}
