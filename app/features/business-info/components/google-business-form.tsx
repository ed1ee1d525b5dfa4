import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { ConfirmSubmissionDialog, EditInformationButton, FormActions } from "~/components/forms/edit-controls";
import { FormSection, TextField } from "~/components/forms/form-section";
import { ImageListField, ImageUploadField } from "~/components/forms/image-upload-field";
import { TextListInput } from "~/components/forms/text-list-input";
import { useConfirmedSubmit } from "~/components/forms/use-confirmed-submit";
import { formatUsPhone, PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import { useHydrated } from "~/lib/use-hydrated";
import { cleanTextList, localToday } from "../business-rules";
import { googleBusinessFormSchema } from "../google-business.schemas";
import type { GoogleBusinessInfoView } from "../google-business-views";
import { GmailInfoDialogs } from "./gmail-info-dialogs";
import { GoogleBusinessReadOnly } from "./google-business-read-only";

const cleanCities = (values: readonly string[]) => cleanTextList(values, { unique: true });

/**
 * The Google Business page's content: editable while nothing is saved; afterwards read-only with 'Edit
 * Information', and while editing, Cancel goes back to the saved values.
 */
export function GoogleBusinessInformation({ info }: { info: GoogleBusinessInfoView | null }) {
  const [editing, setEditing] = useState(false);
  if (info && !editing) {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            <Trans>Your information has been submitted. You can edit it at any time.</Trans>
          </p>
          <EditInformationButton onEdit={() => setEditing(true)} />
        </div>
        <GoogleBusinessReadOnly info={info} password={<span className="font-mono">••••••••</span>} />
      </div>
    );
  }
  return <GoogleBusinessForm info={info} onDone={() => setEditing(false)} />;
}

/** Phone numbers are formatted as typed, US style. */
function formatPhoneInput(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  input.value = formatUsPhone(input.value);
}

function GoogleBusinessForm({ info, onDone }: { info: GoogleBusinessInfoView | null; onDone: () => void }) {
  const { t } = useLingui();
  const tooLarge = t`File too large`;
  const [cities, setCities] = useState<string[]>(info?.serviceCities ?? []);
  const [logo, setLogo] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [keptPhotos, setKeptPhotos] = useState<string[]>(info?.photos.map((photo) => photo.url) ?? []);
  // The date picker stops at the browser's own today, once hydrated (the server's zone may differ).
  const hydrated = useHydrated();
  const maxDate = hydrated ? localToday() : undefined;
  const passwordSaved = info?.gmailPassword.isSet ?? false;
  const schema = useMemo(() => googleBusinessFormSchema({ passwordSaved }), [passwordSaved]);
  const { form, fields, pending, dialog } = useConfirmedSubmit({
    id: "google-business-form",
    schema: schema,
    successTitle: t`Your information has been saved successfully`,
    onDone,
    addFiles(data) {
      if (logo) data.set("logo", logo);
      for (const photo of photos) data.append("photos", photo);
    },
  });

  return (
    <form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <FormSection
        title={t`Gmail Credentials`}
        description={t`The Google account your Business Profile will belong to.`}
        action={<GmailInfoDialogs />}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.gmailEmail} label={t`Gmail Email`} required type="email" autoComplete="off" defaultValue={info?.gmailEmail} />
          <TextField
            field={fields.gmailPassword}
            label={t`Gmail Password`}
            required={!passwordSaved}
            type="password"
            autoComplete="new-password"
            hint={passwordSaved ? t`Saved. Leave empty to keep it.` : undefined}
          />
        </div>
      </FormSection>

      <FormSection title={t`Business Information`}>
        <ImageUploadField
          kind="google-logo"
          label={t`Logo`}
          saved={info?.logo ?? null}
          file={logo}
          onFile={setLogo}
          titles={{ tooLarge }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.legalBusinessName} label={t`Legal Business Name`} required defaultValue={info?.legalBusinessName} />
          <TextField field={fields.serviceType} label={t`Type of Service`} required defaultValue={info?.serviceType} placeholder={t`e.g. Plumbing`} />
          <TextField field={fields.openingDate} label={t`Opening Date`} required type="date" max={maxDate} defaultValue={info?.openingDate} />
          <TextField
            field={fields.phoneNumber}
            label={t`Phone Number`}
            required
            type="tel"
            inputMode="tel"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="(555) 123-4567"
            defaultValue={info?.phoneNumber}
            onInput={formatPhoneInput}
          />
          <TextField field={fields.website} label={t`Website`} type="url" placeholder="https://" defaultValue={info?.website ?? ""} className="sm:col-span-2" />
        </div>
      </FormSection>

      <FormSection title={t`Social Media Links`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.facebookLink} label="Facebook" type="url" placeholder="https://facebook.com/..." defaultValue={info?.facebookLink ?? ""} />
          <TextField field={fields.instagramLink} label="Instagram" type="url" placeholder="https://instagram.com/..." defaultValue={info?.instagramLink ?? ""} />
          <TextField field={fields.linkedinLink} label="LinkedIn" type="url" placeholder="https://linkedin.com/..." defaultValue={info?.linkedinLink ?? ""} />
        </div>
      </FormSection>

      <FormSection title={t`Business Address`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.address} label={t`Street Address`} required autoComplete="street-address" defaultValue={info?.address} className="sm:col-span-2" />
          <TextField field={fields.aptSuite} label={t`Apt/Suite`} defaultValue={info?.aptSuite ?? ""} />
          <TextField field={fields.city} label={t`City`} required autoComplete="address-level2" defaultValue={info?.city} />
          <TextField field={fields.state} label={t`State`} required autoComplete="address-level1" defaultValue={info?.state} />
          <TextField field={fields.zip} label={t`ZIP Code`} required autoComplete="postal-code" inputMode="numeric" defaultValue={info?.zip} />
        </div>
      </FormSection>

      {/* Not among the spec's required-marked fields, though at least one city is required. */}
      <FormSection title={t`Service Cities`} description={t`The cities where you offer your services (at least one).`}>
        <TextListInput
          field={fields.serviceCities}
          label={t`Service City`}
          values={cities}
          onChange={setCities}
          clean={cleanCities}
          placeholder={t`e.g. Miami`}
        />
      </FormSection>

      <FormSection title={t`Business Photos`} description={t`Photos of your work, team or premises.`}>
        {keptPhotos.map((url, index) => (
          <input key={url} type="hidden" name={`${fields.keepPhotos.name}[${index}]`} value={url} />
        ))}
        <ImageListField
          kind="google-photo"
          label={t`Business Photos`}
          saved={info?.photos ?? []}
          kept={keptPhotos}
          onKept={setKeptPhotos}
          files={photos}
          onFiles={setPhotos}
          titles={{ tooLarge, tooMany: t`Too many photos` }}
        />
      </FormSection>

      <FormActions canCancel={info !== null} onCancel={onDone} pending={pending} submitLabel={info ? t`Save Changes` : t`Submit Information`} />
      <ConfirmSubmissionDialog
        {...dialog}
        description={t`Please confirm that your Google Business information is correct before submitting.`}
      />
    </form>
  );
}
