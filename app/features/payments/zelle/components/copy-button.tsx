import { useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";

/** How long the button says 'Copied' after a copy. */
const COPIED_MS = 2000;

/**
 * Copies one value to the clipboard: `label` names what it copies for screen readers ('Copy the amount'); the
 * button then says 'Copied' for a moment, and a polite status announces it.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      notify.error(t`Could not copy. Please select the text and copy it.`);
    }
  };
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-label={label} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span aria-hidden="true">{copied ? t`Copied` : t`Copy`}</span>
      </Button>
      <span role="status" className="sr-only">
        {copied ? t`Copied` : ""}
      </span>
    </>
  );
}
