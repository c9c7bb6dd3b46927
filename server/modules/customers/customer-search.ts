// What staff search a customer by (the order queue and the customer list): client number, company, name, e-mail,
// phone or SIRET, through the stored `customers.search_text` (accents and case folded, trigram index). A phone or a
// SIRET is typed as people write it ("06 12 34 56 78", "+33 6…", "732 829 320 00074"): it is also looked for as
// stored (national phone, 14 digits).
import { sql, type SQL } from "drizzle-orm";
import { customers } from "#server/db/schema/index.ts";
import { phoneKey } from "#server/modules/accounts/accounts.service.ts";

/** LIKE's wildcards taken literally. */
export const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Digits, spaces, dots, dashes and a leading plus: a phone number or a SIRET as typed. */
const NUMBERISH = /^\+?[\d\s.-]+$/;

/** The texts looked for: the one typed, and for a number its digits alone and its stored phone form. */
export function searchForms(text: string): string[] {
  const typed = text.trim();
  const forms = [typed];
  if (NUMBERISH.test(typed)) {
    const digits = typed.replace(/\D/g, "");
    if (digits.length >= 3) forms.push(digits);
    const phone = phoneKey(typed);
    if (phone) forms.push(phone);
  }
  return [...new Set(forms)];
}

/** Customers whose search text holds the text (or, for a number, one of its forms). */
export function customerMatch(text: string): SQL {
  const likes = searchForms(text).map((f) => sql`${customers.searchText} like '%' || f_search_norm(${literal(f)}) || '%'`);
  return likes.length === 1 ? likes[0] : sql`(${sql.join(likes, sql` or `)})`;
}
