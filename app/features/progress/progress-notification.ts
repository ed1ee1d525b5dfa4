import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEP_MESSAGES, type ProgressStepKey } from "./progress-steps";

/** The notification type of each service's progress (the bell picks its icon and link by it). */
export const PROGRESS_NOTIFICATION_TYPE = {
  google_business: "google_business_progress",
  website: "website_progress",
} as const satisfies Record<ServiceType, string>;

/**
 * What the customer is told when a step is marked done, in the customer's language: the title and the message
 * both name the step.
 */
export function progressNotification<S extends ServiceType>(
  i18n: I18n,
  service: S,
  step: ProgressStepKey<S>,
): { title: string; message: string } {
  const label = i18n._(PROGRESS_STEP_MESSAGES[step]);
  return {
    title: i18n._(msg`${label} is complete`),
    message:
      service === "google_business"
        ? i18n._(msg`${label} is complete on your Google Business Profile.`)
        : i18n._(msg`${label} is complete on your website.`),
  };
}
