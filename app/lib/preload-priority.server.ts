// React Router writes a `<link rel="modulepreload">` for every module of the page (≈ 25 on a list page), which
// Chrome fetches at high priority, ahead of the page's images and competing with the document itself. The
// page is fully painted without them (server render, stylesheet inline): they only hydrate it. Marked
// `fetchpriority="low"`, they leave the bandwidth to what is painted first (decision 089). React Router's
// <Scripts> takes no attribute for these links, hence this rewrite of the rendered stream.
import { Transform, type TransformCallback } from "node:stream";

const FROM = Buffer.from('<link rel="modulepreload"');
const TO = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/** How many bytes at the end of `buf` could start FROM (kept for the next chunk); 0 almost always. */
function partialMatch(buf: Buffer): number {
  for (let k = Math.min(FROM.length - 1, buf.length); k > 0; k--) {
    if (buf.subarray(buf.length - k).equals(FROM.subarray(0, k))) return k;
  }
  return 0;
}

/** The rewrite of a document read whole (personal pages, app/entry.server.tsx). */
export function withLowPriorityPreloads(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = buf.indexOf(FROM); i !== -1; i = buf.indexOf(FROM, from)) {
    parts.push(buf.subarray(from, i), TO);
    from = i + FROM.length;
  }
  if (parts.length === 0) return buf;
  parts.push(buf.subarray(from));
  return Buffer.concat(parts);
}

export class LowPriorityPreloads extends Transform {
  private tail: Buffer | null = null;

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const input = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    const buf = this.tail ? Buffer.concat([this.tail, input]) : input;
    this.tail = null;
    let from = 0;
    const parts: Buffer[] = [];
    for (let i = buf.indexOf(FROM); i !== -1; i = buf.indexOf(FROM, from)) {
      parts.push(buf.subarray(from, i), TO);
      from = i + FROM.length;
    }
    const rest = buf.subarray(from);
    const keep = partialMatch(rest);
    if (keep) this.tail = Buffer.from(rest.subarray(rest.length - keep));
    parts.push(keep ? rest.subarray(0, rest.length - keep) : rest);
    callback(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }

  override _flush(callback: TransformCallback) {
    callback(null, this.tail ?? undefined);
  }
}
