import { getFormProps } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FormSection, TextField, type FieldMeta } from "~/components/forms/form-section";
import { ImageUploadField } from "~/components/forms/image-upload-field";
import { TextListInput } from "~/components/forms/text-list-input";
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
import { cleanTextList } from "~/features/information/information-rules";
import { PALETTE, paletteColor } from "../palette";
import { websiteInfoFormSchema } from "../website-info.schemas";
import type { WebsiteAccessView, WebsiteInfoView } from "../website-info-views";
import { WebsiteInfoReadOnly } from "./website-info-read-only";

const cleanList = (values: readonly string[]) => cleanTextList(values, { unique: false });

/** The Website page's content, in the information kit's panel; an empty form starts from `prefill`. */
export function WebsiteInformation({
  info,
  prefill,
}: {
  info: WebsiteInfoView | null;
  prefill: InformationPrefill | null;
}) {
  return (
    <InformationPanel
      info={info}
      submitted={<Trans>Your website information has been submitted. You can edit it at any time.</Trans>}
      readOnly={(saved) => (
        <WebsiteInfoReadOnly info={saved} password={(type) => (saved[type].password.isSet ? MASKED_PASSWORD : null)} />
      )}
      form={(onDone) => <WebsiteInfoForm info={info} prefill={info ? null : prefill} onDone={onDone} />}
    />
  );
}

type Fields = ReturnType<typeof useConfirmedSubmit<typeof websiteInfoFormSchema>>["fields"];

// Whole labels per kind, so each reads naturally in Spanish ('Proveedor del dominio').
const ACCESS_LABELS: Record<
  "domain" | "hosting",
  { provider: MessageDescriptor; username: MessageDescriptor; password: MessageDescriptor }
> = {
  domain: { provider: msg`Domain Provider`, username: msg`Domain Username`, password: msg`Domain Password` },
  hosting: { provider: msg`Hosting Provider`, username: msg`Hosting Username`, password: msg`Hosting Password` },
};

/**
 * A "has domain" / "has hosting" box revealing provider, username and password. Ticking or unticking
 * clears the three: the inputs are remounted empty; until then they show the saved values.
 */
function AccessFields({
  kind,
  label,
  checked,
  onChecked,
  provider,
  access,
  fields,
}: {
  kind: "domain" | "hosting";
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  provider: string | null;
  access: WebsiteAccessView | undefined;
  fields: Fields;
}) {
  const { t, i18n } = useLingui();
  const [cleared, setCleared] = useState(false);
  const meta = (name: "Provider" | "Username" | "Password"): FieldMeta => fields[`${kind}${name}`];
  const boxId = `${kind}-box`;
  const hasField = kind === "domain" ? fields.hasDomain : fields.hasHosting;
  const labels = ACCESS_LABELS[kind];
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <input
          id={boxId}
          type="checkbox"
          name={hasField.name}
          checked={checked}
          onChange={(event) => {
            onChecked(event.currentTarget.checked);
            setCleared(true);
          }}
          className="size-4 rounded border-slate-300 accent-blue-700"
        />
        <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {checked ? (
        <div key={String(cleared)} className="grid gap-4 sm:grid-cols-3">
          <TextField
            field={meta("Provider")}
            label={i18n._(labels.provider)}
            defaultValue={cleared ? "" : (provider ?? "")}
          />
          <TextField
            field={meta("Username")}
            label={i18n._(labels.username)}
            autoComplete="off"
            defaultValue={cleared ? "" : (access?.username ?? "")}
          />
          <TextField
            field={meta("Password")}
            label={i18n._(labels.password)}
            type="password"
            autoComplete="new-password"
            hint={!cleared && access?.password.isSet ? t`Saved. Leave empty to keep it.` : undefined}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The 20 named swatches as a radio group: arrow keys move between them, the chosen name is shown. */
function BrandColors({
  field,
  value,
  onChange,
}: {
  field: FieldMeta;
  value: string | null;
  onChange: (hex: string) => void;
}) {
  const { t, i18n } = useLingui();
  const chosen = paletteColor(value);
  const chosenName = chosen ? i18n._(chosen.label) : "";
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t`Primary Color`}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-5 lg:grid-cols-10">
        {PALETTE.map((color) => (
          <label
            key={color.hex}
            className="group flex cursor-pointer flex-col items-center gap-1 text-center text-xs text-slate-700"
          >
            <input
              type="radio"
              name={field.name}
              value={color.hex}
              checked={value === color.hex}
              onChange={() => onChange(color.hex)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="size-9 rounded-full border-2 border-white shadow ring-2 ring-slate-200 peer-checked:ring-slate-900 peer-focus-visible:ring-blue-600"
              style={{ backgroundColor: color.hex }}
            />
            <span>{i18n._(color.label)}</span>
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {chosen ? t`Selected: ${chosenName} (${chosen.hex})` : t`No color selected`}
      </p>
    </fieldset>
  );
}

function WebsiteInfoForm({
  info,
  prefill,
  onDone,
}: {
  info: WebsiteInfoView | null;
  prefill: InformationPrefill | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  // The saved information, else what the customer gave elsewhere.
  const shown = info ?? prefill?.values ?? null;
  const [hasDomain, setHasDomain] = useState(info?.hasDomain ?? false);
  const [hasHosting, setHasHosting] = useState(info?.hasHosting ?? false);
  const [color, setColor] = useState<string | null>(info?.primaryColor ?? null);
  const [serviceTypes, setServiceTypes] = useState<string[]>(shown?.serviceTypes ?? []);
  const [cities, setCities] = useState<string[]>(shown?.serviceCities ?? []);
  const [logo, setLogo] = useState<File | null>(null);
  usePrefilledFile(prefill?.values.logo, "logo", setLogo);
  const [founderPhoto, setFounderPhoto] = useState<File | null>(null);
  const { form, fields, pending, dialog } = useConfirmedSubmit({
    id: "website-info-form",
    schema: websiteInfoFormSchema,
    successTitle: t`Website information submitted successfully`,
    onDone,
    addFiles(data) {
      if (logo) data.set("logo", logo);
      if (founderPhoto) data.set("founderPhoto", founderPhoto);
    },
  });

  return (
    <form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      {prefill ? <PrefillNote from={prefill.from} /> : null}
      <FormSection title={t`Domain & Hosting`} description={t`Tell us whether you already have a domain and hosting.`}>
        <AccessFields
          kind="domain"
          label={t`I already have a domain`}
          checked={hasDomain}
          onChecked={setHasDomain}
          provider={info?.domainProvider ?? null}
          access={info?.domain}
          fields={fields}
        />
        <AccessFields
          kind="hosting"
          label={t`I already have hosting`}
          checked={hasHosting}
          onChecked={setHasHosting}
          provider={info?.hostingProvider ?? null}
          access={info?.hosting}
          fields={fields}
        />
      </FormSection>

      <FormSection title={t`Brand Colors`} description={t`Choose the main color of your website.`}>
        <BrandColors field={fields.primaryColor} value={color} onChange={setColor} />
      </FormSection>

      <FormSection title={t`Visual Assets`}>
        <div className="grid gap-6 sm:grid-cols-2">
          <ImageUploadField
            kind="website-logo"
            label={t`Logo`}
            saved={info?.logo ?? null}
            file={logo}
            onFile={setLogo}
          />
          <ImageUploadField
            kind="founder-photo"
            label={t`Founder Photo`}
            saved={info?.founderPhoto ?? null}
            file={founderPhoto}
            onFile={setFounderPhoto}
          />
        </div>
      </FormSection>

      <FormSection title={t`Business Information`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.legalBusinessName}
            label={t`Legal Business Name`}
            required
            defaultValue={shown?.legalBusinessName}
          />
          <PhoneField field={fields.phoneNumber} saved={shown?.phoneNumber} />
        </div>
        <TextListInput
          field={fields.serviceTypes}
          label={t`Service Type`}
          values={serviceTypes}
          onChange={setServiceTypes}
          clean={cleanList}
          required
          placeholder={t`e.g. Roof repair`}
          revalidate={() => form.validate({ name: fields.serviceTypes.name })}
        />
        <SocialLinkFields fields={fields} info={shown} columns="sm:grid-cols-3" />
        <ServiceCitiesInput
          field={fields.serviceCities}
          values={cities}
          onChange={setCities}
          unique={false}
          marked
          revalidate={() => form.validate({ name: fields.serviceCities.name })}
        />
      </FormSection>

      <FormSection title={t`Location`}>
        <AddressFields fields={fields} info={shown} />
      </FormSection>

      <InformationFormActions
        saved={info !== null}
        onDone={onDone}
        pending={pending}
        dialog={dialog}
        confirmation={t`Please confirm that your website information is correct before submitting.`}
      />
    </form>
  );
}
