// The display of the product lists (grid or list, SPEC §3 gridStyle) is a style of the document: the attribute
// `data-list-display="list"` on <html> turns the grid's cards into rows (the `rows:` variant, app/app.css). The
// choice lives in the encrypted store (persisted-store.ts), which only a script can read, after hydration; so a
// plain copy of it is kept beside, and a script written before the list sets the attribute while the page is
// parsed, before the list is painted. The list is then drawn once in its display, and the stored choice read
// after hydration changes nothing under the buyer's pointer (decision 115).
import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";

export type GridStyle = "grid" | "list";

const COPY_KEY = "listDisplay";

/** Shows the lists in `style` and keeps the plain copy of the choice for the next document. */
export function showDisplay(style: GridStyle) {
  const html = document.documentElement;
  if (style === "list") html.dataset.listDisplay = "list";
  else delete html.dataset.listDisplay;
  try {
    if (style === "list") localStorage.setItem(COPY_KEY, "list");
    else localStorage.removeItem(COPY_KEY);
  } catch {
    /* storage unavailable: the stored choice still applies once read */
  }
}

const SCRIPT = `try{if(localStorage.getItem("${COPY_KEY}")==="list")document.documentElement.dataset.listDisplay="list"}catch(e){}`;

/** The script that applies the copy while the document is parsed, with the render's CSP nonce (decision 084).
 * Inserted by a client render (a navigation), React does not run it: the display is already applied then. */
export function DisplayScript() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
