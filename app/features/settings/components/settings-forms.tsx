import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useFetcher } from "react-router";
import { TextField } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  generalSettingsSchema,
  LOGIN_ATTEMPT_BOUNDS,
  notificationSettingsSchema,
  securitySettingsSchema,
  SESSION_DURATION_BOUNDS,
  type AdminSettings,
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
function SwitchRow({ field, label, description, defaultChecked }: { field: SwitchField; label: string; description: string; defaultChecked: boolean }) {
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
} as const;

function useSettingsForm<S extends SettingsSection>(section: S) {
  const { i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const toast = SAVED_TOASTS[section];
  useActionToast(fetcher.data, { success: { title: i18n._(toast.title), description: i18n._(toast.description) } });
  return { fetcher, pending: fetcher.state !== "idle" };
}

function SectionCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </Card>
  );
}

export function GeneralSettingsForm({ values }: { values: AdminSettings["general"] }) {
  const { t } = useLingui();
  const { fetcher, pending } = useSettingsForm("general");
  const [form, fields] = useValidatedForm({ id: "general-settings", schema: generalSettingsSchema });
  return (
    <SectionCard title={t`General Settings`} description={t`Platform-wide preferences.`}>
      <fetcher.Form method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="general" />
        <div className="divide-y divide-slate-200">
          <SwitchRow field={fields.maintenanceMode} label={t`Maintenance Mode`} description={t`Prevents users from accessing the platform`} defaultChecked={values.maintenanceMode} />
          <SwitchRow
            field={fields.autoApproveSubmissions}
            label={t`Auto-approve Submissions`}
            description={t`Approve Zelle payment proofs automatically on receipt`}
            defaultChecked={values.autoApproveSubmissions}
          />
        </div>
        <div className="grid gap-4 pt-2 sm:grid-cols-2">
          <TextField field={fields.companyName} label={t`Company Name`} defaultValue={values.companyName} />
          <TextField field={fields.supportEmail} label={t`Support Email`} type="email" defaultValue={values.supportEmail} />
          <TextField
            field={fields.zelleRecipientName}
            label={t`Zelle Recipient Name`}
            defaultValue={values.zelleRecipientName}
            placeholder={values.companyName}
            maxLength={100}
            hint={t`The name on the account that receives Zelle transfers, shown to customers when they pay. Empty: the company name.`}
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
  const { fetcher, pending } = useSettingsForm("notifications");
  const [form, fields] = useValidatedForm({ id: "notification-settings", schema: notificationSettingsSchema });
  return (
    <SectionCard title={t`Notification Settings`} description={t`Which events reach the admins, and how.`}>
      <fetcher.Form method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="notifications" />
        <div className="divide-y divide-slate-200">
          <SwitchRow field={fields.emailNotifications} label={t`Email Notifications`} description={t`Receive notifications via email`} defaultChecked={values.emailNotifications} />
          <SwitchRow field={fields.pushNotifications} label={t`Push Notifications`} description={t`Receive in-app notifications`} defaultChecked={values.pushNotifications} />
          <SwitchRow field={fields.newUserRegistration} label={t`New user registration`} description={t`When a customer creates an account`} defaultChecked={values.newUserRegistration} />
          <SwitchRow field={fields.newSubmission} label={t`New submission received`} description={t`Payment proofs and information forms`} defaultChecked={values.newSubmission} />
          <SwitchRow field={fields.profileUpdates} label={t`User profile updates`} description={t`When a customer changes their profile`} defaultChecked={values.profileUpdates} />
          <SwitchRow field={fields.systemErrors} label={t`System errors`} description={t`When the server fails (at most once per 10 minutes per kind)`} defaultChecked={values.systemErrors} />
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
  const { fetcher, pending } = useSettingsForm("security");
  const [form, fields] = useValidatedForm({ id: "security-settings", schema: securitySettingsSchema });
  return (
    <SectionCard title={t`Security Settings`} description={t`Admin sessions and sign-in protection.`}>
      <fetcher.Form method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="security" />
        <div className="divide-y divide-slate-200">
          <SwitchRow field={fields.twoFactor} label={t`Two-Factor Authentication`} description={t`Require two-factor authentication for admin accounts`} defaultChecked={values.twoFactor} />
          <SwitchRow field={fields.sessionTimeout} label={t`Session Timeout`} description={t`Sign admins out after the session duration without activity`} defaultChecked={values.sessionTimeout} />
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
