// Persisted client state (SPEC §3): the local preferences (gridStyle, firstPopup, useCookie, searchHistroy) and
// lang, kept in localStorage under `store`, encrypted with AES-GCM (Web Crypto). The key is a constant of the
// bundle, so this is obfuscation, not secrecy (decision 075): nothing secret is stored here. Anything that does
// not decrypt or parse (corrupted, foreign, older format) is ignored and replaced on the next write.
import { create } from "zustand";
import { sanitizeSearchHistory } from "#core/search-history.ts";

const STORE_KEY = "store";
const KEY_MATERIAL = "comptoir-de-l-emballage/store/v1";

type LocalPrefs = { gridStyle: "grid" | "list"; firstPopup: number; useCookie: 0 | 1 | 2; searchHistroy: string[] };
type Persisted = { localObj: LocalPrefs; lang: "fr" | "zh" };

const DEFAULTS: LocalPrefs = { gridStyle: "grid", firstPopup: 0, useCookie: 0, searchHistroy: [] };

type PrefsState = LocalPrefs & {
  lang: "fr" | "zh";
  /** True once the stored state has been read (or found unusable): before it, the defaults stand. */
  loaded: boolean;
  set: (p: Partial<LocalPrefs & { lang: "fr" | "zh" }>) => void;
};

let keyPromise: Promise<CryptoKey> | null = null;
function key(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(KEY_MATERIAL))
    .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  return keyPromise;
}

const toB64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function encrypt(text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key(), new TextEncoder().encode(text)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toB64(out);
}

export async function decrypt(stored: string): Promise<string> {
  const bytes = fromB64(stored);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await key(), bytes.slice(12));
  return new TextDecoder().decode(plain);
}

/** Keeps only well-formed fields: a tampered or foreign value falls back to the default. */
export function sanitize(v: unknown): Persisted | null {
  if (!v || typeof v !== "object") return null;
  const { localObj, lang } = v as Partial<Persisted>;
  const o = (localObj && typeof localObj === "object" ? localObj : {}) as Partial<LocalPrefs>;
  return {
    lang: lang === "zh" ? "zh" : "fr",
    localObj: {
      gridStyle: o.gridStyle === "list" ? "list" : "grid",
      firstPopup: typeof o.firstPopup === "number" && Number.isFinite(o.firstPopup) ? o.firstPopup : 0,
      useCookie: o.useCookie === 1 || o.useCookie === 2 ? o.useCookie : 0,
      searchHistroy: Array.isArray(o.searchHistroy) ? o.searchHistroy.filter((s): s is string => typeof s === "string").slice(0, 20) : [],
    },
  };
}

let writing = Promise.resolve();
function save(s: PrefsState) {
  const { gridStyle, firstPopup, useCookie, searchHistroy, lang } = s;
  const payload = JSON.stringify({ localObj: { gridStyle, firstPopup, useCookie, searchHistroy }, lang } satisfies Persisted);
  // Writes are chained so that an older state never lands after a newer one.
  writing = writing.then(async () => {
    try {
      localStorage.setItem(STORE_KEY, await encrypt(payload));
    } catch {
      /* storage full or unavailable: the preferences live for this page only */
    }
  });
}

export const usePrefs = create<PrefsState>()((set, get) => ({
  ...DEFAULTS,
  lang: "fr",
  loaded: false,
  set: (p) => {
    set(p);
    save(get());
  },
}));

/** Reads the stored state once per document (after hydration: the server renders the defaults). */
export async function loadPrefs(): Promise<void> {
  if (usePrefs.getState().loaded) return;
  let found: Persisted | null = null;
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (stored) found = sanitize(JSON.parse(await decrypt(stored)));
  } catch {
    /* corrupted or foreign: ignored */
  }
  usePrefs.setState({ ...(found ? { ...found.localObj, lang: found.lang } : {}), loaded: true });
  migrateLegacyKeys();
}

/** The plain keys of earlier versions (`gridStyle`, `searchHistroy`) are read once into the store, then removed. */
function migrateLegacyKeys() {
  try {
    const grid = localStorage.getItem("gridStyle");
    const history = localStorage.getItem("searchHistroy");
    if (grid === null && history === null) return;
    const list = history === null ? null : sanitizeSearchHistory(JSON.parse(history));
    localStorage.removeItem("gridStyle");
    localStorage.removeItem("searchHistroy");
    usePrefs.getState().set({
      ...(grid !== null ? { gridStyle: grid === "list" ? "list" : "grid" } : {}),
      ...(list ? { searchHistroy: list } : {}),
    });
  } catch {
    /* unreadable legacy value: dropped */
  }
}

/** Resolves once the stored state has been read. */
export function prefsLoaded(): Promise<void> {
  if (usePrefs.getState().loaded) return Promise.resolve();
  return new Promise((ok) => {
    const stop = usePrefs.subscribe((s) => {
      if (s.loaded) {
        stop();
        ok();
      }
    });
  });
}
