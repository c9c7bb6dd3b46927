// Small parts the back office's pages share.

/** The centred card of the login's steps. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto max-w-md rounded border border-line bg-white p-6 shadow-sm">
      <h1 id="auth-title" className="mb-2 text-2xl font-bold text-brand">
        {title}
      </h1>
      {intro && <p className="mb-4 text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** The form's message for the whole form (a refusal of the server), announced. */
export function Failure({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
      {text}
    </p>
  ) : null;
}

export function SubmitButton({ busy, children }: { busy?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** A page's title in the back office. */
export function PageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="mb-4 text-2xl font-bold text-ink">{children}</h1>;
}
