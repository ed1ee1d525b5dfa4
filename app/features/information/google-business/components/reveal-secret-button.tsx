import { Trans, useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { REVEAL_SECRET_PATH, type MaskedSecret } from "~/lib/secrets/secrets";

/**
 * A masked secret with a Show button: the value is asked for only on click, through the audited reveal
 * request (`POST /resources/secrets/reveal`), and hidden again with Hide.
 */
export function RevealedSecret({
  secret,
  fields,
  label,
}: {
  secret: MaskedSecret;
  /** The reveal request's form fields, e.g. `{ kind: "gmail-password", userId }`. */
  fields: Record<string, string>;
  label: string;
}) {
  const { t } = useLingui();
  const fetcher = useFetcher<{ value?: string | null; ok?: false; error?: string }>();
  const [shown, setShown] = useState(false);
  const failure = fetcher.data?.ok === false ? (fetcher.data.error ?? t`Could not reveal the password`) : null;
  useEffect(() => {
    if (failure) notify.error(failure);
  }, [fetcher.data, failure]);
  if (!secret.isSet) return <span className="text-slate-600">{t`Not set`}</span>;
  const value = shown ? fetcher.data?.value : undefined;
  const reveal = () => {
    setShown(true);
    void fetcher.submit(fields, { method: "post", action: REVEAL_SECRET_PATH });
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono" data-testid="revealed-secret">
        {shown && typeof value === "string" ? value : "••••••••"}
      </span>
      {shown ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => setShown(false)} aria-label={t`Hide ${label}`}>
          <EyeOff aria-hidden="true" />
          <Trans>Hide</Trans>
        </Button>
      ) : (
        <Button type="button" size="sm" variant="ghost" onClick={reveal} aria-label={t`Show ${label}`}>
          <Eye aria-hidden="true" />
          <Trans>Show</Trans>
        </Button>
      )}
    </span>
  );
}
