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
  adminCredentialsFormSchema,
  cardErrorMessage,
  cardOfField,
  CREDENTIAL_CARDS,
  SAVE_CREDENTIALS_INTENT,
} from "../credentials.schemas";
import { CredentialDetails, CredentialInputs } from "./credential-fields";

/**
 * The admin's Credenciales tab: the viewed customer's three cards, read-only with reveals (audited), or one
 * form for all three that saves them together (one transaction, audited). Posts to the page's own action.
 */
export function AdminCredentialsTab({ cards }: { cards: CredentialCardView[] }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    success: { title: t`Credentials saved successfully` },
    onSuccess: () => setEditing(false),
  });
  const [form, fields] = useValidatedForm({
    schema: adminCredentialsFormSchema,
    id: "admin-credentials",
    toastMessage: (message, field) => {
      const type = cardOfField(field);
      return type ? cardErrorMessage(type, message) : message;
    },
  });
  const byType = new Map(cards.map((card) => [card.type, card]));
  const cardErrors = (type: string) => {
    const card = fields[type as "domain"].getFieldset();
    return Object.fromEntries(
      (["title", "websiteLink", "username", "pin", "password", "details"] as const).map((name) => [
        name,
        card[name].errors?.[0],
      ]),
    );
  };

  const content = CREDENTIAL_CARDS.map((spec) => {
    const card = byType.get(spec.type)!;
    const headingId = `admin-credentials-${spec.type}-heading`;
    return (
      <Card key={spec.type} role="region" aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle id={headingId}>{i18n._(spec.labelText)}</CardTitle>
        </CardHeader>
        <CardContent>
          {editing ? (
            <CredentialInputs
              spec={spec}
              card={card}
              prefix={`${spec.type}.`}
              idPrefix={`admin-${spec.type}`}
              errors={cardErrors(spec.type)}
            />
          ) : (
            <CredentialDetails spec={spec} card={card} />
          )}
        </CardContent>
      </Card>
    );
  });

  if (!editing) {
    return (
      <div className="space-y-4">
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
        </div>
        {content}
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={SAVE_CREDENTIALS_INTENT} />
      {content}
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
  );
}
