import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useFetcher, useFetchers } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/http/forms";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEPS, progressPercentage } from "../progress-steps";
import type { ServiceProgressView } from "../progress-views";
import { PROGRESS_INTENT } from "../progress.schemas";
import { ProgressBar } from "./progress-bar";

const TITLES = {
  google_business: msg`Google Business Profile Progress`,
  website: msg`Website Development Progress`,
} as const;

/** The step a progress toggle's form is saving, and the value it asks for. */
function pendingToggle(formData: FormData | undefined, service: ServiceType): { step: string; done: boolean } | null {
  if (!formData || formData.get("intent") !== PROGRESS_INTENT || formData.get("service") !== service) return null;
  return { step: String(formData.get("step")), done: formData.get("done") === "on" };
}

/**
 * A service tab's right column: the customer's checklist as toggles. A toggle shows its new value at once
 * (the value its form is sending) and keeps it once the page's data has reloaded; a refused or failed save
 * leaves the saved value in place again and says 'Failed to update progress'.
 */
export function AdminProgressChecklist({
  service,
  record,
  failed = false,
}: {
  service: ServiceType;
  record: ServiceProgressView | null;
  failed?: boolean;
}) {
  const { t, i18n } = useLingui();
  const title = i18n._(TITLES[service]);
  const titleId = useId();
  const fetchers = useFetchers();
  const shown: Record<string, boolean> = { ...record?.steps };
  for (const fetcher of fetchers) {
    const pending = pendingToggle(fetcher.formData, service);
    if (pending) shown[pending.step] = pending.done;
  }
  const percentage = progressPercentage(service, shown);

  return (
    <Card aria-labelledby={titleId} data-testid={`admin-progress-${service}`}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {failed ? (
          <p role="alert" className="text-red-700">
            {t`Failed to load data`}
          </p>
        ) : (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm text-slate-600">{record ? t`Overall progress` : t`No progress record yet`}</span>
              <span className="font-semibold text-slate-900" data-testid="admin-progress-percentage">
                {percentage}%
              </span>
            </div>
            <ProgressBar value={percentage} label={title} />
            <ul className="space-y-1" aria-label={t`${title} steps`}>
              {PROGRESS_STEPS[service].map((step) => (
                <ProgressToggle
                  key={step.key}
                  service={service}
                  step={step.key}
                  label={step.label}
                  saved={record?.steps[step.key] === true}
                />
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One step's checkbox, in a form of its own: ticking it posts only this step to the customer page's action. */
function ProgressToggle({
  service,
  step,
  label,
  saved,
}: {
  service: ServiceType;
  step: string;
  label: string;
  saved: boolean;
}) {
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  // The action answers 'Progress updated', or 'Failed to update progress' (a refusal, or no connection).
  useActionToast(fetcher.data);
  const pending = pendingToggle(fetcher.formData, service);
  const checked = pending ? pending.done : saved;

  return (
    <li>
      <fetcher.Form method="post" className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-slate-50">
        <input type="hidden" name="intent" value={PROGRESS_INTENT} />
        <input type="hidden" name="service" value={service} />
        <input type="hidden" name="step" value={step} />
        <input
          id={id}
          type="checkbox"
          name="done"
          checked={checked}
          onChange={(event) => {
            // The form is read now, with the box's new state; the box shows it until the save is answered.
            void fetcher.submit(event.currentTarget.form);
          }}
          className="size-5 shrink-0 cursor-pointer accent-blue-700"
        />
        <label htmlFor={id} className="flex-1 cursor-pointer py-2 text-slate-900">
          {label}
        </label>
      </fetcher.Form>
    </li>
  );
}
