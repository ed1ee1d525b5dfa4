import type { ServiceType } from "~/lib/service-catalog";
import { progressStepLabel, type ProgressStepKey } from "./progress-steps";

/** The notification type the spec gives each service's progress (section 3). */
export const PROGRESS_NOTIFICATION_TYPE = {
  google_business: "google_business_progress",
  website: "website_progress",
} as const satisfies Record<ServiceType, string>;

const PROJECT: Record<ServiceType, string> = {
  google_business: "your Google Business Profile",
  website: "your website",
};

/** What the customer is told when a step is marked done: the title and the message both name the step. */
export function progressNotification<S extends ServiceType>(
  service: S,
  step: ProgressStepKey<S>,
): { type: string; title: string; message: string } {
  const label = progressStepLabel(service, step);
  return {
    type: PROGRESS_NOTIFICATION_TYPE[service],
    title: `${label} is complete`,
    message: `${label} is complete on ${PROJECT[service]}.`,
  };
}
