import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ServiceType } from "~/domain/service-catalog";
import { serviceNameIn, serviceTitleIn } from "~/domain/service-texts";
import { progressPercentage } from "~/domain/progress-steps";
import type { ProgressLoad, ServiceProgressView } from "../progress-views";
import { ProgressBar } from "./progress-bar";
import { ProgressChecklist } from "./progress-checklist";

/** Each card's title (the Google card names the service, the website card what is built) and its description. */
const PROGRESS_CARD_TEXT: Record<
  ServiceType,
  { title: (i18n: I18n, service: ServiceType) => string; description: MessageDescriptor }
> = {
  google_business: { title: serviceNameIn, description: msg`Setup and optimization progress` },
  website: { title: serviceTitleIn, description: msg`Website creation and launch progress` },
};

const NO_PROGRESS_DATA = msg`No progress data available yet`;

/** One service's progress for the customer: the overall percentage, its bar and the checklist. */
function ProgressCard({ service, record }: { service: ServiceType; record: ServiceProgressView | null }) {
  const titleId = useId();
  const { i18n } = useLingui();
  const title = PROGRESS_CARD_TEXT[service].title(i18n, service);
  const description = i18n._(PROGRESS_CARD_TEXT[service].description);
  const percentage = progressPercentage(service, record?.steps ?? null);
  return (
    <Card
      aria-labelledby={titleId}
      id={`progress-${service}`}
      data-testid={`progress-card-${service}`}
      className="flex flex-col"
    >
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {record ? (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-700">{i18n._(msg`Overall progress`)}</span>
              <span className="text-2xl font-bold text-slate-900" data-testid="progress-percentage">
                {percentage}%
              </span>
            </div>
            <ProgressBar value={percentage} label={i18n._(msg`${title} progress`)} />
            <ProgressChecklist
              service={service}
              steps={record.steps}
              doneAt={record.doneAt}
              label={i18n._(msg`${title} steps`)}
            />
          </>
        ) : (
          <p className="text-slate-600">{i18n._(NO_PROGRESS_DATA)}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Both services' cards: side by side on wide screens, stacked on phones; or the load failure in their place. */
export function ProgressCards({ load }: { load: ProgressLoad }) {
  const { i18n } = useLingui();
  if (!load.ok) {
    return (
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-700">{i18n._(msg`Failed to load progress data`)}</p>
        <p className="mt-1 text-sm text-slate-600">{i18n._(msg`Please reload the page to try again.`)}</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ProgressCard service="google_business" record={load.progress.google_business} />
      <ProgressCard service="website" record={load.progress.website} />
    </div>
  );
}
