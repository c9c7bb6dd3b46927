// Accessibility of every page in Chinese (a11y-pages.ts; the other language in a11y.e2e.ts, run in parallel).
import { browserPerFile } from "./browser.ts";
import { shopPerFile } from "./shop.ts";
import { everyPageIsAccessible } from "./a11y-pages.ts";

everyPageIsAccessible("zh", shopPerFile(), browserPerFile());
