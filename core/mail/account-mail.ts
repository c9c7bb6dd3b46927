// The e-mail of staff's decision on a professional account (decision 143), in the customer's language: approved (they
// may order now) or refused, with staff's message as they wrote it.
import { translate, type Lang } from "../i18n/messages.ts";
import type { ApprovalDecision } from "../customers/approval.ts";
import { lines, paragraph } from "./html.ts";
import { composeMail, type ComposedMail } from "./order-mail.ts";

export function accountDecisionMail(
  lang: Lang,
  decision: ApprovalDecision,
  a: { client_number: string; message: string },
  accountUrl: string,
): ComposedMail {
  const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
  const intro = t(decision === "approve" ? "mail.account_approved_intro" : "mail.account_refused_intro", { number: a.client_number });
  const said = a.message ? [t("mail.account_decision_message"), a.message] : [];
  return composeMail(
    lang,
    t(decision === "approve" ? "mail.account_approved_subject" : "mail.account_refused_subject"),
    { text: [intro, ...said], html: [paragraph(intro), ...said.map((p) => paragraph(lines(p)))] },
    { label: t("mail.account_link"), url: accountUrl },
  );
}
