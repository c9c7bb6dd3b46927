// The shared life of an account form: validate with the zod schema, call the API, show field errors or the answer.
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { legacyApi, type Answer } from "./api.ts";
import type { CallPath } from "#core/contracts/index.ts";
import { useSession } from "./session-store.ts";
import { fieldErrors } from "#app/components/account/field.tsx";

type Options<T> = {
  /** Extra body fields sent as they are (ids, kinds). */
  extra?: Record<string, unknown>;
  /** After the default success handling (notice, form reset, page data reload). */
  onDone?: (data: T) => void;
  /** Instead of the default success handling (login and registration start a session). */
  onSuccess?: (data: T) => Promise<void>;
  reset?: boolean;
};

/** The answer of the call at `path`, from its contract. */
type AnswerAt<P extends string> = P extends CallPath ? Answer<P> : unknown;

export function useApiForm<S extends z.ZodType, P extends string>(schema: S, path: P, opts: Options<AnswerAt<P>> = {}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useSession((s) => s.notify);
  const { revalidate } = useRevalidator();

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = { ...Object.fromEntries(new FormData(form)), ...opts.extra };
    const parsed = schema.safeParse(body);
    setFailure(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    const res = await legacyApi<AnswerAt<P>>("POST", path, { body: { ...(parsed.data as Record<string, unknown>), ...opts.extra } });
    setBusy(false);
    if (!res) return;
    if (res.code !== 200) return setFailure(res.info);
    if (opts.onSuccess) return opts.onSuccess(res.data);
    notify({ kind: "success", text: res.info });
    if (opts.reset !== false) form.reset();
    opts.onDone?.(res.data);
    await revalidate();
  }

  return { errors, failure, busy, onSubmit };
}
