// Pieces of the quotation pages (decisions 080, 085): state badge, PDF links, the "back to
// the cart at the quoted prices" and "cancel" buttons, and the "ask for a quotation" button of /panier.
import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useSession } from "#app/lib/session-store.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { localePath } from "#core/slug.ts";

const TONES: Record<string, string> = {
  open: "bg-green-100 text-green-900",
  accepted: "bg-blue-100 text-blue-900",
  ordered: "bg-gray-200 text-gray-900",
  expired: "bg-amber-100 text-amber-900",
  cancelled: "bg-red-100 text-red-900",
};

export function QuotationState({ state, text }: { state: string; text: string }) {
  return (
    <span data-testid="quotation-state" className={`inline-block rounded px-2 py-0.5 text-sm ${TONES[state] ?? TONES.cancelled}`}>
      {text}
    </span>
  );
}

/** The quotation's PDF, French and Chinese (a plain link: the browser opens the document). */
export function PdfLinks({ id, number }: { id: number; number: string }) {
  const { t, lang } = useT();
  return (
    <span className="flex flex-wrap gap-3">
      <a
        href={documentPdfPath("quotation", id, lang)}
        className="text-brand underline"
        data-testid="quotation-pdf"
        aria-label={`${t("quotations.download_pdf")} ${number}`}
      >
        {t("quotations.download_pdf")}
      </a>
      {lang !== "zh" && (
        <a
          href={documentPdfPath("quotation", id, "zh")}
          lang="zh"
          className="text-brand underline"
          aria-label={`${t("quotations.download_pdf_zh")} ${number}`}
        >
          {t("quotations.download_pdf_zh")}
        </a>
      )}
    </span>
  );
}

/** POST /site/Customer/quotationToCart, then to /panier where the lines show the quoted prices. */
export function QuotationToCartButton({ id }: { id: number }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const notify = useSession((s) => s.notify);
  const [busy, setBusy] = useState(false);

  async function toCart() {
    setBusy(true);
    try {
      const res = await api("POST", "/site/Customer/quotationToCart", { body: { id: String(id) } });
      if (res?.code === 200) {
        await useCart.getState().refresh();
        notify({ kind: "success", text: res.info });
        await navigate(localePath(lang, "/panier"));
      } else if (res) {
        notify({ kind: "warning", text: res.info });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toCart}
      disabled={busy}
      data-testid="quotation-to-cart"
      className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
    >
      {t("quotations.to_cart")}
    </button>
  );
}

/** POST /site/Customer/cancelQuotation after a confirmation; the page then shows the cancelled state. */
export function CancelQuotationButton({ id, number }: { id: number; number: string }) {
  const { t } = useT();
  const { revalidate } = useRevalidator();
  const notify = useSession((s) => s.notify);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      const res = await api("POST", "/site/Customer/cancelQuotation", { body: { id: String(id) } });
      if (res) notify({ kind: res.code === 200 ? "success" : "warning", text: res.info });
      if (res?.code === 200) await useCart.getState().refresh(); // its lines in the cart are repriced
      await revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        disabled={busy}
        data-testid="quotation-cancel"
        className="rounded border border-line px-4 py-2 hover:border-brand disabled:opacity-60"
      >
        {t("quotations.cancel")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("quotations.cancel_title", { number })}
        text={t("quotations.cancel_text")}
        onYes={() => void cancel()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID().replace(/-/g, "")
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(16, "0");

/**
 * "Ask for a quotation" on /panier (customers only). One idempotency key per attempt, kept until the server
 * answers 200: a double click or a retry never makes two quotations.
 */
export function CreateQuotationButton() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const notify = useSession((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  async function create() {
    setBusy(true);
    try {
      key.current ??= newKey();
      const res = await api("POST", "/site/Customer/createQuotation", {
        body: { idempotency_key: key.current },
      });
      if (res?.code === 200) {
        key.current = null;
        notify({ kind: "success", text: res.info });
        await navigate(`${localePath(lang, "/accountpdfquotation")}?id=${encodeURIComponent(res.data.number)}`);
      } else if (res) {
        notify({ kind: "warning", text: res.info });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={create}
      disabled={busy}
      data-testid="create-quotation"
      className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white disabled:opacity-60"
    >
      {t("quotations.create")}
    </button>
  );
}
