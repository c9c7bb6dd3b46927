// The sandbox's hosted card page (decision 077): server-rendered HTML with its own small layout and
// stylesheet, no script at all (it passes a strict CSP), labelled fields with their errors tied by
// aria-describedby, a "MODE TEST" banner, texts from the fr/zh "payment" catalogue.
import { translate } from "#core/i18n/messages.ts";
import type { Lang } from "#core/lang.ts";
import { formatPrice } from "#core/price-format.ts";
import { type CardField, type CardInput } from "#core/payments.ts";
import { fromCents } from "#core/money.ts";
import type { SandboxSession } from "./sandbox.provider.ts";

export const SANDBOX_CSS_PATH = "/sandbox/sandbox.css";

/** The page's policy: nothing but its own stylesheet, forms posting to itself. */
export const SANDBOX_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

function layout(lang: Lang, title: string, body: string, switchHref: string | null) {
  const t = (k: string) => esc(translate(lang, `payment.sandbox.${k}`));
  return `<!doctype html>
<html lang="${lang === "zh" ? "zh-CN" : "fr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)} – ${t("test_mode")}</title>
<link rel="stylesheet" href="${SANDBOX_CSS_PATH}">
</head>
<body>
<header class="banner"><p><strong>${t("test_mode")}</strong> <span>${t("test_mode_notice")}</span></p></header>
<main class="sheet">
<p class="merchant">${t("merchant")}</p>
${body}
${switchHref ? `<p class="lang"><a href="${esc(switchHref)}" lang="${lang === "zh" ? "fr" : "zh-CN"}">${t("lang_switch")}</a></p>` : ""}
</main>
</body>
</html>`;
}

const amountOf = (s: SandboxSession, lang: Lang) => formatPrice(fromCents(s.amount_cents), lang, "TTC");
const other = (lang: Lang): Lang => (lang === "zh" ? "fr" : "zh");
const pagePath = (s: SandboxSession) => `/sandbox/pay/${encodeURIComponent(s.token)}`;

type FormState = { values?: Partial<CardInput>; errors?: Partial<Record<CardField, string>> };

export function cardPage(s: SandboxSession, lang: Lang, state: FormState = {}) {
  const t = (k: string, v?: Record<string, string>) => esc(translate(lang, `payment.sandbox.${k}`, v));
  const amount = amountOf(s, lang);
  const errors = state.errors ?? {};
  const field = (name: CardField, label: string, attrs: string) => {
    const err = errors[name];
    const value = name === "cvc" ? "" : (state.values?.[name] ?? ""); // the CVC is never sent back
    return `<div class="field${err ? " invalid" : ""}">
<label for="f-${name}">${t(label)}</label>
<input id="f-${name}" name="${name}" ${attrs} value="${esc(value)}"${err ? ` aria-invalid="true" aria-describedby="e-${name}"` : ""}>
${err ? `<p class="error" id="e-${name}">${esc(translate(lang, err))}</p>` : ""}
</div>`;
  };
  const hasErrors = Object.keys(errors).length > 0;
  const body = `<h1>${t("title")}</h1>
<p class="order">${t("order", { number: s.order_number })}</p>
<p class="amount">${t("amount", { amount })}</p>
${hasErrors ? `<div class="summary" role="alert"><p>${t("errors_title")}</p></div>` : ""}
<form method="post" action="${pagePath(s)}" novalidate>
<input type="hidden" name="lang" value="${lang}">
${field("name", "card_name", 'type="text" autocomplete="cc-name" maxlength="100" required')}
${field("number", "card_number", 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
<div class="row">
${field("expiry", "card_expiry", `type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="${t("card_expiry_placeholder")}" maxlength="7" required`)}
${field("cvc", "card_cvc", 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
</div>
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${t("pay", { amount })}</button>
<button type="submit" name="action" value="cancel" class="secondary">${t("cancel")}</button>
</div>
</form>
<section class="testcards" aria-labelledby="tc-title">
<h2 id="tc-title">${t("test_cards")}</h2>
<ul>
<li><code>4242 4242 4242 4242</code> – ${t("card_success")}</li>
<li><code>4000 0000 0000 0002</code> – ${t("card_declined")}</li>
<li><code>4000 0000 0000 9995</code> – ${t("card_insufficient")}</li>
<li><code>4000 0000 0000 3220</code> – ${t("card_challenge")}</li>
</ul>
</section>`;
  return layout(lang, translate(lang, "payment.sandbox.title"), body, `${pagePath(s)}?lang=${other(lang)}`);
}

export function challengePage(s: SandboxSession, lang: Lang) {
  const t = (k: string, v?: Record<string, string>) => esc(translate(lang, `payment.sandbox.${k}`, v));
  const body = `<h1>${t("challenge_title")}</h1>
<p class="order">${t("order", { number: s.order_number })}</p>
<p class="amount">${t("amount", { amount: amountOf(s, lang) })}</p>
<p>${t("challenge_text")}</p>
<form method="post" action="${pagePath(s)}/challenge">
<input type="hidden" name="lang" value="${lang}">
<div class="field">
<label for="f-code">${t("challenge_code")}</label>
<input id="f-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8">
</div>
<div class="actions">
<button type="submit" name="action" value="pass" class="primary">${t("challenge_pass")}</button>
<button type="submit" name="action" value="fail" class="secondary">${t("challenge_fail")}</button>
</div>
</form>`;
  return layout(lang, translate(lang, "payment.sandbox.challenge_title"), body, `${pagePath(s)}?lang=${other(lang)}`);
}

export function finishedPage(s: SandboxSession, lang: Lang) {
  const t = (k: string) => esc(translate(lang, `payment.sandbox.${k}`));
  const back = s.outcome === "succeeded" ? s.success_url : s.fail_url;
  const body = `<h1>${t("title")}</h1>
<p class="order">${esc(translate(lang, "payment.sandbox.order", { number: s.order_number }))}</p>
<p role="status">${t("finished")}</p>
<p><a class="button" href="${esc(back)}">${t("back_to_shop")}</a></p>`;
  return layout(lang, translate(lang, "payment.sandbox.title"), body, null);
}

export function notFoundPage(lang: Lang) {
  const t = (k: string) => esc(translate(lang, `payment.sandbox.${k}`));
  return layout(
    lang,
    translate(lang, "payment.sandbox.title"),
    `<h1>${t("title")}</h1><p role="status">${t("not_found")}</p><p><a class="button" href="/">${t("back_to_shop")}</a></p>`,
    null,
  );
}

export const SANDBOX_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans SC",sans-serif;background:#f3f4f6;color:#111827}
.banner{background:#b45309;color:#fff;padding:.6rem 1rem;text-align:center}
.banner p{margin:0}
.banner strong{letter-spacing:.08em;margin-right:.5rem}
.sheet{max-width:30rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem 1.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.merchant{margin:0;color:#4b5563;font-size:.9rem}
h1{font-size:1.4rem;margin:.25rem 0 1rem}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
.amount{font-size:1.15rem;font-weight:600}
.field{display:flex;flex-direction:column;margin:.75rem 0}
.field label{font-weight:600;margin-bottom:.25rem}
.field input{font:inherit;padding:.55rem .7rem;border:1px solid #6b7280;border-radius:.4rem}
.field input:focus{outline:3px solid #2563eb;outline-offset:1px}
.field.invalid input{border-color:#b91c1c}
.error{color:#b91c1c;margin:.25rem 0 0;font-size:.9rem}
.summary{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;padding:.5rem .75rem;border-radius:.4rem}
.summary p{margin:0}
.row{display:flex;gap:1rem}.row .field{flex:1;min-width:0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button,.button{font:inherit;padding:.6rem 1.1rem;border-radius:.4rem;border:1px solid #1e3a8a;cursor:pointer;text-decoration:none;display:inline-block}
.primary,.button{background:#1e3a8a;color:#fff}
.secondary{background:#fff;color:#1e3a8a}
.testcards{color:#374151;font-size:.9rem}
.testcards ul{padding-left:1.1rem}
.lang{margin-top:1.5rem;font-size:.9rem}
a{color:#1e3a8a}
`;
