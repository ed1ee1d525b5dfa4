import { Dialog } from "radix-ui";
import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A slide-in drawer from the left, with an overlay; Radix gives it focus trapping and Escape to close. */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-overlay" className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none",
            className,
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label={t`Close menu`}>
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
