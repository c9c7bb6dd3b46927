// Every page of the shop, declared once: French path (no prefix), aliases, and the route module.
// app/routes.ts derives the French and the /zh routes from this list; add a page with one line here.
export type Page = {
  id: string; // route name (SPEC §4 page data reload keys on it)
  path: string; // French path without leading slash; "" is home
  file: string; // module under app/
  aliases?: string[]; // other paths of the same page (SPEC §2), e.g. /center/... variants
};

export const PAGES: Page[] = [
  { id: "home", path: "", file: "routes/home.tsx" },
  { id: "not-found", path: "*", file: "routes/not-found.tsx" },
];
