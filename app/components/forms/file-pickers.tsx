import { useLingui } from "@lingui/react/macro";
import { ImagePlus, X, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { checkPickedFile, checkUploadSizes, UPLOAD_KINDS, type UploadKind } from "~/domain/upload-kinds";
import { translate } from "~/lib/i18n/translate";
import type { ActionFailure } from "~/lib/http/forms";

/**
 * The visible "choose" button is the label around the (visually hidden) file input, so a click opens the
 * picker and the keyboard reaches the input itself, whose focus rings the label. A disabled input (a full
 * list) hides the button.
 */
export function PickButton({
  label,
  icon: Icon = ImagePlus,
  children,
}: {
  label: string;
  icon?: LucideIcon;
  children: ReactNode;
}) {
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
        <li
          key={`${file.name}-${index}`}
          className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 text-xs"
        >
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

/**
 * The files picked to go with a form of one upload kind. Each is checked as it is picked (the count, its size and
 * what its first bytes say it is): a refused one is named and left out, the others join. A file the server still
 * refuses (its bytes do not decode) comes back named by the refusal's `field` (`files.<index>`): it is dropped and
 * named too, so the next send goes without it.
 */
export function usePickedFiles(kind: UploadKind) {
  const { t } = useLingui();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const notAttached = (name: string, reason: string) => t`"${name}" was not attached: ${reason}`;

  const pick = async (picked: readonly File[]) => {
    const accepted: File[] = [];
    const refusals: string[] = [];
    for (const file of picked) {
      const count = checkUploadSizes(
        kind,
        [...files, ...accepted, file].map((other) => other.size),
      );
      const wrong = count ? null : await checkPickedFile(kind, file);
      const reason = count?.message ?? (wrong ? translate(UPLOAD_KINDS[kind].messages[wrong]) : null);
      if (reason) refusals.push(notAttached(file.name, reason));
      else accepted.push(file);
    }
    setFiles((current) => [...current, ...accepted]);
    setProblem(refusals.length > 0 ? refusals.join(" ") : null);
  };

  /** Drops and names the file a server refusal is about; false when the refusal is about no file picked here. */
  const refusedByServer = (failure: ActionFailure): boolean => {
    const index = /^files\.(\d+)$/.exec(failure.field ?? "")?.[1];
    const file = index === undefined ? undefined : files[Number(index)];
    if (!file) return false;
    setFiles((current) => current.filter((other) => other !== file));
    setProblem(notAttached(file.name, failure.error));
    return true;
  };

  return {
    files,
    problem,
    pick,
    refusedByServer,
    remove: (index: number) => setFiles((current) => current.filter((_, other) => other !== index)),
    clear: () => {
      setFiles([]);
      setProblem(null);
    },
  };
}
