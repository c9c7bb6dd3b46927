// The contracts of the newsletter calls (core/contracts/contract.ts).
import { defineCall } from "./contract.ts";
import { nothing } from "./shared.ts";
import { newsletterSchema } from "../validation/newsletter.ts";

export const newsSubscribe = defineCall({ method: "POST", path: "/site/Index/newsSubscribe", input: newsletterSchema, output: nothing });
