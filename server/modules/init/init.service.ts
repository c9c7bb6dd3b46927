// Start-up data of SPEC §4 (GET /site/Index/config and the root page loader share it).
import type { Lang } from "#app/lib/messages.ts";
import type { CatalogueService, CategoryNode } from "#server/modules/catalogue/catalogue.service.ts";
import type { ConfigService, SiteConfig } from "#server/modules/content/config.service.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";

export type UserInfo = {
  id: number; client_number: string; title: string; first_name: string; last_name: string;
  company: string | null; email: string; phone: string | null; lang: string; must_change_password: boolean;
};

export type InitData = {
  product_cate: CategoryNode[];
  config: SiteConfig;
  refreshToken: string | null;
  token_status: 0 | 1;
  userInfo: UserInfo | null;
};

export function toUserInfo(c: SessionCustomer): UserInfo {
  return {
    id: c.id, client_number: c.clientNumber, title: c.title, first_name: c.firstName, last_name: c.lastName,
    company: c.company, email: c.email, phone: c.phone, lang: c.lang, must_change_password: c.mustChangePassword,
  };
}

/** token_status is 0 only when a token was presented and is not (or no longer) valid. */
export function createInitService(deps: { catalogue: CatalogueService; config: ConfigService }) {
  async function initData(lang: Lang, auth: { customer: SessionCustomer | null; tokenSent: boolean; rotatedToken?: string }): Promise<InitData> {
    const [product_cate, config] = await Promise.all([deps.catalogue.categoryTree(lang), deps.config.siteConfig()]);
    return {
      product_cate,
      config,
      refreshToken: auth.rotatedToken ?? null,
      token_status: auth.tokenSent && !auth.customer ? 0 : 1,
      userInfo: auth.customer ? toUserInfo(auth.customer) : null,
    };
  }
  return { initData };
}
