import { getFormProps } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { TextField } from "~/components/forms/form-section";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { reminderSettingsSchema, type ReminderSettings as ReminderValues } from "~/domain/admin-settings";
import {
  REMINDER_DAY_BOUNDS,
  REMINDER_KINDS,
  REMINDER_MAX_STEPS,
  REMINDER_SETTING_KEYS,
  type ReminderKind,
} from "~/domain/reminder-schedules";
import { SectionCard, SwitchRow, useSettingsForm } from "~/features/settings/components/settings-forms";
import { SAVE_SETTINGS_INTENT } from "~/features/settings/two-factor-views";

/** Each kind's switch: what waits on the customer, and from when its days are counted. */
const KIND_TEXTS: Record<ReminderKind, { label: MessageDescriptor; description: MessageDescriptor }> = {
  unpaid_signup: { label: msg`Signed up, nothing paid`, description: msg`Counted from the sign-up.` },
  information_form: {
    label: msg`Paid, information form not sent`,
    description: msg`Counted from the payment's completion.`,
  },
  approval_round: {
    label: msg`Approval waiting`,
    description: msg`Counted from when the round was sent for approval.`,
  },
  second_payment: {
    label: msg`Website's second payment due`,
    description: msg`Counted from when the website reached Review & Client Approval.`,
  },
  rejected_payment: { label: msg`Rejected payment not sent again`, description: msg`Counted from the rejection.` },
  unread_messages: {
    label: msg`Unread messages from the team`,
    description: msg`Counted from the oldest unread message; one e-mail lists them all.`,
  },
};

/**
 * The Reminders tab: each kind of reminder on or off, and the days after the thing started waiting on the customer
 * on which one goes out. The job reads the settings at each run, so a save is in force on every instance at its next
 * run.
 */
export function ReminderSettings({ values }: { values: ReminderValues }) {
  const { t, i18n } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("reminders", values);
  const [form, fields] = useValidatedForm({ id: "reminder-settings", schema: reminderSettingsSchema });
  const { min, max } = REMINDER_DAY_BOUNDS;
  const steps = REMINDER_MAX_STEPS;
  return (
    <SectionCard
      title={t`Reminders`}
      description={t`What the customers are reminded of when something waits on them, and after how many days. A customer gets one reminder e-mail a day at most.`}
    >
      <fetcher.Form key={formKey} method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="reminders" />
        <div className="divide-y divide-slate-200">
          {REMINDER_KINDS.map((kind) => {
            const keys = REMINDER_SETTING_KEYS[kind];
            const label = i18n._(KIND_TEXTS[kind].label);
            return (
              <fieldset key={kind} className="pb-4" data-testid={`reminder-${kind}`}>
                <legend className="sr-only">{label}</legend>
                <SwitchRow
                  field={fields[keys.on]}
                  label={label}
                  description={i18n._(KIND_TEXTS[kind].description)}
                  defaultChecked={values[keys.on]}
                />
                <TextField
                  field={fields[keys.days]}
                  label={t`Days after it starts waiting`}
                  defaultValue={values[keys.days].join(", ")}
                  autoComplete="off"
                  spellCheck={false}
                  className="max-w-xs"
                  hint={t`Whole days from ${min} to ${max}, separated by commas; at most ${steps}.`}
                />
              </fieldset>
            );
          })}
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {t`Save Reminder Settings`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}
