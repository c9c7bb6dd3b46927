// Parts of the shell rendered once and reused by the personal pages' server render (decision 102). A personal
// page is rendered for every request; its category menu and footer are the same for every customer (their
// inputs are the language and the shell's data), and were half of its elements. On the server, with an
// `IslandCache` in context, `Island` brackets its children between two marker elements the first time, and
// renders only the markers once its HTML is kept; `spliceIslands` (html-islands.server.ts) then writes the
// kept bytes between the markers and removes the markers. The browser receives what a full render writes, and
// hydrates the real components as on any page. Without a cache (the browser, cached catalogue pages) `Island`
// is its children.
import { createContext, createElement, useContext, type ReactNode } from "react";

export const ISLAND_START = "x-island";
export const ISLAND_END = "x-island-end";

/** Kept HTML by island key (shared by the process), and this render's islands: the kept HTML it used, or null
 * for one it rendered. */
export type IslandCache = { kept: Map<string, Buffer>; used: Map<string, Buffer | null> };

export const IslandContext = createContext<IslandCache | null>(null);

export const newIslandCache = (kept: Map<string, Buffer>): IslandCache => ({ kept, used: new Map() });

const ids = new WeakMap<object, number>();
let nextId = 0;

/** An island key from its name and its inputs: strings as they are, objects by identity (a changed menu or
 * configuration is a new object, hence a new key). */
export function islandKey(...parts: unknown[]): string {
  return parts
    .map((p) => {
      if (p === null || typeof p !== "object") return String(p);
      let id = ids.get(p);
      if (id === undefined) ids.set(p, (id = ++nextId));
      return `#${id}`;
    })
    .join("|");
}

export function Island({ id, children }: { id: string; children: ReactNode }) {
  const cache = useContext(IslandContext);
  if (!cache) return children;
  const kept = cache.kept.get(id);
  cache.used.set(id, kept ?? null); // this render's copy: the shared map may be cleared before the splice
  return (
    <>
      {createElement(ISLAND_START, { "data-k": id })}
      {kept ? null : children}
      {createElement(ISLAND_END)}
    </>
  );
}
