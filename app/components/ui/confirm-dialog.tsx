// A yes/no confirmation (SPEC §4: history deletion, address deletion), an accessible alert dialog.
import { AlertDialog } from "radix-ui";
import { useT } from "#app/lib/i18n.tsx";

type Props = { open: boolean; title: string; text: string; onYes: () => void; onClose: () => void };

export function ConfirmDialog({ open, title, text, onYes, onClose }: Props) {
  const { t } = useT();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-5 shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{text}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded border border-line px-4 py-1.5 hover:border-brand">{t("no")}</AlertDialog.Cancel>
            <AlertDialog.Action className="rounded bg-brand px-4 py-1.5 text-white hover:bg-brand-dark" onClick={onYes}>
              {t("yes")}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
