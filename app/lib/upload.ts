// POST /common/attachment/upload (SPEC §7: multipart with t, at and file), signed like every call. The
// fields go before the file: the server reads no file it cannot attribute. SPEC §5: no file, no call.
import { signature } from "./md5.ts";
import { useSession } from "./session-store.ts";
import { translate } from "#core/i18n/translate.ts";
import { REQUEST_TIMEOUT_MS, type Envelope } from "./api.ts";
import type { AttachmentAnswer } from "#core/contracts/questions.ts";

const UPLOAD_PATH = "/common/attachment/upload";

/** The upload answers the attachment as questionList shows it. */
type UploadResult = { ok: true; file: AttachmentAnswer } | { ok: false; message: string };

export async function uploadAttachment(
  file: File | undefined,
  signSecret: string,
  navigate: (to: string) => void,
): Promise<UploadResult | null> {
  if (!file) return null;
  const s = useSession.getState();
  const { t, at } = signature(UPLOAD_PATH, signSecret);
  const form = new FormData();
  form.append("t", String(t));
  form.append("at", at);
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json", Applang: s.lang };
  if (s.token) headers.Authorization = `Bearer ${s.token}`;
  const failed = translate(s.lang, "questions.upload_failed");
  try {
    const res = await fetch(UPLOAD_PATH, {
      method: "POST",
      body: form,
      headers,
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const fresh = res.headers.get("Authorization");
    if (fresh?.startsWith("Bearer ")) s.setToken(fresh.slice(7));
    const env = (await res.json().catch(() => null)) as Envelope<AttachmentAnswer | null> | null;
    if (res.status === 401) {
      s.logout();
      navigate(s.lang === "zh" ? "/zh/connexion" : "/connexion");
      return null;
    }
    if (res.ok && env?.code === 200 && env.data) return { ok: true, file: env.data };
    return { ok: false, message: env?.info || failed };
  } catch {
    return { ok: false, message: failed };
  }
}
