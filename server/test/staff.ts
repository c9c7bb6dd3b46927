// A verified staff session's cookie for page tests: the demo account of `email` (server/db/seed/staff.ts), its
// password and second factor taken as given (staff-auth.test.ts tests them).
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { staffUsers } from "#server/db/schema/index.ts";
import { memberOf } from "#server/modules/staff/staff-sessions.service.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { Db } from "#server/db/client.ts";

export async function staffCookie(app: FastifyInstance, email: string): Promise<string> {
  const { db, staffAuth } = app.services;
  const [u] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  const token = await staffAuth.sessions.open(db, u.id, { ip: "127.0.0.1" });
  const session = (await staffAuth.sessions.resolve(db, token))!;
  await staffAuth.sessions.verify(db, session.sessionId);
  return `staff=${token}`;
}

/** The context of a staff use case for the demo account of `email` (tests call staff services directly). */
export async function staffContextOf(app: FastifyInstance, email: string, lang: "fr" | "zh" = "fr") {
  const { db } = app.services;
  const [u] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return { db, staff: memberOf(u), lang, ip: "127.0.0.1" };
}

/** The same from a database: the demo staff member whose e-mail starts with `who` ("entrepot", "service-client"…). */
export async function demoStaff(db: Db, who: string, lang: "fr" | "zh" = "fr"): Promise<StaffContext> {
  const [u] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, `${who}@comptoir-emballage.fr`));
  return { db, staff: memberOf(u), lang, ip: "192.0.2.30" };
}
