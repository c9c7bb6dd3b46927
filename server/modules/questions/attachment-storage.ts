// Where attachment bytes live (DESIGN §5: uploads behind a storage interface, local disk by default). Keys
// are random names chosen by the server (never the uploaded file's name): nothing a client sends reaches
// a path. Another backend (an object store) implements the same three calls.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type AttachmentStorage = {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const KEY = /^[a-f0-9]{32}$/;
const checked = (key: string) => {
  if (!KEY.test(key)) throw new Error("invalid storage key");
  return key;
};

/** Files under `dir` (DATA_DIR/attachments), two-level fan-out by the key's first characters. */
export function diskStorage(dir: string): AttachmentStorage {
  const path = (key: string) => join(dir, checked(key).slice(0, 2), key);
  return {
    async put(key, bytes) {
      await mkdir(join(dir, checked(key).slice(0, 2)), { recursive: true });
      await writeFile(path(key), bytes, { flag: "wx", mode: 0o600 }); // never over an existing file
    },
    async get(key) {
      try {
        return await readFile(path(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
