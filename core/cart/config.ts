// The site settings the cart's rules read (SPEC §9), taken from the stored site configuration through the settings'
// schemas (core/validation/settings.ts): a value of the wrong shape is left out (the rule then uses its default),
// never trusted as the type it should have.
import type { SiteConfig } from "#core/site.ts";
import { readSettings } from "#core/validation/settings.ts";
import type { CartConfig } from "./types.ts";

/** The cart's settings in `site`, each kept only when its schema accepts it (absent: the rule's default). */
export function cartConfig(site: SiteConfig): CartConfig {
  let config = parsedConfigs.get(site);
  if (!config) {
    const s = readSettings(site);
    const picked: CartConfig = {
      onePaletteVolume: s.onePaletteVolume,
      parisProvinceZipcode: s.parisProvinceZipcode,
      paletteBlockZipcode: s.paletteBlockZipcode,
      optionRdvBlockZipcode: s.optionRdvBlockZipcode,
      colis_params: s.colis_params,
      cartGoodsLimit: s.cartGoodsLimit,
      minBuyPrice: s.minBuyPrice,
    };
    config = Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined));
    parsedConfigs.set(site, config);
  }
  return config;
}
const parsedConfigs = new WeakMap<SiteConfig, CartConfig>();
