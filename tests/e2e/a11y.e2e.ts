// Accessibility of every page in French (a11y-pages.ts; the other language in a11y-zh.e2e.ts, run in parallel).
import { browserPerFile } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { everyPageIsAccessible } from "./a11y-pages.ts";

everyPageIsAccessible("fr", shopPerFile(), browserPerFile());
