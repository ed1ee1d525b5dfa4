import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { CheckCircle2, Circle } from "lucide-react";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEP_MESSAGES, PROGRESS_STEPS } from "~/domain/progress-steps";
import type { ServiceProgressView } from "../progress-views";
import { StepDate } from "./step-date";

/**
 * A read-only checklist: a done step has a check mark and its label in bold, a step not done an empty
 * circle; screen readers hear "done" or "not done" after each label. Never told apart by colour alone.
 */
export function ProgressChecklist({
  service,
  steps,
  doneAt,
  label,
}: {
  service: ServiceType;
  steps: Record<string, boolean>;
  doneAt: ServiceProgressView["doneAt"];
  label: string;
}) {
  const { i18n } = useLingui();
  return (
    <ol aria-label={label} className="space-y-2">
      {PROGRESS_STEPS[service].map((step) => {
        const done = steps[step.key] === true;
        return (
          <li key={step.key} data-testid="progress-step" data-done={done} className="flex items-center gap-3">
            {done ? (
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
            ) : (
              <Circle aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            )}
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className={done ? "font-medium text-slate-900" : "text-slate-600"}>
                {i18n._(PROGRESS_STEP_MESSAGES[step.key])}
              </span>
              <span className="sr-only">{done ? i18n._(msg`done`) : i18n._(msg`not done`)}</span>
              {done && doneAt[step.key] ? <StepDate doneAt={doneAt[step.key]!} /> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
