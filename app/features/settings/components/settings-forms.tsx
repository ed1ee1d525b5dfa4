import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { FieldError, TextField, type FieldMeta } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import {
  COMPANY_ADDRESS_MAX_LENGTH,
  generalSettingsSchema,
  LEGAL_TEXT_MAX_LENGTH,
  legalSettingsFormSchema,
  LOGIN_ATTEMPT_BOUNDS,
  notificationSettingsSchema,
  REPLY_TIME_MAX_LENGTH,
  REVIEW_LINK_MAX_LENGTH,
  securitySettingsSchema,
  SESSION_DURATION_BOUNDS,
  TAX_ID_MAX_LENGTH,
  type AdminSettings,
  type LegalTextKey,
  type SettingsSection,
} from "~/domain/admin-settings";
import type { ActionResult } from "~/lib/http/forms";
import { SAVE_SETTINGS_INTENT } from "../two-factor-views";

interface SwitchField {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/** A labelled on/off switch: a checkbox with the switch role (Space toggles it), sent as "on" when checked. */
export function SwitchRow({
  field,
  label,
  description,
  defaultChecked,
}: {
  field: SwitchField;
  label: string;
  description: string;
  defaultChecked: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={field.id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${field.id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <input
        id={field.id}
        name={field.name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        aria-describedby={`${field.id}-description`}
        className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-700 checked:before:translate-x-5 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      />
    </div>
  );
}

/** Each section's toast after a save; Security's is this app's own (the product's button did nothing before). */
const SAVED_TOASTS = {
  general: { title: msg`Settings saved`, description: msg`General settings have been updated successfully` },
  notifications: { title: msg`Notifications updated`, description: msg`Notification preferences have been saved` },
  security: { title: msg`Security updated`, description: msg`Security settings have been saved` },
  legal: { title: msg`Legal pages updated`, description: msg`The legal pages' texts have been saved` },
  retention: { title: msg`Retention updated`, description: msg`How long old records are kept has been saved` },
  reminders: { title: msg`Reminders updated`, description: msg`The reminders' schedules have been saved` },
} as const;

/**
 * A tab's save: its fetcher, the toast its answer shows (the Database tab's retention uses it too) and the key of its
 * form element. The form element, not the component, is keyed by the stored values: another admin's save (a live
 * update) resets the fields to them, while the fetcher lives on in the component. Keying the component lost the
 * toast when the save's answer and the reload after it reached the screen in one render: the new component's
 * fetcher had no answer.
 */
export function useSettingsForm<S extends SettingsSection>(section: S, storedValues: unknown) {
  const { i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const toast = SAVED_TOASTS[section];
  useActionToast(fetcher.data, { success: { title: i18n._(toast.title), description: i18n._(toast.description) } });
  return { fetcher, pending: fetcher.state !== "idle", formKey: JSON.stringify(storedValues) };
}

export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </Card>
  );
}

/** A team member the General tab's 'Assign new customers to' offers. */
export interface AssigneeChoice {
  id: string;
  name: string;
}

/**
 * 'Assign new customers to': Nobody or an active team member. The server checks the member is still active when the
 * tab is saved; its refusal names this field, so it is shown here as well as in the toast.
 */
function AssigneeSelect({
  field,
  assignees,
  defaultValue,
  serverError,
}: {
  field: FieldMeta;
  assignees: readonly AssigneeChoice[];
  defaultValue: string;
  serverError?: string;
}) {
  const { t } = useLingui();
  const error = field.errors?.[0] ?? serverError;
  const hintId = `${field.id}-hint`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {t`Assign new customers to`}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={assignees.some((member) => member.id === defaultValue) ? defaultValue : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? field.errorId : null, hintId].filter(Boolean).join(" ")}
        className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none aria-[invalid=true]:border-red-600 sm:text-sm"
      >
        <option value="">{t`Nobody`}</option>
        {assignees.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-xs text-slate-600">
        {t`A customer who signs up is assigned to this team member, who is notified of the sign-up too.`}
      </p>
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

/** The General tab's Company Address: a few lines, printed on receipts as written. */
function CompanyAddressField({ field, defaultValue }: { field: FieldMeta; defaultValue: string }) {
  const { t } = useLingui();
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {t`Company Address`}
      </label>
      <Textarea
        id={field.id}
        name={field.name}
        rows={3}
        maxLength={COMPANY_ADDRESS_MAX_LENGTH}
        defaultValue={defaultValue}
        autoComplete="street-address"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? field.errorId : null, hintId].filter(Boolean).join(" ")}
        className="aria-[invalid=true]:border-red-600"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {t`Printed on receipts, line by line. Empty: receipts show no address.`}
      </p>
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

export function GeneralSettingsForm({
  values,
  assignees = [],
}: {
  values: AdminSettings["general"];
  assignees?: readonly AssigneeChoice[];
}) {
  const { t } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("general", values);
  const [form, fields] = useValidatedForm({ id: "general-settings", schema: generalSettingsSchema });
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <SectionCard title={t`General Settings`} description={t`Platform-wide preferences.`}>
      <fetcher.Form key={formKey} method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="general" />
        <div className="divide-y divide-slate-200">
          <SwitchRow
            field={fields.maintenanceMode}
            label={t`Maintenance Mode`}
            description={t`Prevents users from accessing the platform`}
            defaultChecked={values.maintenanceMode}
          />
          <SwitchRow
            field={fields.autoApproveSubmissions}
            label={t`Auto-approve Submissions`}
            description={t`Approve Zelle payment proofs automatically on receipt`}
            defaultChecked={values.autoApproveSubmissions}
          />
        </div>
        <div className="grid gap-4 pt-2 sm:grid-cols-2">
          <TextField field={fields.companyName} label={t`Company Name`} defaultValue={values.companyName} />
          <TextField
            field={fields.supportEmail}
            label={t`Support Email`}
            type="email"
            defaultValue={values.supportEmail}
          />
          <TextField
            field={fields.zelleRecipientName}
            label={t`Zelle Recipient Name`}
            defaultValue={values.zelleRecipientName}
            placeholder={values.companyName}
            maxLength={100}
            hint={t`The name on the account that receives Zelle transfers, shown to customers when they pay. Empty: the company name.`}
          />
          <TextField
            field={fields.messagesReplyTime}
            label={t`Reply Time`}
            defaultValue={values.messagesReplyTime}
            placeholder={t`Our team answers within one business day.`}
            maxLength={REPLY_TIME_MAX_LENGTH}
            hint={t`Shown to customers under an empty conversation in Messages. Empty: the standard line, in the customer's language.`}
          />
          <TextField
            field={fields.reviewLink}
            label={t`Review Link`}
            type="url"
            inputMode="url"
            defaultValue={values.reviewLink}
            placeholder="https://g.page/r/..."
            maxLength={REVIEW_LINK_MAX_LENGTH}
            className="sm:col-span-2"
            hint={t`Where a customer leaves a Google review (an address starting with https://), asked for once a service is finished. Empty: no review request is sent.`}
          />
          <TextField
            field={fields.bookingLink}
            label={t`Booking Link`}
            type="url"
            inputMode="url"
            defaultValue={values.bookingLink}
            placeholder="https://calendly.com/..."
            maxLength={REVIEW_LINK_MAX_LENGTH}
            className="sm:col-span-2"
            hint={t`Where a visitor books a call with you (an address starting with https://), offered on the thank-you page of the free quote form. Empty: no booking link is shown.`}
          />
          <AssigneeSelect
            field={fields.assignNewCustomersTo}
            assignees={assignees}
            defaultValue={values.assignNewCustomersTo}
            serverError={refusal?.field === "assignNewCustomersTo" ? refusal.error : undefined}
          />
          <CompanyAddressField field={fields.companyAddress} defaultValue={values.companyAddress} />
          <TextField
            field={fields.taxId}
            label={t`Tax ID`}
            defaultValue={values.taxId}
            placeholder="12-3456789"
            maxLength={TAX_ID_MAX_LENGTH}
            hint={t`The agency's tax identification number (an EIN), printed on receipts. Empty: receipts show none.`}
          />
        </div>
        <div className="pt-2">
          <Button type="submit" disabled={pending}>
            {t`Save General Settings`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}

export function NotificationSettingsForm({ values }: { values: AdminSettings["notifications"] }) {
  const { t } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("notifications", values);
  const [form, fields] = useValidatedForm({ id: "notification-settings", schema: notificationSettingsSchema });
  return (
    <SectionCard title={t`Notification Settings`} description={t`Which events reach the admins, and how.`}>
      <fetcher.Form key={formKey} method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="notifications" />
        <div className="divide-y divide-slate-200">
          <SwitchRow
            field={fields.emailNotifications}
            label={t`Email Notifications`}
            description={t`Receive notifications via email`}
            defaultChecked={values.emailNotifications}
          />
          <SwitchRow
            field={fields.pushNotifications}
            label={t`Push Notifications`}
            description={t`Receive in-app notifications`}
            defaultChecked={values.pushNotifications}
          />
          <SwitchRow
            field={fields.newUserRegistration}
            label={t`New user registration`}
            description={t`When a customer creates an account`}
            defaultChecked={values.newUserRegistration}
          />
          <SwitchRow
            field={fields.newSubmission}
            label={t`New submission received`}
            description={t`Payment proofs and information forms`}
            defaultChecked={values.newSubmission}
          />
          <SwitchRow
            field={fields.profileUpdates}
            label={t`User profile updates`}
            description={t`When a customer changes their profile`}
            defaultChecked={values.profileUpdates}
          />
          <SwitchRow
            field={fields.newMessage}
            label={t`New message received`}
            description={t`When a customer writes to the agency in Messages`}
            defaultChecked={values.newMessage}
          />
          <SwitchRow
            field={fields.newLead}
            label={t`New lead received`}
            description={t`When a visitor asks for a free quote on the website`}
            defaultChecked={values.newLead}
          />
          <SwitchRow
            field={fields.systemErrors}
            label={t`System errors`}
            description={t`When the server fails (at most once per 10 minutes per kind)`}
            defaultChecked={values.systemErrors}
          />
        </div>
        <div className="pt-2">
          <Button type="submit" disabled={pending}>
            {t`Save Notification Settings`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}

export function SecuritySettingsForm({ values }: { values: AdminSettings["security"] }) {
  const { t } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("security", values);
  const [form, fields] = useValidatedForm({ id: "security-settings", schema: securitySettingsSchema });
  return (
    <SectionCard title={t`Security Settings`} description={t`Admin sessions and sign-in protection.`}>
      <fetcher.Form key={formKey} method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="security" />
        <div className="divide-y divide-slate-200">
          <SwitchRow
            field={fields.twoFactor}
            label={t`Two-Factor Authentication`}
            description={t`Require two-factor authentication for admin accounts`}
            defaultChecked={values.twoFactor}
          />
          <SwitchRow
            field={fields.sessionTimeout}
            label={t`Session Timeout`}
            description={t`Sign admins out after the session duration without activity`}
            defaultChecked={values.sessionTimeout}
          />
        </div>
        <div className="grid gap-4 pt-2 sm:grid-cols-2">
          <TextField
            field={fields.sessionDurationMinutes}
            label={t`Session Duration (minutes)`}
            type="number"
            inputMode="numeric"
            min={SESSION_DURATION_BOUNDS.min}
            max={SESSION_DURATION_BOUNDS.max}
            defaultValue={values.sessionDurationMinutes}
          />
          <TextField
            field={fields.maxLoginAttempts}
            label={t`Max Login Attempts`}
            type="number"
            inputMode="numeric"
            min={LOGIN_ATTEMPT_BOUNDS.min}
            max={LOGIN_ATTEMPT_BOUNDS.max}
            defaultValue={values.maxLoginAttempts}
          />
        </div>
        <div className="pt-2">
          <Button type="submit" disabled={pending}>
            {t`Save Security Settings`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}

/** One legal page's text in one language in the Legal tab: the text the form starts with, the standard text, and where the page is. */
export interface LegalTextEntry {
  key: LegalTextKey;
  label: string;
  value: string;
  standard: string;
  path: string;
  /** The text's language, for the text area's `lang`. */
  lang: "en" | "es";
}

/** A legal page's text area: its label, what it takes, a link to the page and a button that puts the standard text back. */
function LegalTextField({ field, entry }: { field: FieldMeta; entry: LegalTextEntry }) {
  const { t } = useLingui();
  const area = useRef<HTMLTextAreaElement>(null);
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {entry.label}
        </label>
        <a
          href={entry.path}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded text-sm text-blue-700 underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        >
          {t`View page`}
          <span className="sr-only"> {t`(opens in a new tab)`}</span>
        </a>
      </div>
      <Textarea
        ref={area}
        id={field.id}
        name={field.name}
        rows={12}
        maxLength={LEGAL_TEXT_MAX_LENGTH}
        lang={entry.lang}
        defaultValue={entry.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? field.errorId : null, hintId].filter(Boolean).join(" ")}
        className="font-mono aria-[invalid=true]:border-red-600"
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={hintId} className="text-xs text-slate-600">
          {t`Plain text; leave a blank line between paragraphs.`}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            if (!area.current) return;
            area.current.value = entry.standard;
            area.current.focus();
          }}
        >
          {t`Use the standard text`}
        </Button>
      </div>
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

export function LegalSettingsForm({ entries }: { entries: LegalTextEntry[] }) {
  const { t } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("legal", entries);
  const [form, fields] = useValidatedForm({ id: "legal-settings", schema: legalSettingsFormSchema });
  return (
    <SectionCard
      title={t`Legal Pages`}
      description={t`The Privacy Policy, Terms of Service and Refund Policy linked from the home page's footer and the sign-up form. Each page has a text in English and one in Spanish. The standard texts follow the General tab's company name and support email; a text you change is shown as you write it, on that language's page only.`}
    >
      <fetcher.Form key={formKey} method="post" className="space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="legal" />
        {entries.map((entry) => (
          <LegalTextField key={entry.key} field={fields[entry.key]} entry={entry} />
        ))}
        <div>
          <Button type="submit" disabled={pending}>
            {t`Save Legal Pages`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}
