// Password recovery: the e-mail, then either the 6-digit code sent by e-mail or the link's token,
// with the new password confirmed. One copy for the pages and POST /site/user/{forgotPassword,resetPassword,
// resetPasswordByToken}. Code and token messages are account.* keys: a wrong code and a bad link read the same
// on the page and in the API answer.
import { z } from "zod";
import { emailSchema, text } from "./common.ts";
import { confirmSchema, passwordSchema, withConfirmation } from "./password.ts";

const RESET_CODE_RE = /^\d{6}$/;
const RESET_TOKEN_MIN = 20;
const RESET_TOKEN_MAX = 100;

export const forgotPasswordSchema = z.object({ email: emailSchema });

const resetCodeSchema = text("account.reset_code_incorrect").trim().regex(RESET_CODE_RE, "account.reset_code_incorrect");

export const resetTokenSchema = text("account.reset_link_invalid")
  .min(RESET_TOKEN_MIN, "account.reset_link_invalid")
  .max(RESET_TOKEN_MAX, "account.reset_link_invalid");

/** Step 2 of the forgotten-password page: the e-mail of step 1, the code, the new password twice. */
export const resetWithCodeSchema = withConfirmation(
  z.object({ email: emailSchema, code: resetCodeSchema, password: passwordSchema, confirm: confirmSchema }),
);

/** The reset-link page: the token of the link, the new password twice. */
export const resetWithTokenSchema = withConfirmation(
  z.object({ token: resetTokenSchema, password: passwordSchema, confirm: confirmSchema }),
);
