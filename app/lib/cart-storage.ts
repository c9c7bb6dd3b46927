// The visitor's cart lines in local storage under `cartLines`, AES-GCM encrypted with Web Crypto: every tab of
// the site shares them (SPEC §3 keeps the persisted client state encrypted in local storage), and a change in one
// tab reaches the others through the `storage` event (decision 118). Session storage's `cartParams` stays the
// place of the cart parameters (SPEC §4; a visitor's come with each cart list, none is kept): lines an earlier
// version kept there are moved here on first read.
// The key is derived from a constant shipped in the bundle: this is obfuscation against casual reading and
// tampering by hand, not secrecy (decision 073). Whatever cannot be read back — corrupted text, another
// format, another site's value — is ignored: the visitor starts with an empty cart, never with an error.
export const LINES_KEY = "cartLines";
/** Session storage: the cart parameters (SPEC §4); an earlier version kept the lines there too. */
export const CART_KEY = "cartParams";
const PASSPHRASE = "comptoir-cart-v1";
const PREFIX = "v1.";

/** A line of the browser cart: what the server needs ({model_id, num}) plus what the side panel shows. */
export type LocalLine = {
  model_id: number;
  num: number;
  name?: string;
  image?: string | null;
  price?: string;
  url?: string;
  reference?: string;
};

let keyPromise: Promise<CryptoKey> | null = null;
function key(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(PASSPHRASE))
    .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  return keyPromise;
}

const toB64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function encryptLines(lines: readonly LocalLine[]): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ lines }));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key(), plain));
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv);
  out.set(cipher, iv.length);
  return PREFIX + toB64(out);
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const posInt = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0 && v <= 100_000;

/** Keeps only well-formed lines; anything else in the value is dropped. */
export function sanitize(value: unknown): LocalLine[] {
  const lines = (value as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  const out: LocalLine[] = [];
  for (const l of lines.slice(0, 1000)) {
    const o = l as Record<string, unknown> | null;
    if (!o || !posInt(o.model_id) || !posInt(o.num)) continue;
    out.push({
      model_id: o.model_id as number,
      num: o.num as number,
      name: str(o.name),
      image: str(o.image) ?? null,
      price: str(o.price),
      url: str(o.url),
      reference: str(o.reference),
    });
  }
  return out;
}

/** The lines of an encrypted value, or [] when it is not one of ours or cannot be decrypted. */
export async function decryptLines(text: string | null): Promise<LocalLine[]> {
  if (!text || !text.startsWith(PREFIX)) return [];
  try {
    const bytes = fromB64(text.slice(PREFIX.length));
    if (bytes.length < 13) return [];
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await key(), bytes.slice(12));
    return sanitize(JSON.parse(new TextDecoder().decode(plain)));
  } catch {
    return [];
  }
}

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return (globalThis as { [k in typeof kind]?: Storage })[kind] ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The stored text of the lines; an earlier version's session copy is moved to local storage first. */
function storedText(): string | null {
  const local = storage("localStorage");
  const session = storage("sessionStorage");
  const text = local?.getItem(LINES_KEY) ?? null;
  const legacy = session?.getItem(CART_KEY) ?? null;
  if (legacy?.startsWith(PREFIX)) {
    session?.removeItem(CART_KEY);
    if (text === null) {
      try {
        local?.setItem(LINES_KEY, legacy);
      } catch {
        /* quota or privacy mode */
      }
      return legacy;
    }
  }
  return text;
}

export async function readLocalCart(): Promise<LocalLine[]> {
  return decryptLines(storedText());
}

export async function writeLocalCart(lines: readonly LocalLine[]): Promise<void> {
  const s = storage("localStorage");
  if (!s) return;
  try {
    if (lines.length === 0) s.removeItem(LINES_KEY);
    else s.setItem(LINES_KEY, await encryptLines(lines));
  } catch {
    // quota or privacy mode: the cart still lives in memory for this page
  }
}

export function clearLocalCart(): void {
  storage("localStorage")?.removeItem(LINES_KEY);
  storage("sessionStorage")?.removeItem(CART_KEY);
}

/** Calls `onLines` with the lines whenever another tab of the site changes them; answers the unsubscribe. */
export function onOtherTabLines(onLines: (lines: LocalLine[]) => void): () => void {
  if (typeof window === "undefined") return () => {};
  // Decrypted one after the other: a quick second change never lands before the first.
  let last = Promise.resolve();
  const listen = (e: StorageEvent) => {
    // key null: the other tab cleared the whole storage
    if (e.storageArea !== storage("localStorage") || (e.key !== LINES_KEY && e.key !== null)) return;
    const lines = decryptLines(e.newValue);
    last = last.then(() => lines).then(onLines);
  };
  window.addEventListener("storage", listen);
  return () => window.removeEventListener("storage", listen);
}
