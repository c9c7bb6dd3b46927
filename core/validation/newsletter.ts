// Newsletter sign-up (SPEC §5): e-mail required, e-mail format, 1 to 50 characters.
import { z } from "zod";
import { emailSchema } from "./common.ts";

export const newsletterSchema = z.object({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterSchema>;
