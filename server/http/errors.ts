// Business errors carry a status (= envelope code) and a message key translated with the request's language.
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

export const badRequest = (key: string, vars?: Record<string, string | number>) => new ApiError(400, key, vars);
export const unauthorized = () => new ApiError(401, "session_expired");
export const notFound = (key = "not_found") => new ApiError(404, key);
