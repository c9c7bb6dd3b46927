// Ordering by reference (decision 081): paste `reference;quantity` lines or pick a CSV file (read in
// the browser, never uploaded as a file), have the server resolve them line by line, then add the valid ones
// to the cart through the cart store.
import { useId, useState } from "react";
import { Link } from "react-router";
import { api, type Answer } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useSession } from "#app/lib/session-store.ts";
import { formatUnitPrice } from "#core/price-format.ts";
import { localePath } from "#core/slug.ts";
import { parseQuickOrder, QUICK_ORDER_MAX_CHARS } from "#core/quick-order.ts";
import { cartLineOf } from "./quick-order-list.tsx";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

const TEXT_TYPES = ["", "text/csv", "text/plain", "text/tab-separated-values", "application/vnd.ms-excel"];

export function OrderByReference() {
  const { t, lang } = useT();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Answer<"/site/Customer/quickOrderResolve"> | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);

  async function readFile(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_CHARS) return setError(t("area.qo_file_too_big", { max: QUICK_ORDER_MAX_CHARS }));
    if (!TEXT_TYPES.includes(file.type) && !/\.(csv|txt|tsv)$/i.test(file.name)) return setError(t("area.qo_file_type"));
    try {
      setText(await file.text());
      setResult(null);
    } catch {
      setError(t("area.qo_file_unreadable"));
    }
  }

  async function check(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setAdded(false);
    // The same parser as the server's: an input it would refuse as a whole is not sent.
    const parsed = parseQuickOrder(text);
    if (!parsed.ok) {
      setResult(null);
      return setError(t(parsed.key, parsed.vars));
    }
    setBusy(true);
    try {
      const res = await api("POST", "/site/Customer/quickOrderResolve", { body: { text } });
      if (res?.code === 200) setResult(res.data);
      else if (res) {
        setResult(null);
        setError(res.info);
      }
    } finally {
      setBusy(false);
    }
  }

  async function addValid() {
    if (!result) return;
    const valid = result.lines.filter((l) => l.status === "ok" && l.item);
    setBusy(true);
    try {
      if (await useCart.getState().add(valid.map((l) => cartLineOf(l.item!, l.quantity)))) {
        setAdded(true);
        useSession.getState().notify({ kind: "success", text: t("area.qo_added", { count: valid.length }) });
      }
    } finally {
      setBusy(false);
    }
  }

  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2 align-top";
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-3 rounded border border-line p-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("area.qo_by_reference")}
      </h2>
      <p className="text-sm text-muted">{t("area.qo_by_reference_intro")}</p>
      <form method="post" onSubmit={check} className="flex flex-col gap-3" noValidate>
        <label htmlFor={`${id}-text`} className="font-medium">
          {t("area.qo_textarea")}
        </label>
        <textarea
          id={`${id}-text`}
          name="lines"
          rows={6}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setResult(null);
          }}
          placeholder={"REF-001;10\nREF-002;2"}
          className="rounded border border-line p-2 font-mono text-sm"
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <label htmlFor={`${id}-file`} className="font-medium">
          {t("area.qo_file")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          onChange={(e) => void readFile(e.target.files?.[0])}
          className="text-sm"
        />
        {error && (
          <p id={`${id}-err`} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <div>
          <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60">
            {busy ? t("area.qo_checking") : t("area.qo_check")}
          </button>
        </div>
      </form>
      {result && (
        <div className="flex flex-col gap-3">
          <p role="status">
            {t("area.qo_summary", {
              valid: t("area.qo_valid", { count: result.valid }),
              refused: t("area.qo_refused", { count: result.refused }),
            })}
          </p>
          <TableScroll>
            {/* below 768 px each line is a card (`stack-table`, app.css), without its empty cells */}
            <table className="stack-table w-full text-sm md:min-w-[40rem]" data-testid="quick-resolution">
              <caption className="sr-only">{t("area.qo_result_caption")}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("area.qo_col_line")}
                  </th>
                  <th scope="col" className={th}>
                    {t("area.qo_col_reference")}
                  </th>
                  <th scope="col" className={th}>
                    {t("area.qo_col_designation")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("area.qo_col_quantity")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("area.qo_col_price")}
                  </th>
                  <th scope="col" className={th}>
                    {t("area.qo_col_status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.lines.map((l) => (
                  <tr key={l.line} data-line={l.line} data-status={l.status}>
                    <td className={td} data-label={t("area.qo_col_line")}>
                      {l.line}
                    </td>
                    <td className={`${td} font-semibold`} data-label={t("area.qo_col_reference")}>
                      {l.reference}
                    </td>
                    <td className={td} data-label={t("area.qo_col_designation")}>
                      {l.item ? `${l.item.name} — ${l.item.label}` : ""}
                    </td>
                    <td className={`${td} text-right`} data-label={t("area.qo_col_quantity")}>
                      {l.quantity > 0 ? l.quantity : ""}
                    </td>
                    <td className={`${td} whitespace-nowrap text-right`} data-label={t("area.qo_col_price")}>
                      {l.item ? formatUnitPrice(l.item.price, lang, "HT") : ""}
                    </td>
                    <td className={td} data-label={t("area.qo_col_status")}>
                      {l.status === "ok" ? (
                        <span className="font-semibold text-green-800">{t("area.qo_status_ok")}</span>
                      ) : (
                        <span className="inline-block align-top text-red-800 max-md:max-w-[58%]">
                          <span className="font-semibold">{t("area.qo_status_refused")}</span>
                          <span className="block">{l.reason}</span>
                        </span>
                      )}
                      {l.note && <span className="block text-xs text-muted">{l.note}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={addValid}
              disabled={busy || result.valid === 0}
              className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
            >
              {t("area.qo_add_valid")}
            </button>
            {added && (
              <Link to={localePath(lang, "/panier")} className="text-brand underline">
                {t("area.qo_go_to_cart")}
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
