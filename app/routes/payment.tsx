// /paymentcb (card payment step of an order) and /payment/result/:type (the provider sends the buyer back
// there): one route module (SPEC §2), fr and /zh, login required (decision 078). The
// result routes render without header, footer or loading overlay (handle `bare`, read by app/root.tsx).
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/payment";
import { translate } from "#core/i18n/translate.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { parseOrderRef } from "#core/validation/orders.ts";
import type { OrderDetailAnswer } from "#core/contracts/orders.ts";
import type { PaymentResultAnswer } from "#core/contracts/payments.ts";
import { customerContext } from "#app/lib/guard.ts";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { useT } from "#app/lib/i18n.tsx";
import { REDIRECT_SECONDS, useCountdown, usePaymentResult } from "#app/lib/payment.ts";
import { StateBadge } from "#app/components/orders/order-parts.tsx";
import { PayButton } from "#app/components/payment/pay-button.tsx";

/** Rendered for its customer, never cached (decision 063); the result routes without the shell (SPEC §2). */
export const handle = { personal: true, bare: (params: Record<string, string | undefined>) => params.type !== undefined };

const RESULT_TYPES = new Set(["success", "fail"]);

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const me = ctx.customer;
  const type = (params as { type?: string }).type;
  if (type !== undefined && !RESULT_TYPES.has(type)) throw notFoundResponse();
  const ref = parseOrderRef(url.searchParams.get("order_id") ?? url.searchParams.get("id"));
  if (!ref) throw notFoundResponse();
  const o: OrderDetailAnswer = await orNotFound(
    context.services.orders.detail({ db: context.services.db, customer: me, lang: context.lang }, ref),
  );
  // The card pays what the credit notes left (decision 079): the step says so before the buyer leaves.
  const docs = await context.services.documents.orderDocuments(ctx, o.id);
  return {
    type: (type ?? null) as "success" | "fail" | null,
    order: {
      id: o.id,
      number: o.number,
      status: o.status,
      state: o.state,
      total_ttc: o.total_ttc,
      credit_used: docs.credit_used,
      amount_due: docs.amount_due,
      cancelled_at: o.cancelled_at,
      can_repay: o.can_repay,
      paid: o.payment !== null,
      balance_due: o.balance_due,
    },
  };
}

export const meta: Route.MetaFunction = ({ location, params }) => {
  const lang = langOfPath(location.pathname);
  const title = translate(lang, params.type ? "payment_pages.result_title_checking" : "payment_pages.pay_title");
  return [{ title: `${title} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

type Order = Route.ComponentProps["loaderData"]["order"];

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return loaderData.type ? <ResultPage order={loaderData.order} type={loaderData.type} /> : <PayStep order={loaderData.order} />;
}

type Credit = { credit_used: string; amount_due: string };

/**
 * Order number and total TTC; when a credit note paid part of it (decision 079), the credit deducted and what
 * the card pays ("Reste à payer" before the payment, "Payé par carte" once paid).
 */
function Summary({
  number,
  total,
  credit,
  paid = false,
  children,
}: {
  number: string;
  total: string;
  credit?: Credit;
  paid?: boolean;
  children?: React.ReactNode;
}) {
  const { t, lang } = useT();
  const sep = lang === "fr" ? "\u00a0: " : "：";
  const row = (label: string, value: string, testId?: string) => (
    <div>
      <dt className="inline font-semibold">
        {label}
        {sep}
      </dt>
      <dd className="inline" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="flex flex-col gap-1" data-testid="payment-summary">
      {row(t("payment_pages.order_number"), number)}
      {row(t("payment_pages.total_ttc"), formatPrice(total, lang, "TTC"))}
      {credit && Number(credit.credit_used) > 0 && (
        <>
          {row(t("orders.credit_used"), formatPrice(`-${credit.credit_used}`, lang, "TTC"), "payment-credit-used")}
          {row(
            t(paid ? "orders.amount_due" : "documents.amount_due_label"),
            formatPrice(credit.amount_due, lang, "TTC"),
            "payment-amount-due",
          )}
        </>
      )}
      {children}
    </dl>
  );
}

/** /paymentcb: the order to pay and the button that leaves for the provider's page. */
function PayStep({ order }: { order: Order }) {
  const { t, lang } = useT();
  const detail = `${localePath(lang, "/order-detail")}?id=${encodeURIComponent(order.number)}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 py-4">
      <h1 className="text-2xl font-bold text-brand">{t("payment_pages.pay_title")}</h1>
      <Summary number={order.number} total={order.total_ttc} credit={order}>
        {Number(order.balance_due) > 0 && (
          <div>
            <dt className="inline font-semibold">
              {t("orders.balance_due")}
              {lang === "fr" ? "\u00a0: " : "："}
            </dt>
            <dd className="inline" data-testid="payment-balance-due">
              {formatPrice(order.balance_due, lang, "TTC")}
            </dd>
          </div>
        )}
      </Summary>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t("payment_pages.status")}</span>
        <StateBadge state={order.state} />
      </p>
      {order.can_repay ? (
        <>
          <p>{t(order.status === "unpaid" ? "payment_pages.pay_intro" : "payment_pages.pay_balance_intro", { number: order.number })}</p>
          <PayButton orderId={order.id} label={t("payment_pages.pay_by_card")} />
          <p className="text-sm text-muted">{t("payment_pages.secure_note")}</p>
        </>
      ) : (
        <p role="status">{notPayableText(t, lang, order)}</p>
      )}
      <Link to={detail} className="self-start text-brand underline">
        {t("payment_pages.see_order")}
      </Link>
    </div>
  );
}

function notPayableText(
  t: ReturnType<typeof useT>["t"],
  lang: ReturnType<typeof useT>["lang"],
  o: { status: string; paid: boolean; cancelled_at: string | null },
): string {
  if (o.status === "cancelled") {
    const date = formatDate(o.cancelled_at, lang, "long");
    return date ? t("payment_pages.cancelled_on", { date }) : t("payment_pages.cancelled");
  }
  return o.paid || o.status !== "unpaid" ? t("payment_pages.already_paid") : t("payment_pages.not_payable");
}

const METHODS: Record<string, string> = { card: "orders.payment_card", transfer: "orders.payment_transfer" };

/** /payment/result/:type: the outcome read from the server (polled while the notification is awaited). */
function ResultPage({ order, type }: { order: Order; type: "success" | "fail" }) {
  const { t, lang } = useT();
  const poll = usePaymentResult(order.id, { wait: type === "success" });
  const r = poll.result;
  const heading = (key: string) => <h1 className="text-2xl font-bold text-brand">{t(`payment_pages.${key}`)}</h1>;
  let body: React.ReactNode;
  if (poll.phase === "done" && poll.result.paid) body = <Success r={poll.result} credit={order} />;
  else if (poll.phase === "done" && poll.result.status === "cancelled") {
    body = (
      <>
        {heading("result_title_cancelled")}
        <Summary number={poll.result.number} total={poll.result.total_ttc} />
        <div role="status">
          <p>{notPayableText(t, lang, poll.result)}</p>
          {poll.result.failure && <p data-testid="payment-failure">{t("payment_pages.failure_reason", { reason: poll.result.failure })}</p>}
        </div>
        <Link to={localePath(lang, "/historique-commandes")} className="self-start text-brand underline">
          {t("payment_pages.see_history")}
        </Link>
      </>
    );
  } else if (poll.phase === "done") body = <Failure r={poll.result} />;
  else if (poll.phase === "error") {
    body = (
      <>
        {heading("result_title_checking")}
        <p role="alert">{t("payment_pages.load_failed")}</p>
        <button type="button" onClick={poll.retry} className="self-start rounded border border-brand px-4 py-2 text-brand">
          {t("payment_pages.retry")}
        </button>
      </>
    );
  } else {
    body = (
      <>
        {heading("result_title_checking")}
        <Summary number={r?.number ?? order.number} total={r?.total_ttc ?? order.total_ttc} />
        <div role="status" aria-live="polite" className="flex items-center gap-3">
          {poll.phase === "loading" && (
            <span aria-hidden="true" className="h-5 w-5 rounded-full border-2 border-brand border-t-transparent motion-safe:animate-spin" />
          )}
          <span>{poll.phase === "timeout" ? t("payment_pages.still_waiting") : t("payment_pages.checking")}</span>
        </div>
        {poll.phase === "timeout" && (
          <div className="flex flex-wrap gap-4">
            <button type="button" onClick={poll.retry} className="rounded border border-brand px-4 py-2 text-brand">
              {t("payment_pages.check_again")}
            </button>
            <OrderLink id={order.number} />
          </div>
        )}
      </>
    );
  }
  return (
    <div
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center gap-5 py-8"
      data-testid="payment-result"
      data-phase={poll.phase}
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t("common.brand")}</p>
      {body}
    </div>
  );
}

function OrderLink({ id }: { id: string }) {
  const { t, lang } = useT();
  return (
    <Link to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(id)}`} className="self-center text-brand underline">
      {t("payment_pages.see_order")}
    </Link>
  );
}

function Success({ r, credit }: { r: PaymentResultAnswer; credit: Credit }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const target = `${localePath(lang, "/confirmation-commande")}?id=${r.order_id}`;
  const countdown = useCountdown(REDIRECT_SECONDS, () => void navigate(target));
  const sep = lang === "fr" ? "\u00a0: " : "：";
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="inline font-semibold">
        {label}
        {sep}
      </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
  return (
    <>
      <h1 className="text-2xl font-bold text-green-800">{t("payment_pages.result_title_success")}</h1>
      <p role="status">{t("payment_pages.success_intro", { number: r.number })}</p>
      <Summary number={r.number} total={r.total_ttc} credit={credit} paid>
        {r.payment_method &&
          row(t("payment_pages.payment_method"), METHODS[r.payment_method] ? t(METHODS[r.payment_method]) : r.payment_method)}
        {r.transaction_id && row(t("payment_pages.transaction_id"), r.transaction_id)}
        {r.paid_at && row(t("payment_pages.paid_at"), formatDate(r.paid_at, lang, "datetime"))}
        {r.invoice_number &&
          row(
            t("payment_pages.invoice"),
            r.invoice_url ? (
              <a href={r.invoice_url} className="text-brand underline" download>
                {t("payment_pages.invoice_download", { number: r.invoice_number })}
              </a>
            ) : (
              r.invoice_number
            ),
          )}
      </Summary>
      <p className="text-sm" role="timer" aria-live="off" data-testid="redirect-countdown">
        {countdown.stopped ? t("payment_pages.redirect_stopped") : t("payment_pages.redirect_in", { seconds: countdown.left })}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={target} className="rounded bg-brand px-4 py-2 font-semibold text-white">
          {t("payment_pages.redirect_now")}
        </Link>
        {!countdown.stopped && (
          <button type="button" onClick={countdown.stop} className="rounded border border-line px-4 py-2 hover:border-brand">
            {t("payment_pages.redirect_stop")}
          </button>
        )}
      </div>
    </>
  );
}

function Failure({ r }: { r: PaymentResultAnswer }) {
  const { t } = useT();
  return (
    <>
      <h1 className="text-2xl font-bold text-red-800">{t("payment_pages.result_title_failure")}</h1>
      <div role="alert" className="flex flex-col gap-1">
        <p>{t("payment_pages.failure_intro", { number: r.number })}</p>
        {r.failure && <p data-testid="payment-failure">{t("payment_pages.failure_reason", { reason: r.failure })}</p>}
      </div>
      <Summary number={r.number} total={r.total_ttc} />
      <div className="flex flex-wrap items-start gap-4">
        {r.can_repay && <PayButton orderId={r.order_id} label={t("payment_pages.pay_again")} />}
        <OrderLink id={r.number} />
      </div>
    </>
  );
}
