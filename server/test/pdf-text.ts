// Text of a PDF for tests. poppler's pdftotext is not on every machine (nor installed by CI), so this reads
// the file itself: objects, FlateDecode streams (zlib), each font's ToUnicode CMap, and the text operators
// of the page content streams (Tf, Tj, TJ; one line per BT…ET block). It decodes what a reader would show
// from the file's own mapping, not from what our writer meant: a missing glyph mapping shows as "\uFFFD".
// Enough for pdfkit's output (embedded CID fonts, Identity-H, hex strings); not a general PDF parser.
import { inflateSync } from "node:zlib";

type Obj = { num: number; dict: string; stream: Buffer | null };

function objects(pdf: Buffer): Map<number, Obj> {
  const s = pdf.toString("latin1");
  const out = new Map<number, Obj>();
  const re = /(\d+) 0 obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const from = m.index + m[0].length;
    // A stream's bytes may hold "endobj" by chance: its dictionary's /Length says where it ends.
    const at = s.indexOf("stream", from);
    const endobj = s.indexOf("endobj", from);
    if (endobj < 0) break;
    let dict = s.slice(from, endobj);
    let stream: Buffer | null = null;
    let end = endobj;
    if (at >= 0 && at < endobj && /^\s*<</.test(dict)) {
      dict = s.slice(from, at);
      let start = at + "stream".length;
      if (s[start] === "\r") start++;
      if (s[start] === "\n") start++;
      const length = /\/Length (\d+)\b(?! \d+ R)/.exec(dict);
      const stop = length ? start + Number(length[1]) : s.indexOf("endstream", start);
      const raw = pdf.subarray(start, stop);
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      end = s.indexOf("endobj", stop);
    }
    out.set(Number(m[1]), { num: Number(m[1]), dict, stream });
    re.lastIndex = end;
  }
  return out;
}

// Hex strings may hold whitespace (pdfkit writes a ligature's code points as <0066 0066>).
const hexUnicode = (spaced: string) => {
  const hex = spaced.replace(/\s+/g, "");
  const codes: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) codes.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...codes);
};

/** code (as hex, 4 digits) → text, from a ToUnicode CMap's bfchar and bfrange sections. */
function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(src, 16), hexUnicode(dst));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const a = parseInt(lo, 16);
      const b = parseInt(hi, 16);
      if (rest.startsWith("[")) {
        const items = [...rest.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((x) => x[1]);
        items.forEach((h, i) => map.set(a + i, hexUnicode(h)));
      } else {
        const base = parseInt(rest.slice(1, -1), 16);
        for (let c = a; c <= b; c++) map.set(c, String.fromCharCode(base + (c - a)));
      }
    }
  }
  return map;
}

/** Extracted text: one line per text block, pages in order, whitespace normalised (no-break spaces → spaces). */
export async function pdfToText(pdf: Buffer | Uint8Array): Promise<string> {
  const objs = objects(Buffer.from(pdf));
  const cmaps = new Map<number, Map<number, string>>(); // font object → cmap
  for (const o of objs.values()) {
    const tu = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    if (/\/Type \/Font/.test(o.dict) && tu) {
      const cm = objs.get(Number(tu[1]));
      if (cm?.stream) cmaps.set(o.num, parseCMap(cm.stream.toString("latin1")));
    }
  }
  // Resource names (/F1 …) → font objects, from every font resource dictionary.
  const names = new Map<string, number>();
  for (const o of objs.values()) {
    for (const fd of o.dict.matchAll(/\/Font\s*<<([^>]*)>>/g))
      for (const [, n, ref] of fd[1].matchAll(/\/(\S+?)\s+(\d+) 0 R/g)) names.set(n, Number(ref));
  }
  // Pages in the order of the page tree's Kids, then their content streams.
  const pagesRoot = [...objs.values()].find((o) => /\/Type \/Pages/.test(o.dict));
  const kids = pagesRoot
    ? [...(/\/Kids \[([^\]]*)\]/.exec(pagesRoot.dict)?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map((k) => Number(k[1]))
    : [];
  const lines: string[] = [];
  for (const k of kids) {
    const page = objs.get(k);
    const contents = page && /\/Contents (\d+) 0 R/.exec(page.dict);
    const stream = contents && objs.get(Number(contents[1]))?.stream;
    if (!stream) continue;
    let cmap = new Map<number, string>();
    const decode = (hex: string) => {
      let t = "";
      for (let i = 0; i + 4 <= hex.length; i += 4) t += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\ufffd";
      return t;
    };
    let line = "";
    const ops = stream
      .toString("latin1")
      .matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\b(BT|ET)\b/g);
    for (const m of ops) {
      if (m[1]) cmap = cmaps.get(names.get(m[1]) ?? -1) ?? new Map();
      else if (m[2] !== undefined) {
        for (const part of m[2].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
          if (part[1] !== undefined) line += decode(part[1]);
          else if (Number(part[2]) < -200) line += " "; // a wide negative kern is a gap between words
        }
      } else if (m[3] !== undefined) line += decode(m[3]);
      else if (m[4] === "ET") {
        lines.push(line);
        line = "";
      }
    }
  }
  return lines
    .map((l) =>
      l
        .replace(/[\u00a0\u202f]/g, " ")
        .replace(/[ \t]+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join("\n");
}

/** Number of pages (the page tree's Count). */
export function pdfPages(pdf: Buffer | Uint8Array): number {
  const objs = objects(Buffer.from(pdf));
  const root = [...objs.values()].find((o) => /\/Type \/Pages/.test(o.dict));
  return Number(/\/Count (\d+)/.exec(root?.dict ?? "")?.[1] ?? 0);
}
