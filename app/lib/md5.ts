// MD5 for the request signature (SPEC §7) in the browser, where WebCrypto has no MD5. ASCII/UTF-8 input.
import { signedText } from "#core/signature.ts";

const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export function md5(input: string): string {
  const bytes = new TextEncoder().encode(input);
  const len = ((bytes.length + 8) >>> 6) + 1;
  const words = new Uint32Array(len * 16);
  bytes.forEach((b, i) => (words[i >> 2] |= b << ((i % 4) * 8)));
  words[bytes.length >> 2] |= 0x80 << ((bytes.length % 4) * 8);
  words[len * 16 - 2] = (bytes.length * 8) >>> 0;
  words[len * 16 - 1] = Math.floor(bytes.length / 0x20000000);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let chunk = 0; chunk < len; chunk++) {
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const r = i >> 4;
      const f = r === 0 ? (b & c) | (~b & d) : r === 1 ? (d & b) | (~d & c) : r === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = r === 0 ? i : r === 1 ? (5 * i + 1) % 16 : r === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const s = S[r * 4 + (i % 4)];
      const x = (a + f + K[i] + words[chunk * 16 + g]) >>> 0;
      [a, d, c] = [d, c, b];
      b = (b + ((x << s) | (x >>> (32 - s)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0]
    .map((w) => Array.from({ length: 4 }, (_, i) => ((w >>> (i * 8)) & 0xff).toString(16).padStart(2, "0")).join(""))
    .join("");
}

/** The `t`/`at` pair of SPEC §7 for a request path (query excluded). */
export function signature(path: string, secret: string, nowS = Math.floor(Date.now() / 1000)) {
  return { t: nowS, at: md5(signedText(nowS, path, secret)) };
}
