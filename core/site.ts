// Start-up data of SPEC §4 (GET /site/Index/config and the root page loader) and the shell's content.
import type { CategoryNode } from "./catalogue/types.ts";
import type { UserInfo } from "./account.ts";

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

export type InitData = {
  product_cate: CategoryNode[];
  config: SiteConfig;
  refreshToken: string | null;
  token_status: 0 | 1;
  userInfo: UserInfo | null;
};

/** The caller's part of the init data (GET /site/Index/config?part=session, decision 063). */
export type SessionData = Pick<InitData, "refreshToken" | "token_status" | "userInfo"> & {
  /** Unread notifications of the logged-in caller (decision 082); only in the session part. */
  notifications_unread?: number;
};
