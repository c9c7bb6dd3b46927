// The site settings the cart's rules read (SPEC §9), taken from the stored site configuration: a value of the wrong
// shape is left out (the rule then uses its default), never trusted as the type it should have.
import { z } from "zod";
import type { SiteConfig } from "#core/site.ts";
import type { CartConfig } from "./types.ts";

const numeric = z.union([z.number(), z.string()]);
const zips = z.union([z.array(z.string()), z.string()]);
/** A setting of this shape, null, or left out when absent or of another shape. */
const setting = <T extends z.ZodType>(t: T) => t.nullable().optional().catch(undefined);

const cartSettings = z.object({
  onePaletteVolume: setting(numeric),
  parisProvinceZipcode: setting(zips),
  paletteBlockZipcode: setting(zips),
  optionRdvBlockZipcode: setting(zips),
  colis_params: setting(z.object({ unit: z.string(), volume: numeric, rate: numeric, colis_volume: numeric })),
  cartGoodsLimit: setting(z.number()),
  minBuyPrice: setting(numeric),
});

/**
 * The cart's settings in `site`, each kept only when it has its shape (null or absent: the rule's default). Read
 * once per configuration object (a cart call asks for them each time; the configuration changes rarely).
 */
export function cartConfig(site: SiteConfig): CartConfig {
  let config = parsedConfigs.get(site);
  if (!config) {
    const parsed: CartConfig = cartSettings.parse(site);
    config = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
    parsedConfigs.set(site, config);
  }
  return config;
}
const parsedConfigs = new WeakMap<SiteConfig, CartConfig>();
