// Which texts the browser holds (decision 089): the page language only, the namespaces every page may show
// (START, one chunk per language) and those a page declares in app/pages.ts (`messages`), each namespace a
// chunk of its own loaded on demand. The server holds every catalogue (core/i18n/messages.ts).
import { use } from "react";
import { addMessages, hasMessages, type Lang, type Namespace } from "#core/i18n/translate.ts";
import { PAGES } from "#app/pages.ts";
import { ADMIN_MESSAGES, isAdminRoute } from "#app/admin/route-ids.ts";

/** Texts of the shell and the catalogue pages (header, footer, cards, cart panel, forms' errors). */
export const START_MESSAGES = ["api", "common", "validation", "catalogue", "search", "cart"] as const satisfies Namespace[];
/** The account menu beside every account page (AccountShell, app/root.tsx). */
export const ACCOUNT_SHELL_MESSAGES: Namespace[] = ["area"];

type Tree = Record<string, object>;
const START: Record<Lang, () => Promise<{ default: Record<string, object> }>> = {
  fr: () => import("./locales/fr.ts"),
  zh: () => import("./locales/zh.ts"),
};
const START_SET = new Set<string>(START_MESSAGES);
const OTHERS = import.meta.glob<Tree>(["../../core/i18n/locales/*/*.json", "!**/{api,common,validation,catalogue,search,cart}.json"], {
  import: "default",
});

const MESSAGES_OF_PAGE = new Map([...PAGES.map((p) => [p.id, p.messages ?? []] as const), ...Object.entries(ADMIN_MESSAGES)]);

/** The namespaces a page needs beyond START, from its route ids (`zh:account~1` is the page `account`). */
export function pageMessages(routeIds: string[], accountPage: boolean): Namespace[] {
  const ids = routeIds.map((id) => id.replace(/^zh:/, "").replace(/~\d+$/, ""));
  const all = new Set([
    ...ids.flatMap((id) => MESSAGES_OF_PAGE.get(id) ?? []),
    ...(accountPage ? ACCOUNT_SHELL_MESSAGES : []),
    ...(routeIds.some(isAdminRoute) ? (["admin"] as const) : []),
  ]);
  return [...all].filter((ns) => !START_SET.has(ns));
}

const pending = new Map<string, Promise<void>>();

/** Loads what is missing of START and `namespaces` in `lang`; null when everything is there already. */
export function loadMessages(lang: Lang, namespaces: readonly Namespace[]): Promise<void> | null {
  const missing: Namespace[] = [
    ...(hasMessages(lang, "common") ? [] : (["common"] as const)),
    ...namespaces.filter((ns) => !hasMessages(lang, ns)),
  ];
  if (!missing.length) return null;
  const key = `${lang}:${missing.join(",")}`;
  let p = pending.get(key);
  if (!p) {
    p = Promise.all(
      missing.map(async (ns) => {
        if (START_SET.has(ns)) {
          const start = (await START[lang]()).default;
          for (const s of START_MESSAGES) addMessages(lang, s, start[s]);
        } else {
          const load = OTHERS[`../../core/i18n/locales/${lang}/${ns}.json`];
          if (load) addMessages(lang, ns, await load());
        }
      }),
    ).then(() => undefined);
    // A failed load (offline, new deployment) may be retried by the next render.
    p.catch(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/** Suspends the render until the page's texts are there: during a navigation React keeps the previous page. */
export function useMessages(lang: Lang, namespaces: readonly Namespace[]): void {
  const p = loadMessages(lang, namespaces);
  if (p) use(p);
}
