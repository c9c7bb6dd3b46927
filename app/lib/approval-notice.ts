// What the buyer's pages say of an account that may not order (decision 143), in the page's language.
import { approvalNoticeKey } from "#core/customers/approval.ts";
import { translate, type Lang } from "#core/i18n/translate.ts";

export function approvalNotice(c: { approval: string; approvalMessage: string | null }, lang: Lang) {
  const key = approvalNoticeKey(c.approval);
  if (!key) return null;
  return {
    text: translate(lang, key),
    message: c.approvalMessage ? translate(lang, "account.approval_message", { message: c.approvalMessage }) : null,
  };
}
