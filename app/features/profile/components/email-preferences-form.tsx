import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/http/forms";
import { EMAIL_PREFERENCES_INTENT, emailPreferencesSchema, PROFILE_TEXTS } from "../profile.schemas";

/** The two preferences, posted together: e-mail updates of decisions and steps, and reminders of what waits on the customer. */
export function EmailPreferencesForm({ emailUpdates, reminders }: { emailUpdates: boolean; reminders: boolean }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher.data, { success: { title: i18n._(PROFILE_TEXTS.emailPreferencesSaved) } });
  const [form] = useValidatedForm({ schema: emailPreferencesSchema, id: "email-preferences" });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={EMAIL_PREFERENCES_INTENT} />
      <div className="flex items-start gap-3">
        <input
          id="emailUpdates"
          name="emailUpdates"
          type="checkbox"
          defaultChecked={emailUpdates}
          className="mt-1 size-4"
        />
        <label htmlFor="emailUpdates" className="text-sm text-slate-700">
          <Trans>
            Send me an e-mail when a payment is approved or rejected and when a step of my project is completed
          </Trans>
        </label>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="reminders"
          name="reminders"
          type="checkbox"
          defaultChecked={reminders}
          aria-describedby="reminders-hint"
          className="mt-1 size-4"
        />
        <div>
          <label htmlFor="reminders" className="text-sm text-slate-700">
            <Trans>Reminders</Trans>
          </label>
          <p id="reminders-hint" className="text-xs text-slate-600">
            <Trans>
              E-mails and notifications when something waits on you: a payment, a form, an approval, a message.
            </Trans>
          </p>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? t`Saving...` : t`Save Preferences`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
