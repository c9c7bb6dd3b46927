// Start-up data of SPEC §4 (GET /site/Index/config and the root page loader share it).
import type { Lang } from "#core/i18n/messages.ts";
import type { CatalogueService } from "#server/modules/catalogue/catalogue.service.ts";
import type { ConfigService } from "#server/modules/content/config.service.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import { toUserInfo } from "#core/account.ts";
import type { InitAnswer, SessionPartAnswer } from "#core/contracts/init.ts";

type Caller = { customer: SessionCustomer | null; tokenSent: boolean; rotatedToken?: string };

/** The caller's part of the init data. token_status is 0 only when a token was presented and is not (or no longer) valid. */
export function sessionData(auth: Caller): SessionPartAnswer {
  return {
    refreshToken: auth.rotatedToken ?? null,
    token_status: auth.tokenSent && !auth.customer ? 0 : 1,
    userInfo: auth.customer ? toUserInfo(auth.customer) : null,
  };
}

export function createInitService(deps: { catalogue: CatalogueService; config: ConfigService }) {
  async function initData(lang: Lang, auth: Caller): Promise<InitAnswer> {
    const [product_cate, config] = await Promise.all([deps.catalogue.categoryTree(lang), deps.config.siteConfig()]);
    return { product_cate, config, ...sessionData(auth) };
  }
  return { initData };
}
