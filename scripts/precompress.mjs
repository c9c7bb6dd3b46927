/* global process, console */
// Writes .br and .gz siblings of the built client's text files (decision 064): @fastify/static serves them
// by Accept-Encoding (`preCompressed`), so `npm start` sends compressed bytes without compressing per request.
// Only text types above 1 KB, and only a variant smaller than the original.
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "build/client";
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;
const MIN = 1024;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (TEXT.test(e.name)) yield p;
  }
}

let raw = 0,
  br = 0,
  gz = 0,
  n = 0;
for (const file of files(root)) {
  rmSync(`${file}.br`, { force: true });
  rmSync(`${file}.gz`, { force: true });
  const size = statSync(file).size;
  if (size < MIN) continue;
  const body = readFileSync(file);
  const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
  const g = gzipSync(body, { level: 9 });
  if (b.length < size) writeFileSync(`${file}.br`, b);
  if (g.length < size) writeFileSync(`${file}.gz`, g);
  raw += size;
  br += Math.min(b.length, size);
  gz += Math.min(g.length, size);
  n++;
}
const kb = (x) => `${(x / 1024).toFixed(0)} KB`;
console.log(`precompressed ${n} files in ${root}: ${kb(raw)} -> brotli ${kb(br)}, gzip ${kb(gz)}`);
