// A back-office page's title: its own, then the brand, in the page's language.
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";

export const titleMeta =
  (key: string) =>
  ({ location }: { location: { pathname: string } }) => {
    const lang = langOfPath(location.pathname);
    return [{ title: `${translate(lang, key)} — ${translate(lang, "common.brand")}` }];
  };
