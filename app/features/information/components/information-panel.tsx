import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { EditInformationButton } from "~/components/forms/edit-controls";
import type { ReadOnlyItem } from "~/components/forms/read-only-view";
import { ExternalLink } from "~/components/forms/read-only-view";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatUsPhone } from "~/features/auth/phone";
import type { BusinessDetailsView } from "../information-views";

/**
 * An information page's content, whichever the service: the form while nothing is saved; afterwards the saved
 * information read-only with 'Edit Information', and while editing, Cancel (`onDone`) goes back to it.
 */
export function InformationPanel<Info>({
  info,
  submitted,
  readOnly,
  form,
}: {
  info: Info | null;
  /** The line above the saved information ('Your information has been submitted...'). */
  submitted: ReactNode;
  readOnly: (info: Info) => ReactNode;
  form: (onDone: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  if (info && !editing) {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">{submitted}</p>
          <EditInformationButton onEdit={() => setEditing(true)} />
        </div>
        {readOnly(info)}
      </div>
    );
  }
  return form(() => setEditing(false));
}

/** The admin's column of a service's information on the customer page: read-only, or 'No information submitted yet'. */
export function AdminInformationCard<Info>({
  testId,
  title,
  info,
  readOnly,
}: {
  testId: string;
  title: string;
  info: Info | null;
  readOnly: (info: Info) => ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {info ? (
          readOnly(info)
        ) : (
          <p className="text-slate-600">
            <Trans>No information submitted yet</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The social links' rows of a read-only view. */
export function socialLinkItems(info: BusinessDetailsView): ReadOnlyItem[] {
  return [
    { label: "Facebook", value: <ExternalLink href={info.facebookLink} /> },
    { label: "Instagram", value: <ExternalLink href={info.instagramLink} /> },
    { label: "LinkedIn", value: <ExternalLink href={info.linkedinLink} /> },
  ];
}

/** The address's rows of a read-only view. */
export function useAddressItems(info: BusinessDetailsView): ReadOnlyItem[] {
  const { t } = useLingui();
  return [
    { label: t`Street Address`, value: info.address },
    { label: t`Apt/Suite`, value: info.aptSuite },
    { label: t`City`, value: info.city },
    { label: t`State`, value: info.state },
    { label: t`ZIP Code`, value: info.zip },
  ];
}

/** Phone numbers are formatted as typed, US style. */
export function formatPhoneInput(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  input.value = formatUsPhone(input.value);
}

/** The masked password shown where a saved one is not revealed. */
export const MASKED_PASSWORD = <span className="font-mono">••••••••</span>;
