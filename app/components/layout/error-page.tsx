import { useState } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { useShellOrNull } from "#app/lib/use-shell.tsx";
import { localePath } from "#core/slug.ts";
import { Header } from "./header.tsx";
import { Footer } from "./footer.tsx";
import { ProgressBar } from "./loading.tsx";
import { useSession } from "#app/lib/session-store.ts";

/** SPEC §2/§8: 404 "This page could not be found" / Page Not Found / Go to Home; other statuses as thrown. */
export function ErrorPage({ status, statusText }: { status: number; statusText?: string }) {
  const { t } = useT();
  const root = useShellOrNull();
  const lang = root?.lang ?? "fr";
  const notFound = status === 404;
  // Started means the app ran before this error: it came from a navigation, whose bar turns red (SPEC §4).
  const [afterNavigation] = useState(() => useSession.getState().started);
  const title = `${notFound ? t("error.page_not_found") : t("error.generic_title")} — ${t("brand")}`;
  const body = (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <title>{title}</title>
      <p className="text-6xl font-bold text-brand">{status}</p>
      <h1 className="text-2xl font-semibold">{notFound ? t("error.page_not_found") : t("error.generic_title")}</h1>
      {notFound && (
        <p className="text-muted" lang="en">
          This page could not be found
        </p>
      )}
      {!notFound && statusText && <p className="text-muted">{statusText}</p>}
      <p>{notFound ? t("error.not_found_text") : t("error.generic_text")}</p>
      <Link to={localePath(lang, "/")} className="rounded bg-brand px-5 py-2 text-white hover:bg-brand-dark">
        {t("error.go_home")}
      </Link>
    </section>
  );
  if (!root?.init) return <main className="p-4">{body}</main>;
  return (
    <>
      {afterNavigation && <ProgressBar failed />}
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4">
        {body}
      </main>
      <Footer />
    </>
  );
}
