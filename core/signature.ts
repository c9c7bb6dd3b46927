// The request signature of SPEC §7: at = md5(t + lower-cased path + secret), t in unix seconds, accepted
// within ±300 s. The signed text is built here once; the browser (app/lib/md5.ts) and the server
// (server/http/signature.ts, node:crypto) each hash it with their own MD5.
export const SIGNATURE_WINDOW_S = 300;

/** The text whose MD5 is `at`; `path` is the request path without its query. */
export function signedText(t: number | string, path: string, secret: string): string {
  return `${t}${path.toLowerCase()}${secret}`;
}
