// The box a buyer ticks to accept a legal text (terms of sale at /commande, privacy notice at /reg): its label
// links the text (a new tab: the form stays as filled), its refusal is announced under it. The box keeps its own
// state: the page reads the tick where it lies (the form, or `inputRef`), so no render can take a tick back.
import type { Ref } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { contentUrl } from "#core/slug.ts";

type Props = {
  name: string;
  /** Text before the link, and the link's text (catalogue keys). */
  lead: string;
  link: string;
  page: { id: number; name: string };
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: (v: boolean) => void;
  className?: string;
};

export function AcceptanceBox({ name, lead, link, page, error, inputRef, onChange, className = "" }: Props) {
  const { t, lang } = useT();
  const errorId = `${name}-error`;
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name={name}
          required
          className="mt-0.5 h-4 w-4 shrink-0"
          ref={inputRef}
          onChange={onChange && ((e) => onChange(e.target.checked))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          {t(lead)}
          <Link to={contentUrl(lang, page)} target="_blank" rel="noopener" className="text-brand underline">
            {t(link)}
          </Link>
        </span>
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}
