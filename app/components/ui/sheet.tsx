// A modal panel on radix Dialog (focus trapped inside, restored on close, Escape and outside click close it).
// Loaded lazily with the components that use it (decision 064): pages without an open dialog never fetch radix.
import { useEffect, useRef } from "react";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";

type Side = "left" | "right" | "bottom" | "center";
const place: Record<Side, string> = {
  left: "inset-y-0 left-0 h-full w-[min(85vw,20rem)] overflow-y-auto motion-safe:animate-[slide-in-left_200ms_ease-out]",
  right: "inset-y-0 right-0 h-full w-[min(92vw,24rem)] overflow-y-auto motion-safe:animate-[slide-in-right_200ms_ease-out]",
  bottom: "inset-x-0 bottom-0 max-h-[80vh] overflow-y-auto motion-safe:animate-[slide-in-up_200ms_ease-out]",
  center: "left-1/2 top-1/2 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded",
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: Side;
  title: string;
  hideTitle?: boolean;
  closeLabel: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  modal?: boolean;
  className?: string;
};

// Non-modal panels (the cookie banner) neither take nor give back focus: they must not pull the caret out of
// a field the visitor is typing in.
const keepFocus = (e: Event) => e.preventDefault();

// Radix puts two tabbable, invisible spans (focus guards) at the ends of <body> while any dialog is open. A
// non-modal panel traps nothing: there they were only a first tab stop before the skip link, and the banner,
// seeing focus go to one, closed itself. Out of the tab order while it is open (set after Radix's own effect).
function UntabbableFocusGuards() {
  useEffect(() => {
    const guards = (tabIndex: string) => {
      for (const g of document.querySelectorAll("[data-radix-focus-guard]")) g.setAttribute("tabindex", tabIndex);
    };
    const id = setTimeout(() => guards("-1"));
    return () => {
      clearTimeout(id);
      guards("0");
    };
  }, []);
  return null;
}

export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  hideTitle,
  closeLabel,
  description,
  children,
  modal = true,
  className = "",
}: Props) {
  // Radix gives focus back to a Dialog.Trigger; these panels open from anywhere (a timer, the footer, the
  // header), so the element focused at opening is remembered and focused again at closing.
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement as HTMLElement | null;
  };
  const giveBack = (e: Event) => {
    e.preventDefault();
    opener.current?.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <Dialog.Portal>
        {modal && <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />}
        <Dialog.Content
          className={`fixed z-50 bg-white p-5 text-ink shadow-xl ${place[side]} ${className}`}
          {...(modal
            ? { onOpenAutoFocus: remember, onCloseAutoFocus: giveBack }
            : // focus moving elsewhere (Tab through the page) leaves it open; a click elsewhere still closes it
              { onOpenAutoFocus: keepFocus, onCloseAutoFocus: keepFocus, onFocusOutside: keepFocus })}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <Dialog.Title className={hideTitle ? "sr-only" : "mb-3 pr-8 text-lg font-semibold"}>{title}</Dialog.Title>
          {description && (
            <Dialog.Description asChild>
              <div className="text-sm">{description}</div>
            </Dialog.Description>
          )}
          {children}
          {!modal && <UntabbableFocusGuards />}
          <Dialog.Close aria-label={closeLabel} className="absolute right-2 top-2 rounded p-2 hover:bg-paper">
            <X aria-hidden size={20} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
