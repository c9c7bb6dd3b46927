// Parsing of a search text (decision 050): normalised text, words for the French full-text query,
// a dimension token ("40x30", "40 x 30 cm", "400×300×300") and whether it looks like a reference.

export type ParsedQuery = {
  norm: string; // lower case, no accents, "×" read as "x", spaces squeezed
  words: string[]; // letters/digits runs of the text without the dimension
  dims: string[] | null; // dimension tokens to look for, e.g. ["40x30mm", "40x30cm"]
  refLike: boolean; // one token holding a digit or a hyphen: a reference or its beginning
  han: boolean; // contains Chinese characters
};

const DIM_RE = /(\d+(?:[.,]\d+)?)\s*x\s*(\d+(?:[.,]\d+)?)(?:\s*x\s*(\d+(?:[.,]\d+)?))?\s*(mm|cm)?(?![\p{L}\p{N}])/u;

/** Same normalisation as f_search_norm() in migration 0003 (lower, unaccent, × → x). */
function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[×*]/g, "x")
    .replace(/’/g, "'")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/\s+/g, " ")
    .trim();
}

const num = (s: string) =>
  s
    .replace(",", ".")
    .replace(/\.0+$/, "")
    .replace(/(\.\d*?)0+$/, "$1");

export function parseQuery(text: string): ParsedQuery {
  const norm = normalizeText(text);
  let rest = norm;
  let dims: string[] | null = null;
  const m = DIM_RE.exec(norm);
  if (m && (m.index === 0 || /[^\p{L}\p{N}]/u.test(norm[m.index - 1]))) {
    const parts = [m[1], m[2], m[3]].filter((p): p is string => p !== undefined).map(num);
    const token = parts.join("x");
    dims = m[4] ? [token + m[4]] : [token + "mm", token + "cm"];
    rest = (norm.slice(0, m.index) + " " + norm.slice(m.index + m[0].length)).trim();
  }
  const words = rest.match(/[\p{L}\p{N}]+/gu) ?? [];
  const refLike = !/\s/.test(norm) && /[\d-]/.test(norm) && norm.length >= 2 && dims === null;
  return { norm, words, dims, refLike, han: /\p{Script=Han}/u.test(norm) };
}

/** to_tsquery text: every word required; the last one as a prefix when `prefix` (typing). */
export function tsQueryText(words: string[], prefix: boolean): string {
  const safe = words.filter((w) => !/\p{Script=Han}/u.test(w));
  return safe.map((w, i) => (prefix && i === safe.length - 1 ? `${w}:*` : w)).join(" & ");
}

/** Escapes LIKE wildcards. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}
