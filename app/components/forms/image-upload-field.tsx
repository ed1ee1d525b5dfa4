import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { useEffect, useId, useMemo, type ChangeEvent } from "react";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { translate } from "~/lib/i18n/translate";
import type { StoredImageView } from "~/lib/storage/stored-files";
import { checkUploadSizes, UPLOAD_KINDS, type UploadKind } from "~/domain/upload-kinds";
import { PickButton } from "./file-pickers";
import { RequiredMark } from "./form-section";

/** The toast titles a form gives its upload refusals (the information forms use 'File too large' and 'Too many photos'). */
export interface UploadToastTitles {
  tooLarge?: string;
  tooMany?: string;
}

const ACCEPT = "image/jpeg,image/png,image/webp";

/** The browser's checks on picked files (image type, size, count); the server checks the bytes again. */
export function refusePickedFiles(
  kind: UploadKind,
  files: readonly File[],
  alreadyChosen: number,
  titles: UploadToastTitles,
): boolean {
  if (files.some((file) => !file.type.startsWith("image/"))) {
    notify.error(translate(msg`Please select an image file`));
    return true;
  }
  const problem = checkUploadSizes(
    kind,
    files.map((file) => file.size),
    alreadyChosen,
  );
  if (!problem) return false;
  const title =
    problem.problem === "tooLarge" ? titles.tooLarge : problem.problem === "tooMany" ? titles.tooMany : undefined;
  notify.error(problem.message, title);
  return true;
}

/** An object URL for a picked file's preview, revoked when the file changes or the field goes away. */
function useObjectUrls(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

function Preview({ src, alt, href }: { src: string; alt: string; href?: string }) {
  const image = <img src={src} alt={alt} className="size-24 rounded-lg border border-slate-200 object-cover" />;
  return href ? (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="rounded-lg focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
    >
      {image}
    </a>
  ) : (
    image
  );
}

/**
 * One image (a logo, a founder photo): the saved one's preview, or the picked file's. The file is not sent
 * on its own: the form sends it with the other fields when the customer confirms, so an abandoned pick
 * leaves nothing behind. The picked file is the parent's state (`file`), cleared on Cancel.
 */
export function ImageUploadField({
  kind,
  label,
  saved,
  file,
  onFile,
  titles = {},
  required = false,
}: {
  kind: UploadKind;
  label: string;
  saved: StoredImageView | null;
  file: File | null;
  onFile: (file: File | null) => void;
  titles?: UploadToastTitles;
  required?: boolean;
}) {
  const inputId = useId();
  const { t } = useLingui();
  const hintId = `${inputId}-hint`;
  const lower = label.toLowerCase();
  const fileName = file?.name ?? "";
  const files = useMemo(() => (file ? [file] : []), [file]);
  const [preview] = useObjectUrls(files);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (picked.length === 0 || refusePickedFiles(kind, picked.slice(0, 1), 0, titles)) return;
    onFile(picked[0]!);
  };
  const maxMb = UPLOAD_KINDS[kind].maxBytes / (1024 * 1024);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800" id={`${inputId}-label`}>
        {label}
        {required ? <RequiredMark /> : null}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <Preview src={preview} alt={t`${label} preview`} />
        ) : saved ? (
          <Preview src={saved.thumbnailUrl} alt={label} href={saved.url} />
        ) : (
          <div className="grid size-24 place-items-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-600">
            <Trans>No image</Trans>
          </div>
        )}
        <div className="space-y-2">
          <PickButton label={saved || file ? t`Change ${lower}` : t`Choose ${lower}`}>
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              aria-labelledby={`${inputId}-label`}
              aria-describedby={hintId}
              onChange={pick}
            />
          </PickButton>
          {file ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onFile(null)}>
              <X aria-hidden="true" />
              <Trans>Remove new {lower}</Trans>
            </Button>
          ) : null}
          <p id={hintId} className="text-xs text-slate-600">
            <Trans>JPEG, PNG or WebP, up to {maxMb}MB.</Trans>
            {file ? ` ${t`Selected: ${fileName}`}` : ""}
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Several images of one kind (business photos): the saved ones the customer keeps plus new picks, at most
 * the kind's limit in all. Removing a saved photo drops it from `kept`; the server removes it on save.
 */
export function ImageListField({
  kind,
  label,
  saved,
  kept,
  onKept,
  files,
  onFiles,
  titles = {},
}: {
  kind: UploadKind;
  label: string;
  saved: readonly StoredImageView[];
  kept: readonly string[];
  onKept: (urls: string[]) => void;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  titles?: UploadToastTitles;
}) {
  const inputId = useId();
  const { t } = useLingui();
  const hintId = `${inputId}-hint`;
  const previews = useObjectUrls(files);
  const maxMb = UPLOAD_KINDS[kind].maxBytes / (1024 * 1024);
  const max = UPLOAD_KINDS[kind].maxFiles;
  const keptSaved = saved.filter((photo) => kept.includes(photo.url));
  const count = keptSaved.length + files.length;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (picked.length === 0 || refusePickedFiles(kind, picked, count, titles)) return;
    onFiles([...files, ...picked]);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-800" id={`${inputId}-label`}>
        {label} ({count}/{max})
      </p>
      {count > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={label}>
          {keptSaved.map((photo, index) => {
            const n = index + 1;
            return (
              <li key={photo.url} className="relative w-fit">
                <Preview src={photo.thumbnailUrl} alt={t`Saved photo ${n}`} href={photo.url} />
                <RemoveImage
                  label={t`Remove saved photo ${n}`}
                  onClick={() => onKept(kept.filter((url) => url !== photo.url))}
                />
              </li>
            );
          })}
          {files.map((file, index) => {
            const n = index + 1;
            const name = file.name;
            return (
              <li key={`${file.name}-${index}`} className="relative w-fit">
                <Preview src={previews[index] ?? ""} alt={t`New photo ${n}: ${name}`} />
                <RemoveImage
                  label={t`Remove new photo ${n}`}
                  onClick={() => onFiles(files.filter((_, at) => at !== index))}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      <PickButton label={t`Add photos`}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          aria-labelledby={`${inputId}-label`}
          aria-describedby={hintId}
          disabled={count >= max}
          onChange={pick}
        />
      </PickButton>
      <p id={hintId} className="text-xs text-slate-600">
        <Trans>
          Up to {max} photos, JPEG, PNG or WebP, each up to {maxMb}MB.
        </Trans>
      </p>
    </div>
  );
}

function RemoveImage({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute -top-2 -right-2 rounded-full bg-red-700 p-1 text-white shadow hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
    >
      <X aria-hidden="true" className="size-3.5" />
    </button>
  );
}
