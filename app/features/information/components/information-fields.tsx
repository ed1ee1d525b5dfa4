import { useLingui } from "@lingui/react/macro";
import { ConfirmSubmissionDialog, FormActions } from "~/components/forms/edit-controls";
import { FieldError, RequiredMark, TextField, type FieldMeta } from "~/components/forms/form-section";
import { Label, Select } from "~/components/ui/input";
import { TextListInput } from "~/components/forms/text-list-input";
import { isUsStateCode, normalizeState, US_STATES } from "~/domain/us-states";
import { PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import { cleanTextList } from "../information-rules";
import type { BusinessDetailsView } from "../information-views";
import { formatPhoneInput } from "./information-panel";

type Fields<Name extends string> = Record<Name, FieldMeta>;

/** The business's phone, formatted as typed, US style. */
export function PhoneField({ field, saved }: { field: FieldMeta; saved: string | undefined }) {
  const { t } = useLingui();
  return (
    <TextField
      field={field}
      label={t`Phone Number`}
      required
      type="tel"
      inputMode="tel"
      maxLength={PHONE_INPUT_MAX_LENGTH}
      placeholder="(555) 123-4567"
      defaultValue={saved}
      onInput={formatPhoneInput}
    />
  );
}

/** The three social links, in a grid of `columns`. */
export function SocialLinkFields({
  fields,
  info,
  columns,
}: {
  fields: Fields<"facebookLink" | "instagramLink" | "linkedinLink">;
  info: Partial<BusinessDetailsView> | null;
  columns: string;
}) {
  return (
    <div className={`grid gap-4 ${columns}`}>
      <TextField
        field={fields.facebookLink}
        label="Facebook"
        type="url"
        placeholder="https://facebook.com/..."
        defaultValue={info?.facebookLink ?? ""}
      />
      <TextField
        field={fields.instagramLink}
        label="Instagram"
        type="url"
        placeholder="https://instagram.com/..."
        defaultValue={info?.instagramLink ?? ""}
      />
      <TextField
        field={fields.linkedinLink}
        label="LinkedIn"
        type="url"
        placeholder="https://linkedin.com/..."
        defaultValue={info?.linkedinLink ?? ""}
      />
    </div>
  );
}

/** The business's street address. */
export function AddressFields({
  fields,
  info,
}: {
  fields: Fields<"address" | "aptSuite" | "city" | "state" | "zip">;
  info: Partial<BusinessDetailsView> | null;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        field={fields.address}
        label={t`Street Address`}
        required
        autoComplete="street-address"
        defaultValue={info?.address}
        className="sm:col-span-2"
      />
      <TextField field={fields.aptSuite} label={t`Apt/Suite`} defaultValue={info?.aptSuite ?? ""} />
      <TextField field={fields.city} label={t`City`} required autoComplete="address-level2" defaultValue={info?.city} />
      <StateField field={fields.state} saved={info?.state} />
      <TextField
        field={fields.zip}
        label={t`ZIP Code`}
        required
        autoComplete="postal-code"
        inputMode="numeric"
        defaultValue={info?.zip}
      />
    </div>
  );
}

/**
 * The state, chosen among the 50 states and DC (stored by code). A state saved as free text before the select existed
 * is shown as it was, as an option of its own, so saving the form again keeps it.
 */
function StateField({ field, saved }: { field: FieldMeta; saved: string | undefined }) {
  const { t } = useLingui();
  const value = saved ? normalizeState(saved) : "";
  const error = field.errors?.[0];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>
        {t`State`}
        <RequiredMark />
      </Label>
      <Select
        id={field.id}
        name={field.name}
        defaultValue={value}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
        autoComplete="address-level1"
      >
        <option value="">{t`Choose a state`}</option>
        {value && !isUsStateCode(value) ? <option value={value}>{value}</option> : null}
        {US_STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </Select>
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

/** Submit (with its confirmation) and, when something is saved, Cancel. */
export function InformationFormActions({
  saved,
  onDone,
  pending,
  dialog,
  confirmation,
}: {
  saved: boolean;
  onDone: () => void;
  pending: boolean;
  dialog: Omit<React.ComponentProps<typeof ConfirmSubmissionDialog>, "description">;
  /** What the confirmation asks. */
  confirmation: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <FormActions
        canCancel={saved}
        onCancel={onDone}
        pending={pending}
        submitLabel={saved ? t`Save Changes` : t`Submit Information`}
      />
      <ConfirmSubmissionDialog {...dialog} description={confirmation} />
    </>
  );
}

/**
 * The cities the business serves, one input each. The Google form drops repeated cities (`unique`); the website
 * form keeps them. Either way at least one is required, which the website form also marks.
 */
export function ServiceCitiesInput({
  field,
  values,
  onChange,
  unique,
  marked = false,
  revalidate,
}: {
  field: FieldMeta;
  values: string[];
  onChange: (values: string[]) => void;
  unique: boolean;
  marked?: boolean;
  /** Checks the list again once its error has shown. */
  revalidate?: () => void;
}) {
  const { t } = useLingui();
  return (
    <TextListInput
      field={field}
      label={t`Service City`}
      values={values}
      onChange={onChange}
      clean={(list) => cleanTextList(list, { unique })}
      required={marked}
      placeholder={t`e.g. Miami`}
      revalidate={revalidate}
    />
  );
}
