// HTTP-layer errors (signature, language header, rate limit, missing login): a status (= envelope code) and
// a message key translated with the request's language. Services never throw these: they throw the domain
// errors of core/domain-errors.ts, which the envelope maps to codes (decision 065).
export type ApiCode = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 500 | 503;

export class ApiError extends Error {
  constructor(
    readonly code: ApiCode,
    readonly key: string,
    readonly vars?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export const unauthorized = () => new ApiError(401, "session_expired");
/** HTTP layer only (a service throws `notFound` from core/domain-errors.ts; errors.test.ts checks). */
export const notFound = (key = "not_found") => new ApiError(404, key);
