// The newsletter's unsubscribe page (decision 147): the link of every newsletter e-mail leads here
// (`?s=<subscription>&t=<token>`); one click posts to this address, no login needed. A mail client's one-click
// unsubscription (RFC 8058, the List-Unsubscribe-Post header) posts to the same address. A link used again says the
// address is out; a forged one is refused and changes nothing.
import { data, Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { isDomainError } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";

/** The link's subscription id and token, or null when they cannot be one (nothing is looked up then). */
function linkOf(url: string): { id: number; token: string } | null {
  const q = new URL(url).searchParams;
  const id = Number(q.get("s"));
  const token = q.get("t") ?? "";
  return Number.isSafeInteger(id) && id > 0 && /^[A-Za-z0-9_-]{43}$/.test(token) ? { id, token } : null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "common.unsubscribe.title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  return { valid: linkOf(request.url) !== null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const link = linkOf(request.url);
  if (!link) return data({ done: false, failure: translate(context.lang, "common.unsubscribe.invalid") }, { status: 400 });
  try {
    await context.services.newsletter.unsubscribe(context.services.db, link.id, link.token);
    return { done: true, failure: null };
  } catch (e) {
    if (isDomainError(e)) return data({ done: false, failure: translate(context.lang, e.key) }, { status: 400 });
    throw e;
  }
}

export default function NewsletterUnsubscribe({ loaderData: { valid }, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const failure = actionData?.failure ?? (valid ? null : t("common.unsubscribe.invalid"));
  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-lg rounded border border-line p-6">
      <h1 id="unsubscribe-title" className="mb-4 text-2xl font-bold text-brand">
        {t("common.unsubscribe.title")}
      </h1>
      {failure && (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      {actionData?.done ? (
        <p role="status" className="rounded bg-green-50 p-3 text-green-900">
          {t("common.unsubscribe.done")}
        </p>
      ) : (
        valid && (
          <Form method="post" action={`${location.pathname}${location.search}`} className="flex flex-col gap-4">
            <p>{t("common.unsubscribe.intro")}</p>
            <button
              type="submit"
              disabled={busy}
              className="self-start rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {t("common.unsubscribe.submit")}
            </button>
          </Form>
        )
      )}
    </section>
  );
}
