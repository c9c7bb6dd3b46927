import { memo, useEffect, useState } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { categoryUrl, localePath } from "#core/slug.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";
import * as cookieIcon from "lucide-react/icons/cookie";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { useStartDialogs } from "#app/lib/use-start-dialogs.ts";
import { SOCIAL_LABELS, SOCIAL_NETWORKS, SocialIcon } from "#app/components/ui/social-icons.tsx";

const Cookie = shellIcon(cookieIcon);
const WIDE = "(min-width: 768px)";

/** Footer sections are expanded on wide screens and collapsed on narrow ones (SPEC §4). */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const mq = window.matchMedia(WIDE);
    const sync = () => setOpen(mq.matches);
    sync();
    mq.addEventListener("change", sync);
    return () => mq.removeEventListener("change", sync);
  }, []);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group">
      <summary className="cursor-pointer list-none py-2 text-lg font-semibold md:cursor-default">{title}</summary>
      <div className="pb-4 text-sm leading-relaxed">{children}</div>
    </details>
  );
}

// Memoised (no props): a re-render of the router's tree after hydration (route discovery) skips it (decision 090).
export const Footer = memo(function Footer() {
  const { t } = useT();
  const { lang, shops, pages, init } = useShell();
  const social = (init?.config.social ?? {}) as Record<string, string>;
  const trades = init?.product_cate[0]?.child?.find((c) => c.id === 3);
  return (
    <footer className="mt-12 bg-ink text-white">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-6 px-4 py-8 md:grid-cols-4">
        <Section title={t("footer.newsletter_title")}>
          <p className="mb-2">{t("footer.newsletter_text")}</p>
          <NewsletterForm />
        </Section>
        <Section title={t("footer.shops_title")}>
          {shops.map((s) => (
            <address key={s.id} className="mb-3 not-italic">
              <strong className="block">{s.name}</strong>
              <span className="block">{s.address}</span>
              <span className="block">
                {`${t("footer.phone")} : `}
                <a className="underline" href={`tel:${s.phone.replace(/\s/g, "")}`}>
                  {s.phone}
                </a>
              </span>
              {s.hours[0] && <span className="block">{t("footer.hours_mon_sat", { open: s.hours[0].open, close: s.hours[0].close })}</span>}
            </address>
          ))}
        </Section>
        <Section title={t("footer.info_title")}>
          <ul className="space-y-1">
            {trades && (
              <li>
                <Link className="hover:underline" to={categoryUrl(lang, trades)}>
                  {trades.name}
                </Link>
              </li>
            )}
            {pages.map((p) => (
              <li key={p.id}>
                <Link className="hover:underline" to={localePath(lang, `/content/${p.id}-${p.slug}`)}>
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <Link className="hover:underline" to={localePath(lang, "/magasins")}>
                {t("footer.our_shops")}
              </Link>
            </li>
          </ul>
        </Section>
        <Section title={t("footer.follow_title")}>
          <ul className="flex gap-3">
            {SOCIAL_NETWORKS.filter((n) => social[n]).map((n) => (
              <li key={n}>
                <a
                  href={social[n]}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={SOCIAL_LABELS[n]}
                  className="block rounded p-1 hover:bg-white/10"
                >
                  <SocialIcon name={n} />
                </a>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <div className="border-t border-white/15 px-4 py-4 text-center text-xs text-white/80">
        <button
          type="button"
          onClick={() => useStartDialogs.getState().show("preferences")}
          className="mb-2 inline-flex items-center gap-1 rounded p-1 hover:bg-white/10"
          aria-haspopup="dialog"
        >
          <Cookie size={18} /> <span>{t("cookies.preferences_title")}</span>
        </button>
        <p>{t("footer.prices_ht")}</p>
        <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
});
