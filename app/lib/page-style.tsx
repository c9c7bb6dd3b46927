// The stylesheet of the page (decision 089). Catalogue documents carry it inline: a first paint that waits for
// no other request (≈ 7 KB compressed, inside the cached, compressed page). Personal pages, never cached nor
// compressed (decision 064), link the file instead. A document keeps its form for its whole life in the browser:
// the client renders what the server sent, found in the DOM, whatever page it navigates to afterwards.
import { createContext, useContext } from "react";

/** The stylesheet's text, provided by app/entry.server.tsx; absent in the browser. */
export const InlineStyleContext = createContext<string | null>(null);

const ID = "app-css";
let inBrowser: { css: string | null } | undefined;

export function PageStyle({ href, inline }: { href: string; inline: boolean }) {
  const serverCss = useContext(InlineStyleContext);
  let css: string | null;
  if (typeof document === "undefined") css = inline ? serverCss : null;
  else css = (inBrowser ??= { css: document.getElementById(ID)?.textContent ?? null }).css;
  return css === null ? <link rel="stylesheet" href={href} /> : <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
