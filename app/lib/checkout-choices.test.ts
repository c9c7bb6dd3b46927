// The checkout page's choice rules: defaults, the modes that can be picked, the cartParams infos, the freight lookup.
import { describe, expect, it } from "vitest";
import { freightQuery, initialChoices, modeStates, paramsInfos, receivingWeek, type Choices } from "./checkout-choices.ts";
import type { CartAnswer, PreOrderInfo } from "./checkout-api.ts";
import type { AddressView } from "#core/account.ts";
import type { CartParamsAnswer, DeliveryModeAnswer } from "#core/contracts/checkout.ts";

const address = (id: number, kind: "delivery" | "invoice", zip: string, is_default = false): AddressView => ({
  id,
  kind,
  is_default,
  title: "M",
  first_name: "Jean",
  last_name: "Dupont",
  company: null,
  line1: "1 rue de la Paix",
  line2: null,
  zip_code: zip,
  city: "Paris",
  country: "FR",
  phone: "0601020304",
});
const shop = (id: number) => ({
  id,
  code: `s${id}`,
  name: `Magasin ${id}`,
  address: "",
  phone: "",
  email: null,
  lat: null,
  lng: null,
  hours: [],
});

/** The cart parameters of a cart whose choices were never saved, with `over` saved. */
const params = (over: Partial<CartParamsAnswer> = {}): CartParamsAnswer => ({
  id: 5,
  delivery_addr_id: null,
  invoice_addr_id: null,
  pickup_method: 1,
  delivery_mode: null,
  shop_id: null,
  extra_options: { rdv: false },
  delivery_addr_obj: null,
  discount_info: null,
  note: null,
  freight: null,
  ...over,
});
const mode = (m: DeliveryModeAnswer["mode"], over: Partial<DeliveryModeAnswer> = {}): DeliveryModeAnswer => ({
  mode: m,
  label: m,
  available: true,
  reason_key: null,
  reason: null,
  freight: null,
  rdv: { available: false, reason: null, amount: "0.00" },
  ...over,
});

const info = (over: Partial<PreOrderInfo> = {}): PreOrderInfo => ({
  addresses: [address(1, "delivery", "75011"), address(2, "delivery", "69003", true)],
  invoice_addresses: [address(3, "invoice", "75011", true)],
  combinations: [],
  shops: [shop(10), shop(11)],
  cart_params: params(),
  receipt_arrangement: { days: [], note: null, updated_at: null },
  minBuyPrice: "100.00",
  freeDeliverPrice: "800.00",
  freeDeliveryAmount: null,
  has_lines: true,
  delivery_modes: [mode("parcel"), mode("pallet"), mode("carrier"), mode("pickup")],
  credit_balance: "0.00",
  on_account: null,
  ...over,
});

const cart = (nonGls = false, freightZip: string | null = null): CartAnswer => ({
  cart_info: {
    id: 5,
    delivery_addr_id: null,
    invoice_addr_id: null,
    pickup_method: 1,
    delivery_addr_obj: null,
    extra_options: {},
    discount_info: null,
    freight: freightZip ? { zip_code: freightZip } : null,
    totalVolume: "0.500000",
    totalPoids: "12.500",
    has_gls_model: nonGls,
    colis_qte: 2,
    colis_vol_num: 1,
  } as unknown as CartAnswer["cart_info"],
  cart_list: [
    {
      id: 1,
      model_id: 100,
      num: 2,
      price: "10.00",
      site_price: "10.00",
      poids: "6.250",
      volume: "0.250000",
      tva: "0.2000",
      unit: "carton",
      non_gls_status: nonGls ? 1 : 0,
      remise_info: null,
      purchasable_qty: 100,
      name: "Carton",
      label: "",
      reference: "C-100",
      image: null,
      url: "/produit/carton-1",
      stock: 100,
      not_for_sale: false,
      product_id: 1,
      quoted: false,
      quotation_id: null,
      quotation_number: null,
      amount: "20.00",
      gifted_units: 0,
    },
  ],
});

const choices = (over: Partial<Choices> = {}): Choices => ({
  delivery_addr_id: 1,
  invoice_addr_id: 3,
  mode: "pallet",
  shop_id: 10,
  rdv: true,
  coupon_code: " PRO10 ",
  ...over,
});

describe("modeStates", () => {
  it("refuses parcel when a line cannot go by GLS, with the reason", () => {
    const states = modeStates(info(), cart(true));
    expect(states.find((s) => s.mode === "parcel")).toMatchObject({ mode: "parcel", available: false, reason: "checkout.parcel_non_gls" });
    expect(states.filter((s) => s.available).map((s) => s.mode)).toEqual(["pallet", "carrier", "pickup"]);
  });

  it("keeps the server's verdict and reason; pickup is always possible", () => {
    const states = modeStates(
      info({
        delivery_modes: [mode("pallet", { available: false, reason: "checkout.pallet_blocked" }), mode("pickup", { available: false })],
      }),
      cart(),
    );
    expect(states.find((s) => s.mode === "pallet")).toMatchObject({ mode: "pallet", available: false, reason: "checkout.pallet_blocked" });
    expect(states.find((s) => s.mode === "pickup")?.available).toBe(true);
  });
});

describe("initialChoices", () => {
  it("preselects the default addresses and the first shop, and no mode without a saved one", () => {
    expect(initialChoices(info(), cart())).toMatchObject({ delivery_addr_id: 2, invoice_addr_id: 3, shop_id: 10, mode: null, rdv: false });
  });

  it("keeps the saved choices that are still valid", () => {
    const saved = info({
      cart_params: params({
        delivery_addr_id: 1,
        invoice_addr_id: 99,
        delivery_mode: "carrier",
        shop_id: 11,
        extra_options: { rdv: true },
        discount_info: { type: 2, code: "PRO10", value: "0.1", amount: null, min_amount: "0.00" },
      }),
    });
    expect(initialChoices(saved, cart())).toEqual({
      delivery_addr_id: 1,
      invoice_addr_id: 3,
      mode: "carrier",
      shop_id: 11,
      rdv: true,
      coupon_code: "PRO10",
    });
  });

  it("drops a saved parcel mode the cart can no longer use; a saved pickup_method 2 is pickup", () => {
    expect(initialChoices(info({ cart_params: params({ delivery_mode: "parcel" }) }), cart(true)).mode).toBeNull();
    expect(initialChoices(info({ cart_params: params({ pickup_method: 2 }) }), cart()).mode).toBe("pickup");
  });
});

describe("paramsInfos", () => {
  it("sends the delivery choices with the trimmed coupon and the note", () => {
    expect(paramsInfos(choices(), "Quai 3")).toEqual({
      delivery_addr_id: 1,
      invoice_addr_id: 3,
      pickup_method: 1,
      delivery_mode: "pallet",
      shop_id: null,
      extra_options: { rdv: true },
      code: "PRO10",
      note: "Quai 3",
    });
  });

  it("a pickup is pickup_method 2 with its shop and no appointment; the appointment only goes with pallet and carrier", () => {
    expect(paramsInfos(choices({ mode: "pickup" }), "")).toMatchObject({
      pickup_method: 2,
      delivery_mode: "pickup",
      shop_id: 10,
      extra_options: { rdv: false },
    });
    expect(paramsInfos(choices({ mode: "parcel" }), "").extra_options).toEqual({ rdv: false });
    expect(paramsInfos(choices({ mode: "carrier" }), "").extra_options).toEqual({ rdv: true });
  });

  it("without a mode sends only the addresses, coupon and note", () => {
    expect(paramsInfos(choices({ mode: null }), "n")).toEqual({ delivery_addr_id: 1, invoice_addr_id: 3, code: "PRO10", note: "n" });
  });
});

describe("freightQuery", () => {
  const delivery = info().addresses;
  it("is skipped for a pickup, without a session, or without a delivery address", () => {
    expect(freightQuery(true, choices({ mode: "pickup" }), cart(), delivery, true)).toBeNull();
    expect(freightQuery(false, choices(), cart(), delivery, true)).toBeNull();
    expect(freightQuery(true, choices({ delivery_addr_id: null }), cart(), delivery, true)).toBeNull();
    expect(freightQuery(true, choices({ delivery_addr_id: 42 }), cart(), delivery, true)).toBeNull();
  });

  it("asks with the chosen address's zip and the server's measures; getAll 1 on save or a new zip", () => {
    expect(freightQuery(true, choices(), cart(false, "75011"), delivery, false)).toEqual({
      getAll: 0,
      zip_code: "75011",
      volume: "0.500000",
      poids: "12.500",
      gls_model_status: 0,
      delivery_addr_id: 1,
      invoice_addr_id: 3,
      pickup_method: 1,
      colis_qte: 2,
      colis_vol_num: 1,
      delivery_mode: "pallet",
    });
    expect(freightQuery(true, choices(), cart(false, "75011"), delivery, true)?.getAll).toBe(1);
    expect(freightQuery(true, choices({ delivery_addr_id: 2 }), cart(true, "75011"), delivery, false)).toMatchObject({
      getAll: 1,
      zip_code: "69003",
      gls_model_status: 1,
    });
  });
});

describe("receivingWeek", () => {
  it("lists Monday to Sunday with the saved slots", () => {
    const week = receivingWeek([{ weekday: 2, morning: true, afternoon: false }]);
    expect(week).toHaveLength(7);
    expect(week[1]).toEqual({ weekday: 2, morning: true, afternoon: false });
    expect(week[0]).toEqual({ weekday: 1, morning: false, afternoon: false });
  });
});
