import { getFormProps } from "@conform-to/react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { TextField } from "~/components/forms/form-section";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import {
  RETENTION_BOUNDS,
  retentionSettingsSchema,
  type RetentionSettings as RetentionValues,
} from "~/domain/admin-settings";
import { SectionCard, useSettingsForm } from "~/features/settings/components/settings-forms";
import { SAVE_SETTINGS_INTENT } from "~/features/settings/two-factor-views";
import type { RetentionRun } from "../retention";

/** When the clean-up last ran and what it removed; or that it has not run yet. */
function LastRun({ lastRun }: { lastRun: RetentionRun | null }) {
  const { t } = useLingui();
  if (!lastRun) {
    return (
      <p className="text-sm text-slate-600" data-testid="retention-last-run">
        {t`The clean-up has not run yet. It runs once a day.`}
      </p>
    );
  }
  const { readNotifications, auditEvents, sentEmails, lostLeads } = lastRun.removed;
  const removed = [
    t`${plural(readNotifications, { one: "# read notification", other: "# read notifications" })}`,
    t`${plural(auditEvents, { one: "# audit event", other: "# audit events" })}`,
    t`${plural(sentEmails, { one: "# e-mail", other: "# e-mails" })}`,
    t`${plural(lostLeads, { one: "# lost lead", other: "# lost leads" })}`,
  ].join(", ");
  return (
    <div className="space-y-0.5 text-sm text-slate-600" data-testid="retention-last-run">
      <p>
        <Trans>
          Last clean-up: <LocalDateTime iso={lastRun.startedAt} options={{ dateStyle: "medium", timeStyle: "short" }} />
        </Trans>
      </p>
      <p>{t`Removed: ${removed}`}</p>
    </div>
  );
}

/**
 * The Database tab's retention: how many days read notifications, audit events, sent e-mails and lost leads are kept. A daily
 * clean-up (one instance at a time) removes what is older; unread notifications and e-mails still waiting to be
 * sent are never removed.
 */
export function RetentionSettings({ values, lastRun }: { values: RetentionValues; lastRun: RetentionRun | null }) {
  const { t } = useLingui();
  const { fetcher, pending, formKey } = useSettingsForm("retention", values);
  const [form, fields] = useValidatedForm({ id: "retention-settings", schema: retentionSettingsSchema });
  const days = (key: keyof RetentionValues) => ({
    type: "number",
    inputMode: "numeric" as const,
    min: RETENTION_BOUNDS[key].min,
    max: RETENTION_BOUNDS[key].max,
    defaultValue: values[key],
  });
  return (
    <SectionCard
      title={t`Data Retention`}
      description={t`How long old records are kept. Once a day, a clean-up removes what is older.`}
    >
      <fetcher.Form key={formKey} method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
        <input type="hidden" name="section" value="retention" />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            field={fields.readNotificationsDays}
            label={t`Read notifications (days)`}
            hint={t`Unread notifications are always kept.`}
            {...days("readNotificationsDays")}
          />
          <TextField
            field={fields.auditEventsDays}
            label={t`Audit events (days)`}
            hint={t`The activity log: who did what, and which secrets were revealed.`}
            {...days("auditEventsDays")}
          />
          <TextField
            field={fields.sentEmailsDays}
            label={t`Sent e-mails (days)`}
            hint={t`Sent, failed or interrupted. E-mails waiting to be sent are always kept.`}
            {...days("sentEmailsDays")}
          />
          <TextField
            field={fields.lostLeadsDays}
            label={t`Lost leads (days)`}
            hint={t`Counted from the lead's last change or message; its timeline goes with it.`}
            {...days("lostLeadsDays")}
          />
        </div>
        <LastRun lastRun={lastRun} />
        <div>
          <Button type="submit" disabled={pending}>
            {t`Save Retention Settings`}
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}
