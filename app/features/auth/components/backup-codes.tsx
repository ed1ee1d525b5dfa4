import { useLingui } from "@lingui/react/macro";
import { Check, Copy, Download } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";

/** How long 'Copied' stays on the button before it reads 'Copy' again. */
const COPIED_FOR_MS = 2500;

/**
 * The backup codes shown once at the end of two-factor enrolment, with the two ways people keep them:
 * copied to the clipboard (the button says 'Copied' once it worked) or downloaded as a text file.
 */
export function BackupCodes({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const text = [t`Two-factor backup codes for ${email}`, t`Each code works once.`, "", ...codes, ""].join("\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      notify.error(t`Could not copy the codes. Select them and copy them by hand, or download them.`);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the link; the address is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="space-y-3">
      <ul aria-label={t`Backup codes`} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t`Copied` : t`Copy`}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t`Download`}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t`Backup codes copied to the clipboard` : ""}
      </p>
    </div>
  );
}
