// The server half of html-islands.tsx (decision 102): the kept HTML put in place of the markers.
import { ISLAND_END, ISLAND_START, type IslandCache } from "./html-islands.tsx";

const KEPT_MAX = 200; // keys are made of the language and data identities: a bounded set, kept with a cap

const startTag = Buffer.from(`<${ISLAND_START} data-k="`);
const endTag = Buffer.from(`<${ISLAND_END}></${ISLAND_END}>`);
const startClose = Buffer.from(`"></${ISLAND_START}>`);

/** The document with each island's HTML in place and no markers; the HTML of islands rendered now is kept. */
export function spliceIslands(html: Buffer, cache: IslandCache): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = html.indexOf(startTag); i !== -1; i = html.indexOf(startTag, from)) {
    const keyEnd = html.indexOf(startClose, i + startTag.length);
    const contentStart = keyEnd + startClose.length;
    const contentEnd = html.indexOf(endTag, contentStart);
    if (keyEnd === -1 || contentEnd === -1) throw new Error("island markers out of order");
    const key = html.toString("utf8", i + startTag.length, keyEnd);
    parts.push(html.subarray(from, i));
    const kept = cache.used.get(key);
    if (kept === undefined) throw new Error(`island ${key} not rendered by this render`);
    if (kept) parts.push(kept);
    else {
      const content = Buffer.from(html.subarray(contentStart, contentEnd)); // a copy: the page's buffer is not kept
      if (cache.kept.size >= KEPT_MAX) cache.kept.clear();
      cache.kept.set(key, content);
      parts.push(content);
    }
    from = contentEnd + endTag.length;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
