// `npm run staff:code <e-mail>`: the current second-factor code of a demo staff account (README "Demo logins"),
// from the secret the demo seed publishes (the database holds it sealed); no database is opened (the shop may hold
// PGlite's lock).
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { totpCode } from "#server/modules/staff/second-factor.ts";

const email = (process.argv[2] ?? "").trim().toLowerCase();
const account = DEMO_STAFF.find((s) => s.email === email);
if (!account) {
  console.error(`Usage: npm run staff:code <e-mail>, one of:\n${DEMO_STAFF.map((s) => `  ${s.email} (${s.roles.join(", ")})`).join("\n")}`);
  process.exit(2);
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(account.totpSecret)}  (${account.email}, valid ${left} s more)`);
