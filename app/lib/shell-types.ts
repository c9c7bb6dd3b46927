// The root loader's data types, apart from app/root.tsx: the modules reading that data import them from here,
// so that nothing but the framework imports the root route (which imports those modules).
import type { Shop, FooterPage, SiteConfig } from "#core/site.ts";
import type { MenuNode } from "#core/catalogue/types.ts";

type RootBase = {
  lang: "fr" | "zh";
  maintenance: boolean;
  /** The owner's maintenance message in the page's language (maintenance only). */
  maintenanceMessage?: string | null;
  signSecret: string;
  publicUrl: string;
};

/** The shell's data, the same for every visitor of a language. */
export type ShellData = {
  /** The shared part of SPEC §4's init data (category tree in the shell's lighter shape, site config); the
   * personal part (userInfo, token_status, refreshToken) comes after hydration (use-session-start.ts).
   * `menu: "top"`: the tree's root and first level only (personal pages, decision 092); the panels' branches
   * load after hydration (app/lib/menu-tree.ts). */
  init: { product_cate: MenuNode[]; config: SiteConfig; menu?: "top" } | null;
  shops: Shop[];
  pages: FooterPage[];
};

/** The root data as components read it (`useShell`). */
export type RootData = RootBase & ShellData;

/** The root loader's answer: on a personal page's document, the shell's data is in the page's shell block
 * instead (app/lib/use-shell.tsx, decision 110). */
export type RootWire = RootData | (RootBase & { shell: "inline" });
