import { Trans } from "@lingui/react/macro";
import { LocalDateTime } from "~/components/local-date-time";

const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/** Under a done step, on both checklists: the day it was done, and whether the product marked it (a received form). */
export function StepDate({ doneAt }: { doneAt: { at: string; auto: boolean } }) {
  const date = <LocalDateTime iso={doneAt.at} options={DAY} />;
  return (
    <span className="text-xs font-normal text-slate-600" data-testid="progress-step-date">
      {doneAt.auto ? <Trans>Done {date}, when the information arrived</Trans> : <Trans>Done {date}</Trans>}
    </span>
  );
}
