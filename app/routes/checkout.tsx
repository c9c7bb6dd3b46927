// /commande (SPEC §2; decision 074): addresses, delivery mode, receiving times,
// coupon, note, the server's totals, and placing the order. Login required; rendered per customer.
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/checkout";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { cgvAcceptanceSchema, checkoutFormSchema } from "#core/validation/checkout-form.ts";
import { CGV } from "#core/legal.ts";
import { requireCustomer } from "#app/lib/guard.ts";
import { useT } from "#app/lib/i18n.tsx";
import { fieldErrors } from "#app/components/account/field.tsx";
import { checkoutApi } from "#app/lib/checkout-api.ts";
import { modeStates } from "#app/lib/checkout-choices.ts";
import { useCheckout } from "#app/lib/checkout-page.ts";
import { usePlaceOrder } from "#app/lib/checkout-order.ts";
import { AddressSection } from "#app/components/checkout/address-section.tsx";
import { DeliverySection } from "#app/components/checkout/delivery-section.tsx";
import { ReceivingSection } from "#app/components/checkout/receiving-section.tsx";
import { CouponSection } from "#app/components/checkout/coupon-section.tsx";
import { OrderSummary } from "#app/components/checkout/order-summary.tsx";
import { CreditSection } from "#app/components/checkout/credit-section.tsx";
import { PaymentSection } from "#app/components/checkout/payment-section.tsx";
import { AcceptanceBox } from "#app/components/legal/acceptance-box.tsx";
import { approvalNotice } from "#app/lib/approval-notice.ts";
import { ApprovalNotice } from "#app/components/account/approval-notice.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export function loader({ context, url }: Route.LoaderArgs) {
  // an account that may not order is told so before it fills the page in (the server refuses the order anyway)
  return { approval: approvalNotice(requireCustomer(context, url), context.lang) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "checkout.title")} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const { data, choices, note, change, persist, setNote, setReceiving, reload } = useCheckout();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [useCredit, setUseCredit] = useState(false);
  const [onAccount, setOnAccount] = useState(false);
  const cgvBox = useRef<HTMLInputElement>(null);
  const acceptCgv = () => cgvBox.current?.checked === true;
  const { info, cart } = data;

  /** The form's checks, then the choices and receiving times saved: the order reads them on the server. */
  async function prepare(): Promise<boolean> {
    if (!choices) return false;
    const parsed = checkoutFormSchema.safeParse({ ...choices, receiving: data.receiving, note });
    const terms = cgvAcceptanceSchema.safeParse({ accept_cgv: acceptCgv() });
    if (!parsed.success || !terms.success) {
      const issues = [...(parsed.error?.issues ?? []), ...(terms.error?.issues ?? [])];
      // Rendered now, so that the first message exists to be scrolled into view (it may be far below the button).
      flushSync(() => setErrors(fieldErrors(issues)));
      document.querySelector<HTMLElement>("main [role=alert]")?.scrollIntoView({ block: "center" });
      return false;
    }
    setErrors({});
    if (choices.mode !== "pickup") {
      const r = await checkoutApi.setReceipt(data.receiving.filter((d) => d.morning || d.afternoon));
      if (r?.code !== 200) return false;
    }
    return persist(choices, true);
  }

  const order = usePlaceOrder({
    prepare,
    note: () => note.trim(),
    creditWanted: () => useCredit,
    onAccountWanted: () => onAccount && data.info?.on_account != null,
    cgvAccepted: acceptCgv,
    // An unpaid order goes on to its card payment step; /confirmation-commande ends the payment (decision 078).
    onPlaced: (o) =>
      void navigate(
        o.status === "unpaid"
          ? `${localePath(lang, "/paymentcb")}?order_id=${o.id}`
          : `${localePath(lang, "/confirmation-commande")}?id=${o.id}`,
      ),
  });

  if (!data.loading && !info) {
    return (
      <div className="flex flex-col items-center gap-4 py-10">
        <p role="alert">{t("checkout.load_failed")}</p>
        <button type="button" onClick={() => window.location.reload()} className="rounded border border-brand px-4 py-2 text-brand">
          {t("checkout.retry")}
        </button>
      </div>
    );
  }
  if (data.loading || !info || !choices) {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {t("checkout.loading")}
      </p>
    );
  }
  if (!cart || cart.cart_list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-10">
        <h1 className="text-2xl font-bold text-brand">{t("checkout.title")}</h1>
        <p>{t("checkout.empty")}</p>
        <Link to={localePath(lang, "/")} className="text-brand underline">
          {t("checkout.continue")}
        </Link>
      </div>
    );
  }

  const pickup = choices.mode === "pickup";
  async function applyCoupon(code: string) {
    if (!choices) return null;
    if (code) {
      const res = await checkoutApi.verifyPromo(code);
      if (!res) return null;
      if (res.code !== 200) return { ok: false, text: res.info };
    }
    change({ coupon_code: code });
    return { ok: true, text: t(code ? "checkout.coupon_applied" : "checkout.coupon_removed") };
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("checkout.title")}</h1>
      <ApprovalNotice notice={loaderData.approval} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <DeliverySection
            modes={modeStates(info, cart)}
            mode={choices.mode}
            shops={info.shops}
            shopId={choices.shop_id}
            rdv={choices.rdv}
            freight={data.freight}
            refusal={data.refusal}
            errors={errors}
            onMode={(mode) => change({ mode })}
            onShop={(shop_id) => change({ shop_id })}
            onRdv={(rdv) => change({ rdv })}
          />
          <AddressSection
            delivery={info.addresses}
            invoice={info.invoice_addresses}
            combinations={info.combinations}
            pickup={pickup}
            deliveryId={choices.delivery_addr_id}
            invoiceId={choices.invoice_addr_id}
            errors={errors}
            onDelivery={(id) => change({ delivery_addr_id: id })}
            onInvoice={(id) => change({ invoice_addr_id: id })}
            onCombination={(c) => change({ delivery_addr_id: c.delivery_addr_id, invoice_addr_id: c.invoice_addr_id })}
            onSaveCombination={async () => {
              const res = await checkoutApi.addCombination(choices.delivery_addr_id!, choices.invoice_addr_id!);
              if (res?.code === 200) void reload();
              return res ? res.info : null;
            }}
            onAdded={() => void reload()}
          />
          {!pickup && (
            <ReceivingSection
              days={data.receiving}
              error={errors.receiving}
              onChange={setReceiving}
              onSave={async (days) => {
                const res = await checkoutApi.setReceipt(days.filter((d) => d.morning || d.afternoon));
                return res ? res.info : null;
              }}
            />
          )}
          <CouponSection
            code={choices.coupon_code}
            coupons={data.coupons}
            note={note}
            noteError={errors.note}
            onApply={applyCoupon}
            onNote={setNote}
          />
        </div>
        <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          <OrderSummary cart={cart} minBuyPrice={info.minBuyPrice} mode={choices.mode} />
          <PaymentSection terms={info.on_account} total={cart.cart_info.grandTotal} onAccount={onAccount} onChange={setOnAccount} />
          {!(onAccount && info.on_account) && (
            <CreditSection balance={info.credit_balance} total={cart.cart_info.grandTotal} checked={useCredit} onChange={setUseCredit} />
          )}
          <AcceptanceBox
            name="accept_cgv"
            lead="checkout.accept_cgv_lead"
            link="checkout.accept_cgv_link"
            page={CGV.page}
            inputRef={cgvBox}
            onChange={(v) => {
              if (v) setErrors(({ accept_cgv: _, ...rest }) => rest);
            }}
            error={errors.accept_cgv}
          />
          {order.failure && (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
              {order.failure}
            </p>
          )}
          <button
            type="button"
            onClick={() => void order.place()}
            disabled={order.busy}
            aria-busy={order.busy}
            className="rounded bg-brand px-4 py-3 text-lg font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {t(order.busy ? "checkout.placing" : "checkout.place_order")}
          </button>
          <p className="text-xs text-muted">
            {onAccount && info.on_account ? t("checkout.place_hint_on_account", { days: info.on_account.days }) : t("checkout.place_hint")}
          </p>
        </aside>
      </div>
    </div>
  );
}
