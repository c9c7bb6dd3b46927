// The shell's content: site config (also in GET /site/Index/config, core/contracts/init.ts), shops, footer pages.
export type SiteConfig = Record<string, unknown>;
export type Shop = {
  id: number;
  code: string;
  name: string;
  address: string;
  phone: string;
  email: string | null;
  lat: string | null;
  lng: string | null;
  hours: ({ open: string; close: string } | null)[];
};
export type FooterPage = { id: number; slug: string; title: string };
