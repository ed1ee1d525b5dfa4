import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ServiceType } from "~/lib/service-catalog";
import { progressPercentage } from "../progress-steps";
import type { ProgressLoad, ServiceProgressView } from "../progress-views";
import { ProgressBar } from "./progress-bar";
import { ProgressChecklist } from "./progress-checklist";

export const PROGRESS_CARD_TEXT: Record<ServiceType, { title: string; description: string }> = {
  google_business: { title: "Google Business Profile", description: "Setup and optimization progress" },
  website: { title: "Website Development", description: "Website creation and launch progress" },
};

export const NO_PROGRESS_DATA = "No progress data available yet";

/** One service's progress for the customer: the overall percentage, its bar and the checklist. */
export function ProgressCard({ service, record }: { service: ServiceType; record: ServiceProgressView | null }) {
  const titleId = useId();
  const { title, description } = PROGRESS_CARD_TEXT[service];
  const percentage = progressPercentage(service, record?.steps ?? null);
  return (
    <Card aria-labelledby={titleId} id={`progress-${service}`} data-testid={`progress-card-${service}`} className="flex flex-col">
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {record ? (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-700">Overall progress</span>
              <span className="text-2xl font-bold text-slate-900" data-testid="progress-percentage">
                {percentage}%
              </span>
            </div>
            <ProgressBar value={percentage} label={`${title} progress`} />
            <ProgressChecklist service={service} steps={record.steps} label={`${title} steps`} />
          </>
        ) : (
          <p className="text-slate-600">{NO_PROGRESS_DATA}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Both services' cards: side by side on wide screens, stacked on phones; or the load failure in their place. */
export function ProgressCards({ load }: { load: ProgressLoad }) {
  if (!load.ok) {
    return (
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-700">Failed to load progress data</p>
        <p className="mt-1 text-sm text-slate-600">Please reload the page to try again.</p>
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
