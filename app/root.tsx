import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  redirect,
  Links,
  Meta,
  Outlet,
  PrefetchPageLinks,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { LangProvider } from "./lib/i18n.tsx";
import { localePath, stripLocale } from "#core/slug.ts";
import { configureApi } from "./lib/api.ts";
import { useSession } from "./lib/session-store.ts";
import type { RootData, RootWire } from "./lib/shell-types.ts";
import { Header } from "./components/layout/header.tsx";
import { AccountShell, accountEntry } from "./components/account/account-menu.tsx";
import { pageMessages, useMessages } from "./lib/messages.ts";
import { PageStyle } from "./lib/page-style.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Island, islandKey } from "./lib/html-islands.tsx";
import { shellData, shellJson } from "./lib/shell-data.server.ts";
import { ShellScript, useShell } from "./lib/use-shell.tsx";
import { Notices } from "./components/layout/notices.tsx";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { MaintenanceLayout } from "./components/layout/maintenance-layout.tsx";
import { RequestOverlay } from "./components/layout/request-overlay.tsx";
import { usePreviousUrl } from "./lib/use-previous-url.ts";
import { useSessionStart } from "./lib/use-session-start.ts";
import { OnlineStatus, ProgressBar, StartOverlay } from "./components/layout/loading.tsx";
import { useStartDialogs, useStartDialogsTimer } from "./lib/use-start-dialogs.ts";
import { reloadOnChunkError, useChunkReload } from "./lib/use-chunk-reload.ts";
import { useIdlePrefetch } from "./lib/use-idle-prefetch.ts";
import { whenOnline } from "./lib/when-online.ts";
import { isAdminRoute } from "./admin/route-ids.ts";

// Cookie consent, its preferences and the ad popup: fetched with radix the first time one opens (decision 064).
const StartDialogs = lazy(whenOnline(() => import("./components/layout/start-dialogs.tsx")));

// The stylesheet is written by <PageStyle> (inline on catalogue pages, decision 089).
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// Start-up (SPEC §4), shared part: the same for every visitor, so catalogue pages can be cached for all
// (decision 063). The server sees the caller only on personal pages (route handle `personal`).
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, lang, customer, maintenance, personal } = context;
  const base = { lang, signSecret: services.env.SIGN_SECRET, publicUrl: services.env.PUBLIC_URL };
  // The back office has its own layout (admin/layout.tsx): none of the shop's shell.
  if (context.admin) return { ...base, maintenance: false, init: null, shops: [], pages: [] } satisfies RootWire;
  // A password set by the shop must be replaced before anything else: here on personal pages,
  // after hydration elsewhere (use-session-start.ts).
  const identity = localePath(lang, "/identite");
  // `url` is the page's address (a client navigation's request is `/identite.data`).
  if (customer?.mustChangePassword && url.pathname !== identity) throw redirect(`${identity}?force=1`);
  if (maintenance) {
    return data<RootWire>(
      { ...base, maintenance: true, maintenanceMessage: context.maintenanceMessage ?? null, init: null, shops: [], pages: [] },
      { status: 503, statusText: "Service Unavailable" },
    );
  }
  // A personal page is rendered for every request (never cached): its data carries the menu's top only, a
  // fraction of the whole tree's bytes to encode, send and decode (decision 092).
  const [config, menu, shops, pages] = await Promise.all([
    services.config.siteConfig(),
    personal ? services.catalogue.menuTopTree(lang) : services.catalogue.menuTree(lang),
    services.config.shops(lang),
    services.config.footerPages(lang),
  ]);
  const shell = shellData(`${lang}:${personal ? "top" : "all"}`, config, menu, Boolean(personal), shops, pages);
  // A dead token's cookie is cleared by the server (pages.ts on personal pages, the session call elsewhere).
  if (!context.inlineShell) return { ...base, maintenance: false, ...shell } satisfies RootWire;
  // A personal page's document: the shell goes in its JSON block, serialised once (decision 110).
  context.inlineShell.shell = { data: shell, json: shellJson(shell) };
  return { ...base, maintenance: false, shell: "inline" as const } satisfies RootWire;
}

// The shell's data is the same for every visitor: it changes with the language (and is reloaded after a form's action).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  Boolean(formMethod && formMethod !== "GET" && defaultShouldRevalidate) ||
  stripLocale(currentUrl.pathname).lang !== stripLocale(nextUrl.pathname).lang;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootWire | undefined;
  const { pathname } = useLocation();
  const lang = root?.lang ?? stripLocale(pathname).lang;
  const base = root?.publicUrl ?? "";
  const bare = stripLocale(pathname).path;
  // The texts of the page beyond the shell's (decision 089): named for the browser entry, awaited on navigation.
  const matches = useMatches();
  const messages = pageMessages(
    matches.map((m) => m.id),
    accountEntry(pathname) !== null,
  );
  useMessages(lang, messages);
  return (
    <html lang={lang === "zh" ? "zh-CN" : "fr-FR"} data-messages={messages.join(" ") || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="alternate" hrefLang="fr" href={`${base}${bare}`} />
        <link rel="alternate" hrefLang="zh" href={`${base}${localePath("zh", bare)}`} />
        <link rel="alternate" hrefLang="x-default" href={`${base}${bare}`} />
        <Meta />
        <PageStyle href={stylesheet} inline={!matches.some((m) => (m.handle as { personal?: unknown } | undefined)?.personal)} />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-ink antialiased">
        <LangProvider lang={lang}>{children}</LangProvider>
        <ShellScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** A back-office page: its layout replaces the shop's header, footer, dialogs and start-up (admin/pages.ts). */
const useAdmin = () => useMatches().some((m) => isAdminRoute(m.id));

function useStartUp(root: RootData, shop: boolean) {
  const navigate = useNavigate();
  // A layout effect: it runs before every passive effect, so a page that calls the API on mount signs its call.
  useLayoutEffect(() => {
    configureApi({ signSecret: root.signSecret, navigate: (to) => navigate(to) });
  }, [root.signSecret, navigate]);
  // The language too: a page's first call (the payment result's) must be answered in the page's language.
  useLayoutEffect(() => {
    useSession.setState({ lang: root.lang });
  }, [root.lang]);
  useEffect(() => {
    useSession.setState({
      maintenance: root.maintenance,
      productCate: root.init?.product_cate ?? [],
      config: root.init?.config ?? {},
      screenWidth: window.innerWidth,
    });
  }, [root]);
  useSessionStart(shop && !root.maintenance);
}

/** A route whose `handle.bare` is true (or a function of its params answering true) renders without header,
 * footer, start dialogs or loading overlays: the payment result pages (SPEC §2, §4). */
function useBare(): boolean {
  return useMatches().some((m) => {
    const bare = (m.handle as { bare?: unknown } | undefined)?.bare;
    return bare === true || (typeof bare === "function" && bare(m.params) === true);
  });
}

export default function App() {
  const loaderData = useShell();
  const admin = useAdmin();
  useStartUp(loaderData, !admin);
  usePreviousUrl();
  useChunkReload();
  const maintenance = useSession((s) => s.maintenance) || loaderData.maintenance;
  const adImg = loaderData.init?.config.ad_img;
  const bare = useBare();
  useStartDialogsTimer(typeof adImg === "string" && adImg ? adImg : undefined, !maintenance && !bare && !admin);
  if (admin) return <Outlet />;
  if (maintenance) return <MaintenanceLayout />;
  if (bare) {
    return (
      <>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          <Outlet />
        </main>
        <Notices />
        <OnlineStatus />
      </>
    );
  }
  // What changes after hydration (start-up answered, a start dialog, the idle prefetch) is read by small
  // components of its own, so that it does not re-render the header, the page and the footer (decision 090).
  return (
    <>
      <StartOverlaySlot />
      <ProgressBar />
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <AccountShell>
          <Outlet />
        </AccountShell>
      </main>
      {/* the same for every customer: rendered once per language and shell data on personal pages (decision 102) */}
      <Island
        id={islandKey(
          "footer",
          loaderData.lang,
          loaderData.shops,
          loaderData.pages,
          loaderData.init?.config,
          loaderData.init?.product_cate,
        )}
      >
        <Footer />
      </Island>
      <Notices />
      <RequestOverlay />
      <OnlineStatus />
      <StartDialogsSlot />
      <IdlePrefetch />
    </>
  );
}

function StartOverlaySlot() {
  return <StartOverlay ready={useSession((s) => s.started)} />;
}

function StartDialogsSlot() {
  const dialog = useStartDialogs((s) => s.view);
  return dialog ? (
    <Suspense fallback={null}>
      <StartDialogs />
    </Suspense>
  ) : null;
}

function IdlePrefetch() {
  return useIdlePrefetch().map((p) => <PrefetchPageLinks key={p} page={p} />);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const root = useRouteLoaderData("root") as RootWire | undefined;
  if (status === 503 || root?.maintenance) return <MaintenanceLayout />;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return <ErrorPage status={status} statusText={isRouteErrorResponse(error) ? error.statusText : undefined} />;
}
