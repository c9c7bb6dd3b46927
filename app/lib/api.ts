// Browser API client (SPEC §7): signs every call, sends language and token, handles the envelope and code transitions.
import { signature } from "./md5.ts";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { useSession } from "./session-store.ts";
import type { AnswerOf, RequestOf } from "#core/contracts/contract.ts";
import type { CallByPath, CallPath } from "#core/contracts/index.ts";

export type Envelope<T> = { code: number; data: T; info: string };
/** The answer's `data` of the call at `P`, as its contract declares it. */
export type Answer<P extends CallPath> = AnswerOf<CallByPath[P]>;

export const REQUEST_TIMEOUT_MS = 30_000;
const RETRIES = 3;

type Options<Req = Record<string, unknown>> = {
  /** A GET's query: texts and numbers, sent as texts. */
  query?: Req;
  /** A POST's JSON body. */
  body?: Req;
  showLoading?: boolean;
  /** The language of the answer, when it must not follow the session's (read before the start-up sets it). */
  lang?: Lang;
};

type ClientConfig = { baseUrl: string; signSecret: string; navigate: (to: string) => void };
let client: ClientConfig = { baseUrl: "/", signSecret: "", navigate: (to) => window.location.assign(to) };

/** Called once by the root layout with the runtime config and the router's navigate. */
export function configureApi(c: Partial<ClientConfig>) {
  client = { ...client, ...c };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls the API at `path` with the method, request and answer its contract declares (core/contracts).
 * Returns the envelope for 200 and 400 (the caller shows `info`), null otherwise after the transition:
 * 401 logs out and goes to /connexion; 503 sets maintenance and goes home; others show server_error.
 */
export function api<P extends CallPath>(
  method: CallByPath[P]["method"],
  path: P,
  opts: Options<RequestOf<CallByPath[P]>> = {},
): Promise<Envelope<Answer<P>> | null> {
  return send<Answer<P>>(method, path, opts as Options);
}

async function send<T>(method: "GET" | "POST", path: string, opts: Options): Promise<Envelope<T> | null> {
  const s = useSession.getState();
  const sig = signature(path, client.signSecret);
  const url = new URL(path.replace(/^\//, ""), new URL(client.baseUrl, window.location.origin));
  const headers: Record<string, string> = { Accept: "application/json", Applang: opts.lang ?? s.lang };
  if (s.token) headers.Authorization = `Bearer ${s.token}`;
  let body: string | undefined;
  if (method === "GET") {
    for (const [k, v] of Object.entries({ ...opts.query, ...sig })) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  } else {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify({ ...opts.body, ...sig });
  }

  const loading = opts.showLoading !== false;
  if (loading) s.requestStarted();
  try {
    // Only idempotent calls are retried, and only after a network failure or timeout.
    const attempts = method === "GET" ? RETRIES + 1 : 1;
    let res: Response | undefined;
    for (let i = 0; i < attempts && !res; i++) {
      try {
        res = await fetch(url, { method, headers, body, credentials: "same-origin", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      } catch (e) {
        if (i === attempts - 1) throw e;
        await wait(300 * 2 ** i);
      }
    }
    return await handle<T>(res!);
  } catch {
    s.notify({ kind: "error", text: translate(s.lang, "network_fail") });
    return null;
  } finally {
    if (loading) useSession.getState().requestEnded();
  }
}

async function handle<T>(res: Response): Promise<Envelope<T> | null> {
  const s = useSession.getState();
  const fresh = res.headers.get("Authorization");
  if (fresh?.startsWith("Bearer ")) s.setToken(fresh.slice(7));
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  const code = env?.code ?? res.status;
  if ((code === 200 || code === 400) && env) return env;
  if (code === 401) {
    s.logout();
    client.navigate(s.lang === "zh" ? "/zh/connexion" : "/connexion");
  } else if (code === 503) {
    s.setMaintenance(true);
    client.navigate(s.lang === "zh" ? "/zh" : "/");
  } else {
    s.notify({ kind: "error", text: env?.info || translate(s.lang, "server_error") });
  }
  return null;
}
