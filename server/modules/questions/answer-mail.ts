// The customer learns of the shop's answer (decision 142): the notice of the account ("answer received", as before)
// and an e-mail in the customer's language with the answer's text, the number of files sent with it and the link
// to the questions page, written in the answer's transaction (the outbox sends it once committed).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { translate } from "#core/i18n/messages.ts";
import { isLang, type Lang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";
import { markup, lines } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { origin } from "#server/modules/orders/order-mail.ts";
import type { AnsweredEvent } from "./questions.service.ts";

export async function tellAnswered(q: Db, e: AnsweredEvent, publicUrl: string) {
  const ref = `#${e.questionId}`;
  await addNotification(q, { customerId: e.customerId, kind: "answer_received", orderId: e.orderId, ref });
  const [c] = await q.select({ email: customers.email, lang: customers.lang }).from(customers).where(eq(customers.id, e.customerId));
  const lang: Lang = isLang(c.lang) ? c.lang : "fr";
  const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
  const intro = t("aftersales.notif_answer_received", { ref });
  const files = e.files ? [t("mail.question_answered_files", { count: String(e.files) })] : [];
  const mail = composeMail(
    lang,
    t("mail.question_answered_subject", { ref }),
    {
      text: [intro, e.answer, ...files],
      html: [markup`<p>${intro}</p>`, markup`<blockquote>${lines(e.answer)}</blockquote>`, ...files.map((f) => markup`<p>${f}</p>`)],
    },
    { label: t("mail.question_answered_action"), url: `${origin(publicUrl)}${localePath(lang, "/une-question")}` },
  );
  await enqueueMail(q, { to: c.email, ...mail });
}
