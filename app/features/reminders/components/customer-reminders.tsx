import { Trans, useLingui } from "@lingui/react/macro";
import { BellRing, Pause, Play } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { reminderNotification } from "~/features/notifications/reminder-notifications";
import type { ActionResult } from "~/lib/http/forms";
import type { CustomerRemindersView, SentReminderView } from "../reminder-views";
import { PAUSE_REMINDERS_INTENT, SEND_REMINDER_INTENT } from "../reminders.schemas";

const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * The Reminders card of a customer's page (the Messages tab): what waits on the customer now, 'Send a reminder now'
 * (closed, and saying why, while nothing waits), 'Pause reminders' / 'Resume reminders', a note when the customer
 * turned reminders off, and the reminders sent, newest first: when, which, by whom, how it went and whether its
 * e-mail's link was opened. Both forms post to `action` (the tab's own page).
 */
export function CustomerReminders({ reminders, action }: { reminders: CustomerRemindersView; action: string }) {
  const { t } = useLingui();
  const { waiting, sent, pausedAt, optedOut } = reminders;
  return (
    <section aria-labelledby="customer-reminders-heading" data-testid="customer-reminders">
      <Card className="space-y-6 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="customer-reminders-heading" className="text-lg font-semibold text-slate-900">
            {t`Reminders`}
          </h2>
          {pausedAt ? <Badge tone="yellow">{t`Paused`}</Badge> : null}
        </div>
        {optedOut ? (
          <p
            className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
            data-testid="reminders-opted-out"
          >
            {t`The customer turned reminders off: the schedule sends them none, and a reminder sent by hand reaches their notifications only, without an e-mail.`}
          </p>
        ) : null}
        <Waiting waiting={waiting} />
        <ReminderActions waiting={waiting.length} pausedAt={pausedAt} optedOut={optedOut} action={action} />
        <Sent sent={sent} />
      </Card>
    </section>
  );
}

/** What waits on the customer now, the longest waiting first, each as its reminder words it. */
function Waiting({ waiting }: { waiting: CustomerRemindersView["waiting"] }) {
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-2">
      <h3 id="reminders-waiting-heading" className="text-sm font-semibold text-slate-900">
        {t`Waiting on the customer`}
      </h3>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">{t`Nothing is waiting on this customer now.`}</p>
      ) : (
        <ul aria-labelledby="reminders-waiting-heading" className="space-y-2">
          {waiting.map((thing, index) => {
            const { title, message } = reminderNotification(i18n, thing.data);
            return (
              // A customer has one thing of a kind and since at most once; the index keeps two of one moment apart.
              <li
                key={`${thing.kind}-${thing.since}-${index}`}
                className="rounded-lg border border-slate-200 p-3 text-sm"
                data-testid="reminder-waiting"
              >
                <p className="font-medium text-slate-900">{title}</p>
                <p className="text-slate-700">{message}</p>
                <p className="mt-1 text-slate-600">
                  <Trans>
                    Waiting since <LocalDateTime iso={thing.since} options={DAY} />
                  </Trans>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** 'Send a reminder now' and 'Pause reminders' / 'Resume reminders', each its own form with its own answer's toast. */
function ReminderActions({
  waiting,
  pausedAt,
  optedOut,
  action,
}: {
  waiting: number;
  pausedAt: string | null;
  optedOut: boolean;
  action: string;
}) {
  const { t } = useLingui();
  const send = useFetcher<ActionResult>();
  const pause = useFetcher<ActionResult>();
  useActionToast(send.data);
  useActionToast(pause.data);
  const sendHint = useId();
  const pauseHint = useId();
  const sending = send.state !== "idle";
  const switching = pause.state !== "idle";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <send.Form method="post" action={action} className="space-y-2">
        <input type="hidden" name="intent" value={SEND_REMINDER_INTENT} />
        <Button
          type="submit"
          className="w-full sm:w-auto"
          disabled={waiting === 0 || sending}
          aria-describedby={sendHint}
        >
          <BellRing aria-hidden="true" />
          {sending ? t`Sending...` : t`Send a reminder now`}
        </Button>
        <p id={sendHint} className="text-sm text-slate-600">
          {waiting === 0
            ? t`There is nothing to remind them of: a reminder can be sent once something waits on them.`
            : optedOut
              ? t`One reminder of everything waiting, now, in their notifications only.`
              : t`One reminder of everything waiting, now, by e-mail and in the portal, whatever the schedule.`}
        </p>
      </send.Form>
      <pause.Form method="post" action={action} className="space-y-2">
        <input type="hidden" name="intent" value={PAUSE_REMINDERS_INTENT} />
        <input type="hidden" name="paused" value={pausedAt ? "false" : "true"} />
        <Button
          type="submit"
          variant="outline"
          className="w-full sm:w-auto"
          disabled={switching}
          aria-describedby={pauseHint}
        >
          {pausedAt ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {pausedAt ? t`Resume reminders` : t`Pause reminders`}
        </Button>
        <p id={pauseHint} className="text-sm text-slate-600" data-testid="reminders-paused-since">
          {pausedAt ? (
            <Trans>
              Paused since <LocalDateTime iso={pausedAt} options={DAY} />: the schedule sends nothing until they are
              resumed.
            </Trans>
          ) : (
            t`For a customer who asked for time: the schedule sends nothing while reminders are paused.`
          )}
        </p>
      </pause.Form>
    </div>
  );
}

/** The reminders sent, newest first. */
function Sent({ sent }: { sent: SentReminderView[] }) {
  const { t } = useLingui();
  return (
    <div className="space-y-2">
      <h3 id="reminders-sent-heading" className="text-sm font-semibold text-slate-900">
        {t`Reminders sent`}
      </h3>
      {sent.length === 0 ? (
        <p className="text-sm text-slate-600">{t`No reminder sent yet.`}</p>
      ) : (
        <ul aria-labelledby="reminders-sent-heading" className="divide-y divide-slate-100 text-sm">
          {sent.map((reminder) => (
            <SentReminder key={reminder.id} reminder={reminder} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SentReminder({ reminder }: { reminder: SentReminderView }) {
  const { t, i18n } = useLingui();
  const { title } = reminderNotification(i18n, reminder.data);
  const name = reminder.sentBy;
  const who = reminder.step > 0 ? t`Scheduled reminder` : name ? t`Sent by ${name}` : t`Sent by a former team member`;
  return (
    <li className="space-y-0.5 py-2 first:pt-0 last:pb-0" data-testid="reminder-sent">
      <p className="flex flex-wrap gap-x-2">
        <LocalDateTime iso={reminder.sentAt} options={WHEN} className="text-slate-600" />
        <span className="font-medium text-slate-900">{title}</span>
      </p>
      <p className="text-slate-700">
        {who} · {reminder.emailed ? t`By e-mail and in the portal` : t`In the portal only`}
        {reminder.emailed ? (
          <>
            {" · "}
            {reminder.openedAt ? (
              <Trans>
                Link opened <LocalDateTime iso={reminder.openedAt} options={WHEN} />
              </Trans>
            ) : (
              t`Link not opened`
            )}
          </>
        ) : null}
      </p>
    </li>
  );
}
