// Typed access to the root loader's data (language, init data, footer data) from any component.
//
// The shell's data (menu, site configuration, shops, footer pages) is the same for every visitor of a language.
// On a personal page's document it is not in the root loader's data, which React Router encodes with
// turbo-stream for every request (it was ≈ 95 % of the account page's loader data): the root loader answers
// `shell: "inline"`, and the page carries the data as a JSON block serialised once per language and shell
// (`ShellScript`, decision 110). The server reads it from the render's context, the browser from that block.
// Data requests (navigation, revalidation) carry it in the loader data as before.
import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData, RootWire, ShellData } from "#app/lib/shell-types.ts";

const SHELL_SCRIPT_ID = "shell-data";

/** This document's shell data and its JSON, given by the server render (app/entry.server.tsx). */
export type InlineShell = { data: ShellData; json: string };

export const ShellContext = createContext<InlineShell | null>(null);

let inline: InlineShell | null = null;

/** The browser's copy of the document's shell block, read and parsed once. */
function documentShell(): InlineShell {
  if (!inline) {
    const json = document.getElementById(SHELL_SCRIPT_ID)?.textContent;
    if (!json) throw new Error("shell data missing");
    inline = { json, data: JSON.parse(json) as ShellData };
  }
  return inline;
}

const resolved = new WeakMap<RootWire, RootData>();

/** The root data with its shell, one object per loader answer (effects depending on it run once). */
function resolve(wire: RootWire, server: InlineShell | null): RootData {
  if (!("shell" in wire)) return wire;
  let r = resolved.get(wire);
  if (!r) resolved.set(wire, (r = { ...wire, ...(server ?? documentShell()).data }));
  return r;
}

/** The root data, or null when the root loader gave none (its own error). */
export function useShellOrNull(): RootData | null {
  const wire = useRouteLoaderData("root") as RootWire | undefined;
  const server = useContext(ShellContext);
  return wire ? resolve(wire, server) : null;
}

export function useShell(): RootData {
  const d = useShellOrNull();
  if (!d) throw new Error("root data missing");
  return d;
}

/** The document's shell block, when the root data points to it. */
export function ShellScript() {
  const wire = useRouteLoaderData("root") as RootWire | undefined;
  const server = useContext(ShellContext);
  if (!wire || !("shell" in wire)) return null;
  const json = (server ?? documentShell()).json;
  return <script type="application/json" id={SHELL_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}
