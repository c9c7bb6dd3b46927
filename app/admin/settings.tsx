// The shop's settings (decision 151): one form per group (cart and order, delivery, freight tariff and its zones,
// payment delay, display, maintenance), each field with its value in force. Managers read them (settings:read),
// the owner changes them (settings:write): each form one audited change, applied by every process at its next request.
import { createContext, useContext } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import {
  cartSettingsFormSchema,
  deliverySettingsFormSchema,
  displaySettingsFormSchema,
  freightSettingsFormSchema,
  freightZoneFormSchema,
  maintenanceFormSchema,
  paymentSettingsFormSchema,
  type SettingsGroup,
} from "#core/validation/settings.ts";
import { can } from "#core/staff/permissions.ts";
import { refused } from "#core/domain-errors.ts";
import { useT } from "#app/lib/i18n.tsx";
import { requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.settings_title");

const list = (l: readonly (string | number)[] | undefined) => (l ?? []).join(" ; ");
const str = (v: string | number | undefined | null) => (v === undefined || v === null ? "" : String(v));
/** A stored fraction (0.2000) as the percentage the form shows ("20"). */
const percent = (rate: string) => String(Number((Number(rate) * 100).toFixed(2)));

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "settings:read");
  const {
    settings: s,
    unpaidOrderExpiryMinutes,
    freight,
    zones,
  } = await context.services.staffSettings.current({ db: context.services.db, staff });
  return {
    canWrite: can(staff.roles, "settings:write"),
    values: {
      cart: {
        cartGoodsLimit: str(s.cartGoodsLimit),
        minBuyPrice: str(s.minBuyPrice),
        freeDeliverPrice: str(s.freeDeliverPrice),
        freeDeliveryAmount: list(typeof s.freeDeliveryAmount === "number" ? [s.freeDeliveryAmount] : s.freeDeliveryAmount),
      },
      delivery: {
        onePaletteVolume: str(s.onePaletteVolume),
        paletteBlockZipcode: list(s.paletteBlockZipcode),
        parisProvinceZipcode: list(s.parisProvinceZipcode),
        optionRdvBlockZipcode: list(s.optionRdvBlockZipcode),
        colis_unit: s.colis_params?.unit ?? "",
        colis_volume_min: str(s.colis_params?.volume),
        colis_rate: str(s.colis_params?.rate),
        colis_large: str(s.colis_params?.colis_volume),
      },
      freight: freight
        ? {
            generalTva: percent(freight.generalTva),
            rdvHt: freight.rdvHt,
            largeParcelHt: freight.largeParcelHt,
            discountRate: percent(freight.discountRate),
            volumetricKgPerM3: String(freight.volumetricKgPerM3),
          }
        : { generalTva: "", rdvHt: "", largeParcelHt: "", discountRate: "", volumetricKgPerM3: "" },
      payment: { unpaidOrderExpiryMinutes: String(unpaidOrderExpiryMinutes) },
      display: { ad_img: s.ad_img ?? "", map_key: s.map?.key ?? "" },
      maintenance: {
        on: s.maintenance?.on ?? false,
        message_fr: s.maintenance?.message_fr ?? "",
        message_zh: s.maintenance?.message_zh ?? "",
      },
    },
    zones: zones.map((z) => ({ ...z, name: context.lang === "zh" ? z.nameZh : z.nameFr })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "settings:write");
  const fields = await formFields(request);
  const intent = String(fields.intent ?? "");
  const service = context.services.staffSettings;
  const form = intent === "zone" ? `zone:${String(fields.zone ?? "")}` : intent;
  return formAction(
    context.lang,
    async () => {
      switch (intent as SettingsGroup) {
        case "cart":
          await service.save(ctx, "cart", parseFields(cartSettingsFormSchema, fields));
          break;
        case "delivery": {
          const d = parseFields(deliverySettingsFormSchema, fields);
          await service.save(ctx, "delivery", {
            onePaletteVolume: d.onePaletteVolume,
            paletteBlockZipcode: d.paletteBlockZipcode,
            parisProvinceZipcode: d.parisProvinceZipcode,
            optionRdvBlockZipcode: d.optionRdvBlockZipcode,
            colis_params: { unit: d.colis_unit, volume: d.colis_volume_min, rate: d.colis_rate, colis_volume: d.colis_large },
          });
          break;
        }
        case "payment":
          await service.save(ctx, "payment", parseFields(paymentSettingsFormSchema, fields));
          break;
        case "display": {
          const d = parseFields(displaySettingsFormSchema, fields);
          await service.save(ctx, "display", { ad_img: d.ad_img, map: { key: d.map_key } });
          break;
        }
        case "maintenance":
          await service.save(ctx, "maintenance", { maintenance: parseFields(maintenanceFormSchema, fields) });
          break;
        case "freight":
          await service.saveFreight(ctx, parseFields(freightSettingsFormSchema, fields));
          break;
        case "zone": {
          const { zone, ...prices } = parseFields(freightZoneFormSchema, fields);
          await service.saveZone(ctx, zone, prices);
          break;
        }
        default:
          throw refused("admin.settings_unknown_form");
      }
      return { saved: form };
    },
    form,
  );
}

const input = "rounded border border-line px-3 py-2";

export default function AdminSettings() {
  const { t } = useT();
  const { canWrite, values, zones } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { saved?: string }>();

  const v = values;
  return (
    <PageState.Provider value={{ answer, canWrite }}>
      <PageTitle>{t("admin.settings_title")}</PageTitle>
      {!canWrite && <p className="mb-4 text-sm text-muted">{t("admin.settings_read_only")}</p>}
      <Group id="maintenance" title={t("admin.settings_maintenance_title")} hint={t("admin.settings_maintenance_hint")}>
        <p className="w-full text-sm font-medium">
          {t(v.maintenance.on ? "admin.settings_maintenance_is_on" : "admin.settings_maintenance_is_off")}
        </p>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="on" defaultChecked={v.maintenance.on} />
          {t("admin.settings_maintenance_on")}
        </label>
        <Field
          form="maintenance"
          name="message_fr"
          value={v.maintenance.message_fr}
          label={t("admin.settings_maintenance_message_fr")}
          wide
          area
        />
        <Field
          form="maintenance"
          name="message_zh"
          value={v.maintenance.message_zh}
          label={t("admin.settings_maintenance_message_zh")}
          wide
          area
        />
      </Group>
      <Group id="cart" title={t("admin.settings_cart_title")}>
        <Field
          form="cart"
          name="minBuyPrice"
          value={v.cart.minBuyPrice}
          label={t("admin.settings_min_buy_price")}
          hint={t("admin.settings_euros_ht")}
        />
        <Field
          form="cart"
          name="freeDeliverPrice"
          value={v.cart.freeDeliverPrice}
          label={t("admin.settings_free_deliver_price")}
          hint={t("admin.settings_euros_ht")}
        />
        <Field
          form="cart"
          name="freeDeliveryAmount"
          value={v.cart.freeDeliveryAmount}
          label={t("admin.settings_free_delivery_amount")}
          hint={t("admin.settings_free_delivery_amount_hint")}
          wide
        />
        <Field
          form="cart"
          name="cartGoodsLimit"
          value={v.cart.cartGoodsLimit}
          label={t("admin.settings_cart_goods_limit")}
          hint={t("admin.settings_cart_goods_limit_hint")}
        />
      </Group>
      <Group id="delivery" title={t("admin.settings_delivery_title")}>
        <Field
          form="delivery"
          name="onePaletteVolume"
          value={v.delivery.onePaletteVolume}
          label={t("admin.settings_one_palette_volume")}
          hint="m³"
        />
        <Field
          form="delivery"
          name="parisProvinceZipcode"
          value={v.delivery.parisProvinceZipcode}
          label={t("admin.settings_paris_province")}
          hint={t("admin.settings_zip_hint")}
          wide
        />
        <Field
          form="delivery"
          name="paletteBlockZipcode"
          value={v.delivery.paletteBlockZipcode}
          label={t("admin.settings_palette_block")}
          hint={t("admin.settings_zip_hint")}
          wide
        />
        <Field
          form="delivery"
          name="optionRdvBlockZipcode"
          value={v.delivery.optionRdvBlockZipcode}
          label={t("admin.settings_rdv_block")}
          hint={t("admin.settings_zip_hint")}
          wide
        />
        <Field form="delivery" name="colis_unit" value={v.delivery.colis_unit} label={t("admin.settings_colis_unit")} />
        <Field
          form="delivery"
          name="colis_volume_min"
          value={v.delivery.colis_volume_min}
          label={t("admin.settings_colis_volume_min")}
          hint="m³"
        />
        <Field form="delivery" name="colis_rate" value={v.delivery.colis_rate} label={t("admin.settings_colis_rate")} hint="m³" />
        <Field form="delivery" name="colis_large" value={v.delivery.colis_large} label={t("admin.settings_colis_large")} hint="m³" />
      </Group>
      <Group id="freight" title={t("admin.settings_freight_title")} hint={t("admin.settings_freight_hint")}>
        <Field form="freight" name="generalTva" value={v.freight.generalTva} label={t("admin.settings_general_tva")} hint="%" />
        <Field form="freight" name="rdvHt" value={v.freight.rdvHt} label={t("admin.settings_rdv")} hint={t("admin.settings_euros_ht")} />
        <Field
          form="freight"
          name="largeParcelHt"
          value={v.freight.largeParcelHt}
          label={t("admin.settings_large_parcel")}
          hint={t("admin.settings_euros_ht")}
        />
        <Field form="freight" name="discountRate" value={v.freight.discountRate} label={t("admin.settings_discount_rate")} hint="%" />
        <Field
          form="freight"
          name="volumetricKgPerM3"
          value={v.freight.volumetricKgPerM3}
          label={t("admin.settings_volumetric")}
          hint="kg/m³"
        />
      </Group>
      {zones.map((z) => (
        <Group key={z.code} id={`zone:${z.code}`} title={t("admin.settings_zone_title", { zone: z.name })}>
          <input type="hidden" name="zone" value={z.code} />
          <Field
            form={`zone:${z.code}`}
            name="tollPerPalletHt"
            value={z.tollPerPalletHt}
            label={t("admin.settings_zone_toll")}
            hint={t("admin.settings_euros_ht")}
          />
          <Field
            form={`zone:${z.code}`}
            name="extraPalletHt"
            value={z.extraPalletHt}
            label={t("admin.settings_zone_extra_pallet")}
            hint={t("admin.settings_euros_ht")}
          />
          <Field
            form={`zone:${z.code}`}
            name="carrierPer100KgHt"
            value={z.carrierPer100KgHt}
            label={t("admin.settings_zone_carrier_100kg")}
            hint={t("admin.settings_euros_ht")}
          />
          <Field
            form={`zone:${z.code}`}
            name="carrierMinHt"
            value={z.carrierMinHt}
            label={t("admin.settings_zone_carrier_min")}
            hint={t("admin.settings_euros_ht")}
          />
          <Field
            form={`zone:${z.code}`}
            name="parcelSurchargeHt"
            value={z.parcelSurchargeHt}
            label={t("admin.settings_zone_parcel_surcharge")}
            hint={t("admin.settings_euros_ht")}
          />
        </Group>
      ))}
      <Group id="payment" title={t("admin.settings_payment_title")}>
        <Field
          form="payment"
          name="unpaidOrderExpiryMinutes"
          value={v.payment.unpaidOrderExpiryMinutes}
          label={t("admin.settings_unpaid_expiry")}
          hint={t("admin.settings_unpaid_expiry_hint")}
        />
      </Group>
      <Group id="display" title={t("admin.settings_display_title")}>
        <Field
          form="display"
          name="ad_img"
          value={v.display.ad_img}
          label={t("admin.settings_ad_img")}
          hint={t("admin.settings_ad_img_hint")}
          wide
        />
        {v.display.ad_img && (
          <img src={v.display.ad_img} alt={t("admin.settings_ad_img_preview")} className="max-h-32 rounded border border-line" />
        )}
        <Field form="display" name="map_key" value={v.display.map_key} label={t("admin.settings_map_key")} wide />
      </Group>
    </PageState.Provider>
  );
}

/** The action's answer and whether the form can be sent, for the groups and their fields. */
const PageState = createContext<{ answer?: FormFailure & { saved?: string }; canWrite: boolean }>({ canWrite: false });

/** One group's form: its fields, its message (saved or refused) and its button (the owner only). */
function Group({ id, title, hint, children }: { id: string; title: string; hint?: string; children: React.ReactNode }) {
  const { t } = useT();
  const { answer, canWrite } = useContext(PageState);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === id.split(":")[0];
  const mine = answer && (answer.saved === id || answer.form === id);
  return (
    <section aria-labelledby={`settings-${id}`} className="mb-6 rounded border border-line bg-white p-4">
      <h2 id={`settings-${id}`} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      {hint && <p className="mb-2 text-sm text-muted">{hint}</p>}
      <p role="status" className="text-sm text-green-800">
        {mine && answer?.saved ? t("admin.settings_saved") : ""}
      </p>
      {mine && <Failure text={answer?.failure ?? (answer?.fields ? t("admin.settings_refused") : undefined)} />}
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value={id.split(":")[0]} />
        <fieldset disabled={!canWrite} className="flex flex-wrap items-start gap-4">
          {children}
        </fieldset>
        {canWrite && (
          <div>
            <SubmitButton busy={busy}>{t("admin.settings_save")}</SubmitButton>
          </div>
        )}
      </Form>
    </section>
  );
}

/** A field with its value in force and, after a refusal, its own translated message. */
function Field(props: { form: string; name: string; value: string; label: string; hint?: string; wide?: boolean; area?: boolean }) {
  const { t } = useT();
  const { answer } = useContext(PageState);
  const { form, name, value, label, hint, wide, area } = props;
  const error = answer?.form === form ? answer.fields?.[name] : undefined;
  const id = `${form}-${name}`;
  const common = {
    id,
    name,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    className: `${input} ${wide ? "w-96 max-w-full" : "w-40"}`,
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {area ? <textarea rows={3} maxLength={500} {...common} /> : <input maxLength={300} {...common} />}
      {hint && !error && (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-xs text-red-800">
          {t(error)}
        </span>
      )}
    </div>
  );
}
