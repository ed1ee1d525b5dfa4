import { Trans } from "@lingui/react/macro";
import { LocalDateTime } from "~/components/local-date-time";
import type { StepDone } from "../progress-views";

const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/** Under a done step, on both checklists: the day it was done, and what made the product mark it, when it did. */
export function StepDate({ doneAt }: { doneAt: StepDone }) {
  const date = <LocalDateTime iso={doneAt.at} options={DAY} />;
  return (
    <span className="text-xs font-normal text-slate-600" data-testid="progress-step-date">
      {!doneAt.auto ? (
        <Trans>Done {date}</Trans>
      ) : doneAt.by === "approval" ? (
        <Trans>Done {date}, when the finished site was approved</Trans>
      ) : (
        <Trans>Done {date}, when the information arrived</Trans>
      )}
    </span>
  );
}
