// Questions from the account (decision 083): send one (SPEC §7 submitSuggestion) and
// read the history with the shop's answers. Login required; the order and the attachments must be the
// caller's.
import type { FastifyInstance } from "fastify";
import { questionList, submitSuggestion } from "#core/contracts/questions.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Questions"];

export async function questionsRoutes(site: FastifyInstance) {
  const { questions } = site.services;

  apiRoute(
    site,
    submitSuggestion,
    {
      summary: "Send a question about one of the caller's orders, or a suggestion, with up to three attachments",
      tags,
      description:
        "A type and a content are needed; every type but `suggestion` needs `order_id`, one of the caller's orders. " +
        "`attachments` are ids answered by `POST /common/attachment/upload` (multipart `t`, `at`, `file`: PNG, JPEG, WebP, GIF " +
        "or PDF by content, 5 MB at most), the caller's own and not yet sent. Another customer's order or attachment: 404, nothing sent. " +
        "Ten questions per hour at most (429).",
    },
    async (req, _reply, input, ctx) => ok(req, await questions.submit(ctx, input), "questions.sent"),
  );

  apiRoute(
    site,
    questionList,
    { summary: "The caller's questions, newest first, with the shop's answers", tags },
    async (req, _reply, _input, ctx) => ok(req, wholeList(await questions.list(ctx))),
  );
}
