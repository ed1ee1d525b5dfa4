import { useLingui } from "@lingui/react/macro";
import { ImagePlus, X, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * The visible "choose" button is the label around the (visually hidden) file input, so a click opens the
 * picker and the keyboard reaches the input itself, whose focus rings the label. A disabled input (a full
 * list) hides the button.
 */
export function PickButton({ label, icon: Icon = ImagePlus, children }: { label: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:disabled]:hidden">
      {children}
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </label>
  );
}

/** Files picked to go with a form (a message's attachments, a round's files): each by name, with its Remove button. */
export function PickedFileList({
  label,
  files,
  onRemove,
  disabled = false,
}: {
  label: string;
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`} className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 text-xs">
          <span className="max-w-48 truncate">{file.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            disabled={disabled}
            aria-label={t`Remove ${file.name}`}
            onClick={() => onRemove(index)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
