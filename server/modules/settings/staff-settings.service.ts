// The shop's settings in the back office (decision 151): site_config's settings (core/validation/settings.ts), the
// freight tariff's scalars and zone prices, the unpaid-order delay and maintenance. Read by settings:read, changed
// by settings:write (the owner) only, each change one audited transaction (the group's before and after). Every
// process reads the new value at its next request: site_config and the tariff tables notify every process on
// commit (migrations 0002/0010), which drops the read model, the cart answers and the page cache.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { freightSettings, freightZones, siteConfig } from "#server/db/schema/index.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { readSettings, settingSchemas, type SettingKey, type SiteSettings } from "#core/validation/settings.ts";

function allow(ctx: Pick<StaffContext, "staff">, permission: Permission) {
  if (!can(ctx.staff.roles, permission)) throw forbidden("admin.permission_denied");
}

/** The stored settings, read through the caller's handle (in a write: the transaction's, after its lock). */
async function storedSettings(q: Db, keys: readonly SettingKey[]): Promise<SiteSettings> {
  const rows = await q
    .select({ key: siteConfig.key, value: sql<unknown>`${siteConfig.value}` })
    .from(siteConfig)
    .where(inArray(siteConfig.key, [...keys]));
  return readSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

export type FreightScalars = {
  generalTva: string;
  rdvHt: string;
  largeParcelHt: string;
  discountRate: string;
  volumetricKgPerM3: number;
};
export type ZonePrices = {
  code: string;
  nameFr: string;
  nameZh: string;
  tollPerPalletHt: string;
  extraPalletHt: string;
  carrierPer100KgHt: string;
  carrierMinHt: string;
  parcelSurchargeHt: string;
};
const ZONE_AMOUNTS = ["tollPerPalletHt", "extraPalletHt", "carrierPer100KgHt", "carrierMinHt", "parcelSurchargeHt"] as const;

/** A rate stored as a fraction (0.2000) from a percentage (20). */
const rateOf = (percent: number) => (percent / 100).toFixed(4);
const amount = (n: number) => n.toFixed(2);

export function createStaffSettings(deps: { defaultExpiryMinutes: number }) {
  /** Everything the settings page shows: each setting as stored (validated), the tariff, the delay in force. */
  async function current(ctx: Pick<StaffContext, "db" | "staff">) {
    allow(ctx, "settings:read");
    const [settings, [freight], zones] = await Promise.all([
      storedSettings(ctx.db, Object.keys(settingSchemas) as SettingKey[]),
      ctx.db
        .select({
          generalTva: freightSettings.generalTva,
          rdvHt: freightSettings.rdvHt,
          largeParcelHt: freightSettings.largeParcelHt,
          discountRate: freightSettings.discountRate,
          volumetricKgPerM3: freightSettings.volumetricKgPerM3,
        })
        .from(freightSettings)
        .where(eq(freightSettings.id, 1)),
      ctx.db
        .select({
          code: freightZones.code,
          nameFr: freightZones.nameFr,
          nameZh: freightZones.nameZh,
          tollPerPalletHt: freightZones.tollPerPalletHt,
          extraPalletHt: freightZones.extraPalletHt,
          carrierPer100KgHt: freightZones.carrierPer100KgHt,
          carrierMinHt: freightZones.carrierMinHt,
          parcelSurchargeHt: freightZones.parcelSurchargeHt,
        })
        .from(freightZones)
        .orderBy(asc(freightZones.position), asc(freightZones.code)),
    ]);
    return {
      settings,
      unpaidOrderExpiryMinutes: settings.unpaidOrderExpiryMinutes ?? deps.defaultExpiryMinutes,
      freight: (freight ?? null) as FreightScalars | null,
      zones: zones as ZonePrices[],
    };
  }

  /**
   * Writes some site_config settings as one change: each value checked again by its schema (a caller's bad value
   * is refused and nothing is written), the rows locked so that two owners saving at once are applied in turn.
   */
  async function save(ctx: StaffContext, group: string, values: SiteSettings) {
    allow(ctx, "settings:write");
    const keys = Object.keys(values) as SettingKey[];
    for (const key of keys) if (!settingSchemas[key].safeParse(values[key]).success) throw refused("admin.settings_refused");
    return staffWrite(ctx, async ({ db }, audit) => {
      await query(db, sql`select pg_advisory_xact_lock(hashtext(${"site_config:settings"}))`);
      const before = await storedSettings(db, keys);
      const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]));
      if (!changed.length) return { changed: false };
      for (const key of changed)
        await db
          .insert(siteConfig)
          .values({ key, value: values[key] })
          .onConflictDoUpdate({ target: siteConfig.key, set: { value: values[key] } });
      const pick = (s: SiteSettings) => Object.fromEntries(changed.map((k) => [k, s[k] ?? null]));
      await audit({ entity: "setting", id: group, action: "update", before: pick(before), after: pick(values) });
      return { changed: true };
    });
  }

  /** The tariff's scalars (VAT and discount as percentages from the form). */
  async function saveFreight(
    ctx: StaffContext,
    input: { generalTva: number; rdvHt: number; largeParcelHt: number; discountRate: number; volumetricKgPerM3: number },
  ) {
    allow(ctx, "settings:write");
    const after: FreightScalars = {
      generalTva: rateOf(input.generalTva),
      rdvHt: amount(input.rdvHt),
      largeParcelHt: amount(input.largeParcelHt),
      discountRate: rateOf(input.discountRate),
      volumetricKgPerM3: input.volumetricKgPerM3,
    };
    return staffWrite(ctx, async ({ db }, audit) => {
      const [row] = await db.select().from(freightSettings).where(eq(freightSettings.id, 1)).for("update");
      const before: FreightScalars | null = row
        ? {
            generalTva: row.generalTva,
            rdvHt: row.rdvHt,
            largeParcelHt: row.largeParcelHt,
            discountRate: row.discountRate,
            volumetricKgPerM3: row.volumetricKgPerM3,
          }
        : null;
      if (before && JSON.stringify(before) === JSON.stringify(after)) return { changed: false };
      await db
        .insert(freightSettings)
        .values({ id: 1, ...after })
        .onConflictDoUpdate({ target: freightSettings.id, set: after });
      await audit({ entity: "freight_settings", id: 1, action: "update", before, after });
      return { changed: true };
    });
  }

  /** One zone's prices. */
  async function saveZone(ctx: StaffContext, code: string, input: Record<(typeof ZONE_AMOUNTS)[number], number>) {
    allow(ctx, "settings:write");
    const after = Object.fromEntries(ZONE_AMOUNTS.map((k) => [k, amount(input[k])])) as Record<(typeof ZONE_AMOUNTS)[number], string>;
    return staffWrite(ctx, async ({ db }, audit) => {
      const [row] = await db.select().from(freightZones).where(eq(freightZones.code, code)).for("update");
      if (!row) throw notFound("admin.settings_zone_not_found");
      const before = Object.fromEntries(ZONE_AMOUNTS.map((k) => [k, row[k]]));
      if (ZONE_AMOUNTS.every((k) => Number(before[k]) === Number(after[k]))) return { changed: false };
      await db.update(freightZones).set(after).where(eq(freightZones.code, code));
      await audit({ entity: "freight_zone", id: code, action: "update", before, after });
      return { changed: true };
    });
  }

  return { current, save, saveFreight, saveZone };
}

export type StaffSettings = ReturnType<typeof createStaffSettings>;
