// "Order again": the order's still-sold lines go back into the cart (POST /site/Sale/reorder); what could
// not be added is said line by line.
import { useState } from "react";
import { Link } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { PAGES } from "#app/pages.ts";
import { localePath } from "#core/slug.ts";
import type { ReorderAnswer } from "#core/contracts/orders.ts";

// Links only to a declared page (no dead link while the cart page is not there).
const hasCartPage = PAGES.some((p) => p.path === "panier");

export function ReorderButton({ orderId }: { orderId: number }) {
  const { t, lang } = useT();
  const notify = useSession((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ info: string; data: ReorderAnswer } | null>(null);

  async function reorder() {
    setBusy(true);
    try {
      const res = await api("POST", "/site/Sale/reorder", { body: { order_id: orderId } });
      if (res?.code === 200) {
        setResult({ info: res.info, data: res.data });
        notify({ kind: res.data.added.length > 0 ? "success" : "warning", text: res.info });
      } else if (res) {
        notify({ kind: "warning", text: res.info });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={reorder}
          disabled={busy}
          className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {busy ? t("orders.order_again_busy") : t("orders.order_again")}
        </button>
        {result && hasCartPage && (
          <Link to={localePath(lang, "/panier")} className="text-brand underline">
            {t("orders.go_to_cart")}
          </Link>
        )}
      </div>
      {result && (
        <div role="status" className="text-sm">
          <p>{result.info}</p>
          {result.data.messages.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {result.data.messages.map((m, i) => (
                <li key={i}>{m.text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
