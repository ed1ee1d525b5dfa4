import { useLingui } from "@lingui/react/macro";
import { Info } from "lucide-react";
import { useEffect } from "react";
import type { StoredImageView } from "~/lib/storage/stored-files";
import type { PrefillSource } from "../information-prefill";

/** The line atop an empty form that was filled in from what the customer already gave, naming where from. */
export function PrefillNote({ from }: { from: PrefillSource }) {
  const { t } = useLingui();
  const text = {
    google_business: t`Filled in from your Google Business Profile information. Check each field before you submit.`,
    website: t`Filled in from your website information. Check each field before you submit.`,
    signup: t`Your business name and phone number are filled in from your sign-up. Check them before you submit.`,
  }[from];
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
      data-testid="prefill-note"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

/**
 * The other form's saved image (the logo), fetched once and handed over as the customer's chosen file: it is then
 * shown, removable and sent like a file they picked, through the same checks. A failed fetch leaves the field empty.
 * `onFile` must keep its identity (a state setter).
 */
export function usePrefilledFile(
  image: StoredImageView | null | undefined,
  name: string,
  onFile: (file: File) => void,
): void {
  const url = image?.url;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (blob) onFile(new File([blob], `${name}.${blob.type.split("/")[1] ?? "png"}`, { type: blob.type }));
      })
      .catch(() => {});
    return () => controller.abort();
  }, [url, name, onFile]);
}
