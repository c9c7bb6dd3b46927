// One demo staff account per role (README "Demo logins"), second factor already enrolled with a secret published
// here: a newcomer adds it to an authenticator app, or runs `npm run staff:code <e-mail>` for the current code.
// Demo data only: a real shop invites its staff (server/modules/staff/staff-team.service.ts).
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { staffUsers } from "#server/db/schema/index.ts";
import type { StaffRole } from "#core/staff/permissions.ts";
import { hashPassword } from "#server/modules/accounts/password.server.ts";
import { DEMO_TOTP_KEY, sealTotpSecret, totpKey } from "#server/modules/staff/totp-secret.ts";

const demoTotpKey = totpKey(DEMO_TOTP_KEY);

export const DEMO_STAFF_PASSWORD = "Equipe2026!";

export const DEMO_STAFF: readonly { email: string; name: string; roles: StaffRole[]; totpSecret: string; lang: "fr" | "zh" }[] = [
  {
    email: "direction@comptoir-emballage.fr",
    name: "Claire Dubois",
    roles: ["owner"],
    totpSecret: "PBH7G6HNJ63SRCHUBSIC5B4RPFLAMBGP",
    lang: "fr",
  },
  {
    email: "gerance@comptoir-emballage.fr",
    name: "Marc Lefèvre",
    roles: ["manager"],
    totpSecret: "IDZDECYN376WSP6HWFOLH7VWV62T7SDF",
    lang: "fr",
  },
  {
    email: "entrepot@comptoir-emballage.fr",
    name: "Karim Benali",
    roles: ["warehouse"],
    totpSecret: "RTRKOPC3O7RG274574UI53M6CITBTE42",
    lang: "fr",
  },
  {
    email: "planning@comptoir-emballage.fr",
    name: "Sophie Martin",
    roles: ["planner"],
    totpSecret: "ZCPV2NHN4ATSEHH65E2B3NLEOJ73GYQS",
    lang: "fr",
  },
  {
    email: "service-client@comptoir-emballage.fr",
    name: "Li Wei",
    roles: ["customer_service"],
    totpSecret: "T5YLCGM74WOYK6WS36LTIEZSGGRA56QR",
    lang: "zh",
  },
  {
    email: "catalogue@comptoir-emballage.fr",
    name: "Julien Moreau",
    roles: ["catalogue"],
    totpSecret: "22HY77GCXCYNLBWJUU4IH6W4OAAKHSMI",
    lang: "fr",
  },
  {
    email: "comptabilite@comptoir-emballage.fr",
    name: "Nadia Haddad",
    roles: ["accountant"],
    totpSecret: "NCRWMA25DH7H5IMIMKSD4HESGCXYACIV",
    lang: "fr",
  },
];

/** One scrypt hash per process: every demo account shares the password, and tests seed many databases. */
let passwordHash: Promise<string> | undefined;

/** The demo staff, when the shop has no staff at all yet (a database seeded before the back office included). */
/** The published keys are stored sealed under `totpKey` (STAFF_TOTP_KEY), as an enrolment stores them. */
export async function seedDemoStaff(db: Db, totpKey: Buffer = demoTotpKey): Promise<void> {
  const hash = await (passwordHash ??= hashPassword(DEMO_STAFF_PASSWORD));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(74100002)`);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(staffUsers)) as { n: number }[];
    if (n > 0) return;
    await tx.insert(staffUsers).values(
      DEMO_STAFF.map((s) => ({
        email: s.email,
        name: s.name,
        roles: s.roles,
        lang: s.lang,
        passwordHash: hash,
        totpSecret: sealTotpSecret(s.totpSecret, totpKey),
        totpEnrolledAt: new Date(0),
      })),
    );
  });
}
