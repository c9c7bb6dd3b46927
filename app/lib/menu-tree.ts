// The whole category tree for the header's panels when the page's data carries only its top (personal pages,
// decision 092): fetched once per language after hydration, at idle, or at once when a panel opens first.
import { useEffect } from "react";
import { create } from "zustand";
import { api } from "./api.ts";
import { useShell } from "./use-shell.tsx";
import { toMenu } from "#core/catalogue/menu.ts";
import type { MenuNode } from "#core/catalogue/types.ts";
import type { Lang } from "#core/i18n/translate.ts";

const useTrees = create<Partial<Record<Lang, MenuNode[]>>>()(() => ({}));
const pending = new Map<Lang, Promise<void>>();

function loadMenuTree(lang: Lang): Promise<void> {
  let p = pending.get(lang);
  if (!p) {
    p = api("GET", "/site/Index/config", { showLoading: false, lang }).then((res) => {
      // asked without part=session: the whole start-up data
      if (res?.code === 200 && "product_cate" in res.data) useTrees.setState({ [lang]: res.data.product_cate.map(toMenu) });
      else pending.delete(lang); // the next panel opening asks again
    });
    pending.set(lang, p);
  }
  return p;
}

/** The tree with its branches: the page's own when whole, else the fetched one (null until it has arrived). */
export function useMenuTree(): { tree: MenuNode[] | null; load: () => void } {
  const { lang, init } = useShell();
  const partial = init?.menu === "top";
  const fetched = useTrees((s) => s[lang]);
  useEffect(() => {
    if (!partial || fetched) return;
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => void loadMenuTree(lang), { timeout: 3000 });
    return () => cancel(id);
  }, [partial, fetched, lang]);
  return {
    tree: partial ? (fetched ?? null) : (init?.product_cate ?? []),
    load: () => {
      if (partial && !fetched) void loadMenuTree(lang);
    },
  };
}
