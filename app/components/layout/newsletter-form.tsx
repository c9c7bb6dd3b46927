import { useState } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { api } from "#app/lib/api.ts";
import { useSession } from "#app/lib/session-store.ts";
import { whenOnline } from "#app/lib/when-online.ts";

const loadSchema = whenOnline(() => import("#core/validation/newsletter.ts"));

/** SPEC §8: success clears the field with a centred message for 2 s; failure warns with the server's message for 2 s. */
export function NewsletterForm() {
  const { t } = useT();
  const notify = useSession((s) => s.notify);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The schema (and zod) load on first use: every page has this footer, few pages have another form.
    const { newsletterSchema } = await loadSchema();
    const parsed = newsletterSchema.safeParse({ email });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? "validation.email_invalid"));
      return;
    }
    setError(null);
    setBusy(true);
    const res = await api("POST", "/site/Index/newsSubscribe", { body: parsed.data });
    setBusy(false);
    if (!res) return;
    if (res.code === 200) {
      setEmail("");
      notify({ kind: "success", text: res.info, centred: true });
    } else notify({ kind: "warning", text: res.info });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={t("footer.newsletter_title")}>
      <label htmlFor="newsletter-email" className="text-sm">
        {t("footer.newsletter_label")}
      </label>
      <div className="flex">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          value={email}
          maxLength={50}
          autoComplete="email"
          onFocus={() => void loadSchema()}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("footer.newsletter_placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          className="min-w-0 flex-1 rounded-l border border-line px-3 py-2 text-ink"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-r bg-accent px-4 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
        >
          {t("footer.newsletter_submit")}
        </button>
      </div>
      {error && (
        <p id="newsletter-error" role="alert" className="text-sm text-red-200">
          {error}
        </p>
      )}
    </form>
  );
}
