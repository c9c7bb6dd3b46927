// The legal texts a buyer accepts, and the version of each: the one place to change when a text changes.
// An order records the CGV version accepted and when; an account, the privacy notice's (SPEC §5 ordering,
// registration). `page` is the content page that holds the text (/content/{id}-{name}, seeded in
// server/db/seed/pages.ts).

export const CGV = { version: "2026-01", page: { id: 2, name: "cgv" } } as const;
export const PRIVACY_NOTICE = { version: "2026-01", page: { id: 6, name: "politique-de-confidentialite" } } as const;

/** What an order or account stores of an acceptance: the version, and when (the transaction's time). */
export type Acceptance = { version: string; acceptedAt: string };

/** The acceptance a row records (version and time, stored together), or null: a row made before they were asked. */
export function acceptanceOf(version: string | null | undefined, acceptedAt: Date | string | null | undefined): Acceptance | null {
  if (!version || !acceptedAt) return null;
  return { version, acceptedAt: new Date(acceptedAt).toISOString() };
}
