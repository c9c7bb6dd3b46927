// Whether an address can receive a delivery (POST /site/Customer/orderAddressValidate; decision 085): the
// address rules of decision 027 and the freight tariff's zip rules of decision 071, answered field by field
// so a page can show each problem next to what to change. Pure: the server loads the tariff and the times.
import { isFrenchZip } from "./validation/address.ts";
import { rdvAvailability, zoneOf, type DeliveryMode, type Tariff } from "./freight-tariff.ts";
import { zipInPrefixList } from "./zip.ts";

type AddressProblemField = "country" | "zip_code" | "delivery_mode" | "rdv" | "receiving_days";
/** A problem: the field to change and the catalogue key of its message. */
type AddressProblem = { field: AddressProblemField; key: string };

export type DeliveryAddressCheck = {
  zip_code: string | null | undefined;
  country?: string | null;
  /** The delivery mode to check the zip against; null: the address alone. */
  mode: DeliveryMode | null;
  rdv: boolean;
  /** Whether the customer has at least one receiving slot (morning or afternoon) saved. */
  hasReceivingSlot: boolean;
};

/** Overseas départements and collectivities (97x, 98x): outside the delivery area, which is metropolitan France. */
export const isMetropolitanZip = (zip: string) => isFrenchZip(zip) && !/^9[78]/.test(zip.trim());

/**
 * The problems that keep an address from being delivered (empty when it can be). Pickup needs no address:
 * no problem. The zip is checked in order (present, French format, metropolitan, in a tariff zone); the
 * mode, appointment and receiving-time checks follow only for a zip the tariff knows.
 */
export function deliveryAddressProblems(tariff: Tariff, a: DeliveryAddressCheck): AddressProblem[] {
  if (a.mode === "pickup") return [];
  const zip = (a.zip_code ?? "").trim();
  const problems: AddressProblem[] = [];
  if (a.country && a.country !== "FR") problems.push({ field: "country", key: "validation.country_invalid" });
  if (zip === "") problems.push({ field: "zip_code", key: "validation.zip_required" });
  else if (!isFrenchZip(zip)) problems.push({ field: "zip_code", key: "validation.zip_invalid" });
  else if (!isMetropolitanZip(zip) || !zoneOf(tariff, zip)) problems.push({ field: "zip_code", key: "checkout.zone_unknown" });
  if (problems.length > 0) return problems;
  if (a.mode === "pallet" && zipInPrefixList(zip, tariff.config.paletteBlockZipcode))
    problems.push({ field: "delivery_mode", key: "checkout.pallet_blocked" });
  if (a.rdv) {
    // Without a mode only the zip list can refuse the appointment; with one, the mode must allow it too.
    const why = a.mode
      ? rdvAvailability(tariff, a.mode, zip)
      : zipInPrefixList(zip, tariff.config.optionRdvBlockZipcode)
        ? "checkout.rdv_blocked"
        : null;
    if (why) problems.push({ field: "rdv", key: why });
  }
  if (!a.hasReceivingSlot) problems.push({ field: "receiving_days", key: "validation.receiving_days_required" });
  return problems;
}
