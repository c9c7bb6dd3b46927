// A question's files as download links with their names and sizes: the customer's page (their own files and the
// shop's) and the back office's question page, each with its own download address.
import { formatSize } from "#core/questions.ts";
import { useT } from "#app/lib/i18n.tsx";

type File = { id: string; name: string; size: number };

export function AttachmentLinks({
  files,
  href,
  label,
  className = "",
}: {
  files: readonly File[];
  href: (id: string) => string;
  label?: string;
  className?: string;
}) {
  const { t, lang } = useT();
  if (files.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-3 text-sm ${className}`} aria-label={label}>
      {files.map((a) => (
        <li key={a.id}>
          <a className="text-brand underline" href={href(a.id)} download={a.name}>
            {t("questions.attachment_link", { name: a.name, size: formatSize(a.size, lang) })}
          </a>
        </li>
      ))}
    </ul>
  );
}
