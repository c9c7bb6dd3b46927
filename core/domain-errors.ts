// Typed domain errors (DESIGN §3, decision 065), pure so that page loaders in app/ can map them too: services say what went wrong in business terms and never
// know HTTP. The API envelope (server/http/envelope.ts) and the page loader helper map them to codes.
export type DomainErrorKind = "refused" | "not_found" | "conflict" | "unauthenticated" | "forbidden" | "rate_limited";

export type Vars = Record<string, string | number>;

// The server runs services from source while page loaders run from the built bundle, each with its own copy
// of this class: `instanceof` fails across them, so the check is a global brand instead.
const BRAND = Symbol.for("comptoir.DomainError");

export class DomainError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly kind: DomainErrorKind,
    /** A message catalogue key ("ns.key" or a bare api key), translated by the caller's language. */
    readonly key: string,
    readonly vars?: Vars,
  ) {
    super(key);
    this.name = "DomainError";
  }
}

/** A business rule says no (bad quantity, code incorrect, minimum not reached…). */
export const refused = (key: string, vars?: Vars) => new DomainError("refused", key, vars);
/** What was asked for does not exist, or is not the caller's. */
export const notFound = (key = "not_found") => new DomainError("not_found", key);
/** The state changed under the caller (insufficient stock, already paid, number taken…). */
export const conflict = (key: string, vars?: Vars) => new DomainError("conflict", key, vars);
export const unauthenticated = (key = "session_expired") => new DomainError("unauthenticated", key);
/** The caller may not do this (a staff member without the permission). */
export const forbidden = (key: string, vars?: Vars) => new DomainError("forbidden", key, vars);
export const rateLimited = (key: string, vars?: Vars) => new DomainError("rate_limited", key, vars);

export const isDomainError = (e: unknown): e is DomainError =>
  typeof e === "object" && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
