// Checkout choices on the caller's server cart (SPEC §5, §7; decision 071): the delivery cost lookup, the saved
// cart parameters and everything the checkout page needs in one call. Every use case takes its context (132):
// the handle (060), the customer, the language.
import { accountTerms, type AccountTerms } from "#server/modules/customers/on-account.service.ts";
import { fromCents } from "#core/money.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { carts, orders, shops } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { deliveryAddressProblems } from "#core/delivery-address.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { isDeliveryMode, rdvAvailability, type DeliveryMode, type FreightMeasures } from "#core/freight-tariff.ts";
import type { Freight, Numeric } from "#core/cart/types.ts";
import type { AnswerOf } from "#core/contracts/contract.ts";
import type * as calls from "#core/contracts/checkout.ts";
import type { CartParamsAnswer } from "#core/contracts/checkout.ts";
import type { CartInfos, DeliveryExpenseQuery, OrderAddressValidateInput } from "#core/validation/checkout.ts";
import type { ConfigService } from "#server/modules/content/config.service.ts";
import type { createAddressesService } from "#server/modules/accounts/addresses.service.ts";
import type { FreightService } from "./freight.service.ts";
import type { CouponsService } from "./coupons.service.ts";
import type { createReceiptService } from "./receipt.service.ts";
import { creditBalance } from "#server/modules/credit-notes/credit-notes.service.ts";
import { cartMeasures, lockCart, loadCart, measureConfig, ownAddress, sentMeasures, type CheckoutCartRow } from "./checkout-cart.ts";
import { cartChanged } from "#server/modules/cart/cart-answers.ts";
import { readSettings } from "#core/validation/settings.ts";

type Deps = {
  config: ConfigService;
  freight: FreightService;
  coupons: CouponsService;
  receipt: ReturnType<typeof createReceiptService>;
  addresses: ReturnType<typeof createAddressesService>;
};

const EMPTY_MEASURES: FreightMeasures = {
  totalPoids: "0.000",
  totalVolume: "0.000000",
  palette_num: 1,
  colis_qte: 0,
  colis_vol_num: 0,
  has_gls_model: false,
};
/** The thresholds the checkout shows, as the site config stores them (SPEC §3 "Site config", values of these shapes). */
type Thresholds = { minBuyPrice?: Numeric | null; freeDeliverPrice?: Numeric | null; freeDeliveryAmount?: Numeric | Numeric[] | null };

const rdvOf = (cart: CheckoutCartRow | null) => cart?.extra_options?.rdv === true || cart?.extra_options?.rdv === 1;
const shipped = (m: DeliveryMode | null | undefined): m is Exclude<DeliveryMode, "pickup"> => !!m && m !== "pickup";

export function createCheckoutService({ config, freight, coupons, receipt, addresses }: Deps) {
  const settings = async () => measureConfig(await config.siteConfig());

  /**
   * GET /site/Sale/getDeliveryExpense. Skipped (empty freight) for pickup, without a delivery address or zip
   * (SPEC §5). The measures come from the server cart; a caller without lines is quoted on what it sent, and
   * nothing is stored for it. getAll stores the freight, the mode and the address choice on the cart.
   */
  async function deliveryExpense(ctx: Context, input: DeliveryExpenseQuery): Promise<AnswerOf<typeof calls.getDeliveryExpense>> {
    const { db: q } = ctx;
    const customerId = ctx.customer.id;
    if (input.pickup_method === 2 || input.delivery_addr_id === null)
      return { freight: {}, delivery_mode: input.pickup_method === 2 ? "pickup" : null };
    const address = await ownAddress(q, customerId, input.delivery_addr_id, "delivery");
    if (input.invoice_addr_id !== null) await ownAddress(q, customerId, input.invoice_addr_id, "invoice");
    const zip = address.zip_code.trim();
    if (zip === "") return { freight: {}, delivery_mode: null };
    const conf = await settings();
    const cart = await loadCart(q, customerId);
    const measured = cart ? await cartMeasures(q, cart.id, conf) : null;
    const totals = measured ?? sentMeasures(input, conf);
    const chosen = input.delivery_mode ?? (shipped(cart?.delivery_mode) ? cart!.delivery_mode : null);
    // The appointment saved on the cart was chosen for the cart's mode: a quote for another mode is without it
    // (a parcel quote must not be refused because a pallet appointment is saved).
    const rdv = measured !== null && rdvOf(cart) && chosen === cart?.delivery_mode;
    const result = shipped(chosen)
      ? { mode: chosen, freight: await freight.quote(q, { mode: chosen, zip_code: zip, rdv, totals }) }
      : chosen === "pickup"
        ? { mode: "pickup" as const, freight: {} as Freight }
        : await freight.cheapest(q, zip, rdv, totals);
    if (input.getAll && measured && cart && result.mode !== "pickup") {
      // Saving another mode drops the appointment, which belonged to the previous one.
      const extra = result.mode === cart.delivery_mode ? cart.extra_options : { ...cart.extra_options, rdv: false };
      await q
        .update(carts)
        .set({
          freight: result.freight,
          deliveryAddrId: address.id,
          extraOptions: extra,
          invoiceAddrId: sql`coalesce(${input.invoice_addr_id ?? null}::int, ${carts.invoiceAddrId})`,
          pickupMethod: 1,
          deliveryMode: result.mode,
          updatedAt: sql`now()`,
        })
        .where(eq(carts.id, cart.id));
      cartChanged([customerId]);
    }
    return { freight: result.freight, delivery_mode: result.mode };
  }

  /** POST /site/Sale/cartParams: validates and saves the given choices; a field left out keeps its value. */
  async function saveParams(ctx: Context, infos: CartInfos) {
    const customerId = ctx.customer.id;
    return withTransaction(ctx.db, async (tx) => {
      const cart = await lockCart(tx, customerId);
      let deliveryId = infos.delivery_addr_id === undefined ? cart.delivery_addr_id : infos.delivery_addr_id;
      let invoiceId = infos.invoice_addr_id === undefined ? cart.invoice_addr_id : infos.invoice_addr_id;
      // Given ids must be the caller's live addresses; saved ids that were deleted since are dropped.
      const delivery =
        deliveryId === null
          ? null
          : await ownAddress(tx, customerId, deliveryId, "delivery").catch((e: unknown) => {
              if (infos.delivery_addr_id !== undefined) throw e;
              deliveryId = null;
              return null;
            });
      if (invoiceId !== null)
        await ownAddress(tx, customerId, invoiceId, "invoice").catch((e: unknown) => {
          if (infos.invoice_addr_id !== undefined) throw e;
          invoiceId = null;
        });

      let mode: DeliveryMode | null = cart.delivery_mode;
      let pickup = cart.pickup_method;
      if (infos.delivery_mode !== undefined || infos.pickup_method !== undefined) {
        const wantsPickup = infos.delivery_mode === "pickup" || infos.pickup_method === 2;
        if (wantsPickup && ((infos.delivery_mode !== undefined && infos.delivery_mode !== "pickup") || infos.pickup_method === 1)) {
          throw refused("checkout.mode_required");
        }
        pickup = wantsPickup ? 2 : 1;
        mode = wantsPickup ? "pickup" : (infos.delivery_mode ?? (shipped(mode) ? mode : null));
      }

      const shopId = infos.shop_id === undefined ? cart.shop_id : infos.shop_id;
      if (shopId !== null && infos.shop_id !== undefined) {
        const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
        if (!shop) throw refused("checkout.shop_invalid");
      }
      if (pickup === 2 && shopId === null) throw refused("validation.store_required");

      let rdv = infos.extra_options?.rdv === undefined ? rdvOf(cart) : infos.extra_options.rdv === true || infos.extra_options.rdv === 1;
      if (mode === "pickup") rdv = false;
      if (rdv) {
        const tariff = await freight.tariff(tx);
        const why = rdvAvailability(tariff, mode ?? "parcel", delivery?.zip_code);
        if (why && infos.extra_options?.rdv !== undefined) throw refused(why);
        if (why) rdv = false; // an earlier choice the new mode or address no longer allows
      }

      let couponId = cart.coupon_id;
      if (infos.code !== undefined) couponId = infos.code ? (await coupons.verify({ ...ctx, db: tx }, infos.code)).id : null;
      const note = infos.note === undefined ? cart.note : infos.note?.trim() ? infos.note : null;

      // The freight of the new choice, on the server cart's measures: a delivery choice made now that the cart
      // cannot use is refused; an earlier one that the cart's content no longer allows only loses its freight
      // (saving a note must not fail because of it; the checkout lists the modes with their reasons).
      let saved: Freight | null = null;
      const choosing =
        infos.delivery_addr_id !== undefined ||
        infos.delivery_mode !== undefined ||
        infos.pickup_method !== undefined ||
        infos.extra_options !== undefined;
      if (shipped(mode) && delivery?.zip_code?.trim()) {
        const measured = await cartMeasures(tx, cart.id, await settings());
        if (measured) {
          saved = await freight.quote(tx, { mode, zip_code: delivery.zip_code, rdv, totals: measured }).catch((e: unknown) => {
            if (choosing) throw e;
            return null;
          });
        }
      }
      const extra = { ...cart.extra_options, rdv };
      await tx
        .update(carts)
        .set({
          deliveryAddrId: deliveryId,
          invoiceAddrId: invoiceId,
          pickupMethod: pickup,
          deliveryMode: mode,
          shopId,
          extraOptions: extra,
          couponId,
          note,
          freight: saved,
          updatedAt: sql`now()`,
        })
        .where(eq(carts.id, cart.id));
      cartChanged([customerId]);
      return params({ ...ctx, db: tx });
    });
  }

  /** The saved cart parameters (SPEC §3 "Cart parameters") with the checkout's own fields. */
  async function params(ctx: Context): Promise<CartParamsAnswer> {
    const { db: q } = ctx;
    const customerId = ctx.customer.id;
    const cart = await loadCart(q, customerId);
    if (!cart) {
      return {
        id: 0,
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
      };
    }
    const delivery =
      cart.delivery_addr_id === null ? null : await ownAddress(q, customerId, cart.delivery_addr_id, "delivery").catch(() => null);
    const coupon = cart.coupon_id === null ? null : await coupons.byId(ctx, cart.coupon_id);
    return {
      id: cart.id,
      delivery_addr_id: delivery ? cart.delivery_addr_id : null,
      invoice_addr_id: cart.invoice_addr_id,
      pickup_method: cart.pickup_method,
      delivery_mode: cart.delivery_mode,
      shop_id: cart.shop_id,
      extra_options: { ...cart.extra_options, rdv: rdvOf(cart) },
      delivery_addr_obj: delivery,
      discount_info: coupon && { type: 2, code: coupon.code, value: coupon.value, amount: coupon.amount, min_amount: coupon.min_amount },
      note: cart.note,
      freight: cart.pickup_method === 2 ? null : cart.freight,
    };
  }

  /** Each delivery mode for the cart and the chosen address: its freight, or why it is impossible. */
  async function deliveryModes(q: Db, measured: FreightMeasures | null, zip: string | null, lang: Lang) {
    const totals = measured ?? EMPTY_MEASURES;
    const all = await freight.quoteAll(q, zip, false, totals);
    const tariff = await freight.tariff(q);
    return all.map(({ mode, result }) => {
      const rdvWhy = mode === "pickup" ? "checkout.rdv_unavailable" : rdvAvailability(tariff, mode, zip);
      return {
        mode,
        label: translate(lang, `checkout.mode_${mode}`),
        available: result.ok,
        reason_key: result.ok ? null : result.key,
        reason: result.ok ? null : translate(lang, result.key),
        freight: result.ok ? result.freight : null,
        rdv: {
          available: result.ok && rdvWhy === null,
          reason: rdvWhy && mode !== "pickup" ? translate(lang, rdvWhy) : null,
          amount: result.ok ? result.freight.rdv_amount : "0.00",
        },
      };
    });
  }

  /** GET /site/Index/preOrderInfo: everything the checkout page shows, in one call. */
  async function preOrderInfo(ctx: Context): Promise<AnswerOf<typeof calls.preOrderInfo>> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const [conf, shops, book, saved, times, cart] = [
      await config.siteConfig(),
      await config.shops(lang),
      await addresses.list(ctx),
      await params(ctx),
      await receipt.get(ctx),
      await loadCart(q, customerId),
    ];
    const measured = cart ? await cartMeasures(q, cart.id, await settings()) : null;
    const limits: Thresholds = readSettings(conf);
    // The shipped modes are listed for the saved delivery address even while pickup is chosen.
    const zip = saved.delivery_addr_obj?.zip_code ?? null;
    return {
      addresses: book.delivery,
      invoice_addresses: book.invoice,
      combinations: book.combinations,
      shops: shops.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        address: s.address,
        phone: s.phone,
        email: s.email,
        hours: s.hours,
      })),
      cart_params: saved,
      receipt_arrangement: times,
      minBuyPrice: limits.minBuyPrice ?? null,
      freeDeliverPrice: limits.freeDeliverPrice ?? null,
      freeDeliveryAmount: limits.freeDeliveryAmount ?? null,
      has_lines: measured !== null,
      delivery_modes: await deliveryModes(q, measured, zip, lang),
      /** The credit-note balance the order may use (createOrder use_credit; decision 079). */
      credit_balance: await creditBalance(q, customerId),
      /** Payment on account, offered when staff allowed it (decision 149); the order checks it again under lock. */
      on_account: onAccountOffer(await accountTerms(q, customerId)),
    };
  }

  /**
   * POST /site/Customer/orderAddressValidate (decision 085): whether the address can be delivered with the mode,
   * each problem with its field and translated message. The order and the address are the caller's or not found
   * (nothing of another customer's is read); problems are an answer, not an error. Reads only.
   */
  async function validateAddress(ctx: Context, input: OrderAddressValidateInput): Promise<AnswerOf<typeof calls.orderAddressValidate>> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    let mode: DeliveryMode | null = input.delivery_mode ?? null;
    let target: { zip_code: string | null; country: string | null } | null = null;
    if (input.order_id !== undefined) {
      const [o] = await q
        .select({ mode: orders.deliveryMode, address: orders.deliveryAddress })
        .from(orders)
        .where(and(eq(orders.id, input.order_id), eq(orders.customerId, customerId)));
      if (!o) throw notFound("checkout.order_invalid");
      mode ??= isDeliveryMode(o.mode) ? o.mode : null;
      const a = o.address;
      target = {
        zip_code: typeof a?.zip_code === "string" ? a.zip_code : null,
        country: typeof a?.country === "string" ? a.country : null,
      };
    }
    if (input.address_id !== undefined) {
      const a = await ownAddress(q, customerId, input.address_id, "delivery");
      target = { zip_code: a.zip_code, country: typeof a.country === "string" ? a.country : null };
    }
    const { days } = await receipt.get(ctx);
    const problems = deliveryAddressProblems(await freight.tariff(q), {
      zip_code: target?.zip_code,
      country: target?.country,
      mode,
      rdv: input.rdv,
      hasReceivingSlot: days.some((d) => d.morning || d.afternoon),
    });
    return {
      valid: problems.length === 0,
      zip_code: target?.zip_code?.trim() || null,
      delivery_mode: mode,
      problems: problems.map((p) => ({ field: p.field, key: p.key, message: translate(lang, p.key) })),
    };
  }

  return { deliveryExpense, saveParams, params, preOrderInfo, validateAddress };
}

const onAccountOffer = (t: AccountTerms | null) => (t?.allowed ? { days: t.days, available: fromCents(t.available_cents) } : null);
