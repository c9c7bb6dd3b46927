// React Router's default browser entry, after one step: the page language's texts that the server render used
// (`<html lang data-messages>`, app/root.tsx) are loaded first, so hydration renders the same text (decision 089).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Namespace } from "#core/i18n/translate.ts";
import { loadMessages } from "./lib/messages.ts";

const html = document.documentElement;
const lang = html.lang.startsWith("zh") ? "zh" : "fr";
const namespaces = (html.dataset.messages ?? "").split(" ").filter(Boolean) as Namespace[];

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A failed load still hydrates: the page works, and its texts come when the suspended render retries.
const texts = loadMessages(lang, namespaces);
if (texts) texts.then(hydrate, hydrate);
else hydrate();
