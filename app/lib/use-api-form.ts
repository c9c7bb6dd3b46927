// The shared life of an account form: validate with the zod schema, call the API, show field errors or the answer.
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { api, type Answer } from "./api.ts";
import type { RequestOf } from "#core/contracts/contract.ts";
import type { CallByPath, CallPath } from "#core/contracts/index.ts";
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

/** The calls a form may send: the POSTs. */
type PostPath = { [P in CallPath]: CallByPath[P]["method"] extends "POST" ? P : never }[CallPath];

export function useApiForm<S extends z.ZodType, P extends PostPath>(schema: S, path: P, opts: Options<Answer<P>> = {}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useSession((s) => s.notify);
  const { revalidate } = useRevalidator();

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = schema.safeParse({ ...Object.fromEntries(new FormData(form)), ...opts.extra });
    setFailure(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    // the form's fields as its schema gives them, and the extra fields: the call's request, checked by the server
    const body = { ...(parsed.data as Record<string, unknown>), ...opts.extra } as RequestOf<CallByPath[P]>;
    const res = await api("POST" as CallByPath[P]["method"], path, { body });
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
