import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { EmptyValue } from "~/components/forms/read-only-view";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import type { CredentialSecretField, MaskedSecret } from "~/lib/secrets/secrets";
import { revealCredentialField } from "../reveal-secret-client";

const MASK = "••••••••";

/**
 * A stored secret shown masked; Show asks the server for it (an audited reveal), Hide forgets it. Give it a
 * `key` that changes with the stored row, so a revealed value never outlives the value it was.
 */
export function SecretValue({
  credentialId,
  field,
  label,
  secret,
  multiline = false,
}: {
  credentialId: string | null;
  field: CredentialSecretField;
  label: string;
  secret: MaskedSecret;
  multiline?: boolean;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!secret.isSet || !credentialId) return <EmptyValue />;
  const shown = value !== null;
  const toggle = async () => {
    if (shown) {
      setValue(null);
      return;
    }
    setPending(true);
    try {
      setValue((await revealCredentialField(credentialId, field)) ?? "");
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t`Could not show the value`);
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="flex min-w-0 items-start gap-2">
      <span
        className={
          multiline && shown ? "min-w-0 flex-1 break-words whitespace-pre-wrap" : "min-w-0 flex-1 font-mono break-all"
        }
        data-testid={`secret-${field}`}
      >
        {shown ? value : MASK}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-7 shrink-0 px-2"
        aria-label={shown ? t`Hide ${label}` : t`Show ${label}`}
        aria-pressed={shown}
        disabled={pending}
        onClick={() => void toggle()}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </span>
  );
}
