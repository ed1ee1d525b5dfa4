import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { FormSection, TextField } from "~/components/forms/form-section";
import { ImageListField, ImageUploadField } from "~/components/forms/image-upload-field";
import { useConfirmedSubmit } from "~/components/forms/use-confirmed-submit";
import {
  AddressFields,
  InformationFormActions,
  PhoneField,
  ServiceCitiesInput,
  SocialLinkFields,
} from "~/features/information/components/information-fields";
import { InformationPanel, MASKED_PASSWORD } from "~/features/information/components/information-panel";
import { PrefillNote, usePrefilledFile } from "~/features/information/components/prefill";
import type { InformationPrefill } from "~/features/information/information-prefill";
import { useHydrated } from "~/lib/use-hydrated";
import { localToday } from "~/features/information/information-rules";
import { googleBusinessFormSchema } from "../google-business.schemas";
import type { GoogleBusinessInfoView } from "../google-business-views";
import { GmailInfoDialogs } from "./gmail-info-dialogs";
import { GoogleBusinessReadOnly } from "./google-business-read-only";

/** The Google Business page's content, in the information kit's panel; an empty form starts from `prefill`. */
export function GoogleBusinessInformation({
  info,
  prefill,
}: {
  info: GoogleBusinessInfoView | null;
  prefill: InformationPrefill | null;
}) {
  return (
    <InformationPanel
      info={info}
      submitted={<Trans>Your information has been submitted. You can edit it at any time.</Trans>}
      readOnly={(saved) => <GoogleBusinessReadOnly info={saved} password={MASKED_PASSWORD} />}
      form={(onDone) => <GoogleBusinessForm info={info} prefill={info ? null : prefill} onDone={onDone} />}
    />
  );
}

function GoogleBusinessForm({
  info,
  prefill,
  onDone,
}: {
  info: GoogleBusinessInfoView | null;
  prefill: InformationPrefill | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const tooLarge = t`File too large`;
  // The saved information, else what the customer gave elsewhere.
  const shown = info ?? prefill?.values ?? null;
  const [cities, setCities] = useState<string[]>(shown?.serviceCities ?? []);
  const [logo, setLogo] = useState<File | null>(null);
  usePrefilledFile(prefill?.values.logo, "logo", setLogo);
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
      {prefill ? <PrefillNote from={prefill.from} /> : null}
      <FormSection
        title={t`Gmail Credentials`}
        description={t`The Google account your Business Profile will belong to.`}
        action={<GmailInfoDialogs />}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.gmailEmail}
            label={t`Gmail Email`}
            required
            type="email"
            autoComplete="off"
            defaultValue={info?.gmailEmail}
          />
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
          <TextField
            field={fields.legalBusinessName}
            label={t`Legal Business Name`}
            required
            defaultValue={shown?.legalBusinessName}
          />
          <TextField
            field={fields.serviceType}
            label={t`Type of Service`}
            required
            defaultValue={shown?.serviceType}
            placeholder={t`e.g. Plumbing`}
          />
          <TextField
            field={fields.openingDate}
            label={t`Opening Date`}
            required
            type="date"
            max={maxDate}
            defaultValue={info?.openingDate}
          />
          <PhoneField field={fields.phoneNumber} saved={shown?.phoneNumber} />
          <TextField
            field={fields.website}
            label={t`Website`}
            type="url"
            placeholder="https://"
            defaultValue={info?.website ?? ""}
            className="sm:col-span-2"
          />
        </div>
      </FormSection>

      <FormSection title={t`Social Media Links`}>
        <SocialLinkFields fields={fields} info={shown} columns="sm:grid-cols-2" />
      </FormSection>

      <FormSection title={t`Business Address`}>
        <AddressFields fields={fields} info={shown} />
      </FormSection>

      {/* Not marked required on the page, though at least one city is required. */}
      <FormSection title={t`Service Cities`} description={t`The cities where you offer your services (at least one).`}>
        <ServiceCitiesInput
          field={fields.serviceCities}
          values={cities}
          onChange={setCities}
          unique
          revalidate={() => form.validate({ name: fields.serviceCities.name })}
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

      <InformationFormActions
        saved={info !== null}
        onDone={onDone}
        pending={pending}
        dialog={dialog}
        confirmation={t`Please confirm that your Google Business information is correct before submitting.`}
      />
    </form>
  );
}
