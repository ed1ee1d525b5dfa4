import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/http/forms";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEP_MESSAGES, PROGRESS_STEPS, progressPercentage } from "~/domain/progress-steps";
import type { ServiceProgressView, StepDone } from "../progress-views";
import { PROGRESS_INTENT } from "../progress.schemas";
import { ProgressBar } from "./progress-bar";
import { StepDate } from "./step-date";

const TITLES = {
  google_business: msg`Google Business Profile Progress`,
  website: msg`Website Development Progress`,
} as const;

/** The steps a progress toggle's form is saving, and the value it asks for (with earlier steps when it asks for them). */
function pendingToggle(
  formData: FormData | undefined,
  service: ServiceType,
): { steps: string[]; done: boolean } | null {
  if (!formData || formData.get("intent") !== PROGRESS_INTENT || formData.get("service") !== service) return null;
  const step = String(formData.get("step"));
  const keys = PROGRESS_STEPS[service].map((each) => each.key as string);
  const steps = formData.get("withEarlier") === "on" ? keys.slice(0, keys.indexOf(step) + 1) : [step];
  return { steps, done: formData.get("done") === "on" };
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
    if (pending) for (const step of pending.steps) shown[step] = pending.done;
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
              {PROGRESS_STEPS[service].map((step, index) => (
                <ProgressToggle
                  key={step.key}
                  service={service}
                  step={step.key}
                  label={i18n._(PROGRESS_STEP_MESSAGES[step.key])}
                  saved={record?.steps[step.key] === true}
                  doneAt={record?.doneAt[step.key]}
                  earlierNotDone={PROGRESS_STEPS[service]
                    .slice(0, index)
                    .filter((earlier) => shown[earlier.key] !== true)
                    .map((earlier) => i18n._(PROGRESS_STEP_MESSAGES[earlier.key]))}
                />
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The dialog a toggle opens before it saves: unticking always asks; ticking asks when earlier steps are not done. */
type Asking = { kind: "untick" } | { kind: "earlier" } | null;

/**
 * One step's checkbox, posting only this step to the customer page's action, with the date it was done under
 * its label. Unticking asks first (a step the product ticked itself, on a received form, says so); ticking a
 * step while earlier ones are not done offers to mark those done too, so the customer never reads a checklist
 * whose later steps are done before its earlier ones.
 */
function ProgressToggle({
  service,
  step,
  label,
  saved,
  doneAt,
  earlierNotDone,
}: {
  service: ServiceType;
  step: string;
  label: string;
  saved: boolean;
  doneAt: StepDone | undefined;
  earlierNotDone: string[];
}) {
  const { t } = useLingui();
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [asking, setAsking] = useState<Asking>(null);
  // The action answers 'Progress updated', or 'Failed to update progress' (a refusal, or no connection).
  useActionToast(fetcher.data);
  const pending = pendingToggle(fetcher.formData, service);
  const checked = pending ? pending.done : saved;
  const form = useRef<HTMLFormElement>(null);
  const save = (done: boolean, withEarlier = false) => {
    setAsking(null);
    const values = new FormData(form.current!);
    if (done) values.set("done", "on");
    else values.delete("done");
    if (withEarlier) values.set("withEarlier", "on");
    void fetcher.submit(values, { method: "post" });
  };

  return (
    <li>
      <fetcher.Form
        ref={form}
        method="post"
        className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-slate-50"
      >
        <input type="hidden" name="intent" value={PROGRESS_INTENT} />
        <input type="hidden" name="service" value={service} />
        <input type="hidden" name="step" value={step} />
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            if (!event.currentTarget.checked) setAsking({ kind: "untick" });
            else if (earlierNotDone.length > 0) setAsking({ kind: "earlier" });
            else save(true);
          }}
          className="size-5 shrink-0 cursor-pointer accent-blue-700"
        />
        <label htmlFor={id} className="flex flex-1 cursor-pointer flex-col py-2 text-slate-900">
          {label}
          {checked && doneAt ? <StepDate doneAt={doneAt} /> : null}
        </label>
      </fetcher.Form>
      {asking?.kind === "untick" ? (
        <Dialog open onOpenChange={(open) => !open && setAsking(null)}>
          <DialogContent
            title={t`Mark "${label}" as not done?`}
            description={
              !doneAt?.auto
                ? t`The customer will see this step as not done.`
                : doneAt.by === "approval"
                  ? t`This step was marked done automatically when the customer approved the finished site. The customer will see it as not done.`
                  : t`This step was marked done automatically when the customer sent their information. The customer will see it as not done.`
            }
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setAsking(null)}>
                {t`Cancel`}
              </Button>
              <Button type="button" variant="destructive" onClick={() => save(false)}>
                {t`Mark not done`}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
      {asking?.kind === "earlier" ? (
        <Dialog open onOpenChange={(open) => !open && setAsking(null)}>
          <DialogContent
            title={t`Mark the earlier steps done too?`}
            description={t`These steps before "${label}" are not done yet:`}
          >
            <ul className="list-disc pl-6 text-sm text-slate-900">
              {earlierNotDone.map((earlier) => (
                <li key={earlier}>{earlier}</li>
              ))}
            </ul>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setAsking(null)}>
                {t`Cancel`}
              </Button>
              <Button type="button" variant="outline" onClick={() => save(true)}>
                {t`Only this step`}
              </Button>
              <Button type="button" onClick={() => save(true, true)}>
                {t`Mark all done`}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </li>
  );
}
