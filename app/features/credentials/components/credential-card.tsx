import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Save } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/http/forms";
import type { CredentialCardView } from "../credential-views";
import {
  cardErrorMessage,
  credentialCardFormSchema,
  SAVE_CARD_INTENT,
  type CredentialCardSpec,
} from "../credentials.schemas";
import { CredentialDetails, CredentialInputs } from "./credential-fields";

/** One card of the customer's Credentials page: read-only with Edit, or its form with Save (and Cancel). */
export function CredentialCard({ spec, card }: { spec: CredentialCardSpec; card: CredentialCardView }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    success: { title: t`Credentials saved successfully` },
    onSuccess: () => setEditing(false),
  });
  const [form, fields] = useValidatedForm({
    schema: credentialCardFormSchema,
    id: `credentials-${spec.type}`,
    toastMessage: (message) => cardErrorMessage(spec.type, message),
  });
  const headingId = `credentials-${spec.type}-heading`;
  const errors = Object.fromEntries(
    (["title", "websiteLink", "username", "pin", "password", "details"] as const).map((name) => [
      name,
      fields[name].errors?.[0],
    ]),
  );

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId}>{i18n._(spec.labelText)}</CardTitle>
        {editing ? null : (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value={SAVE_CARD_INTENT} />
            <input type="hidden" name="credentialType" value={spec.type} />
            <CredentialInputs spec={spec} card={card} prefix="" idPrefix={spec.type} errors={errors} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={saving}>
                <Save aria-hidden="true" />
                {saving ? t`Saving...` : t`Save`}
              </Button>
            </div>
          </fetcher.Form>
        ) : (
          <CredentialDetails spec={spec} card={card} />
        )}
      </CardContent>
    </Card>
  );
}
