import { useEffect } from "react";
import {
  data, isRouteErrorResponse, redirect, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useNavigate,
  useRouteLoaderData, type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { LangProvider } from "./lib/i18n.tsx";
import { localePath, stripLocale } from "#core/slug.ts";
import { configureApi } from "./lib/api.ts";
import { useSession } from "./lib/session-store.ts";
import type { InitData } from "#server/modules/init/init.service.ts";
import type { MenuNode } from "#server/modules/catalogue/catalogue.service.ts";
import type { Shop, FooterPage } from "#server/modules/content/config.service.ts";
import { Header } from "./components/layout/header.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Notices } from "./components/layout/notices.tsx";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { MaintenanceLayout } from "./components/layout/maintenance-layout.tsx";
import { RequestOverlay } from "./components/layout/request-overlay.tsx";
import { usePreviousUrl } from "./lib/use-previous-url.ts";

export type RootData = {
  lang: "fr" | "zh";
  maintenance: boolean;
  signSecret: string;
  publicUrl: string;
  /** Init data of SPEC §4, its category tree in the shell's lighter shape. */
  init: (Omit<InitData, "product_cate"> & { product_cate: MenuNode[] }) | null;
  shops: Shop[];
  pages: FooterPage[];
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Start-up (SPEC §4): the uid cookie was read by the server, init data is loaded once here.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, lang, customer, tokenSent, rotatedToken, maintenance } = context;
  // A password set by the shop must be replaced before anything else (issue 5).
  const identity = localePath(lang, "/identite");
  if (customer?.mustChangePassword && new URL(request.url).pathname !== identity) throw redirect(`${identity}?force=1`);
  const base = { lang, signSecret: services.env.SIGN_SECRET, publicUrl: services.env.PUBLIC_URL };
  if (maintenance) {
    return data<RootData>({ ...base, maintenance: true, init: null, shops: [], pages: [] }, { status: 503, statusText: "Service Unavailable" });
  }
  const [init, menu, shops, pages] = await Promise.all([
    services.init.initData(lang, { customer, tokenSent, rotatedToken }),
    services.catalogue.menuTree(lang),
    services.config.shops(lang),
    services.config.footerPages(lang),
  ]);
  // A dead token logs the visitor out: the cookie goes too.
  const headers: HeadersInit = init.token_status === 0 ? { "Set-Cookie": "uid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" } : {};
  return data<RootData>({ ...base, maintenance: false, init: { ...init, product_cate: menu }, shops, pages }, { headers });
}

// The shell's data changes only with the session (login, logout), which submit forms or revalidate.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  Boolean(formMethod && formMethod !== "GET" && defaultShouldRevalidate) || stripLocale(currentUrl.pathname).lang !== stripLocale(nextUrl.pathname).lang;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { pathname } = useLocation();
  const lang = root?.lang ?? stripLocale(pathname).lang;
  const base = root?.publicUrl ?? "";
  const bare = stripLocale(pathname).path;
  return (
    <html lang={lang === "zh" ? "zh-CN" : "fr-FR"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="alternate" hrefLang="fr" href={`${base}${bare}`} />
        <link rel="alternate" hrefLang="zh" href={`${base}${localePath("zh", bare)}`} />
        <link rel="alternate" hrefLang="x-default" href={`${base}${bare}`} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-ink antialiased">
        <LangProvider lang={lang}>{children}</LangProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function useStartUp(root: RootData) {
  const navigate = useNavigate();
  useEffect(() => {
    configureApi({ signSecret: root.signSecret, navigate: (to) => navigate(to) });
  }, [root.signSecret, navigate]);
  useEffect(() => {
    const s = useSession.getState();
    useSession.setState({
      lang: root.lang,
      maintenance: root.maintenance,
      productCate: root.init?.product_cate ?? [],
      config: root.init?.config ?? {},
      screenWidth: window.innerWidth,
    });
    if (root.init) {
      if (root.init.token_status === 0) s.logout();
      else s.setUser(root.init.userInfo);
      if (root.init.refreshToken) s.setToken(root.init.refreshToken);
    }
  }, [root]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useStartUp(loaderData);
  usePreviousUrl();
  const maintenance = useSession((s) => s.maintenance) || loaderData.maintenance;
  if (maintenance) return <MaintenanceLayout />;
  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
      <Notices />
      <RequestOverlay />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (status === 503 || root?.maintenance) return <MaintenanceLayout />;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return <ErrorPage status={status} statusText={isRouteErrorResponse(error) ? error.statusText : undefined} />;
}
