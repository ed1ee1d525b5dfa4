import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/lib/service-catalog";
import type { ProgressStepKey } from "./progress-steps";

/** The notification type the spec gives each service's progress (section 3). */
export const PROGRESS_NOTIFICATION_TYPE = {
  google_business: "google_business_progress",
  website: "website_progress",
} as const satisfies Record<ServiceType, string>;

/** Each step's label (the spec's, as in progress-steps.ts), for the customer's language. */
const STEP_LABELS: { [S in ServiceType]: Record<ProgressStepKey<S>, MessageDescriptor> } = {
  google_business: {
    informationCollection: msg`Information Collection`,
    profileCreation: msg`Profile Creation`,
    submittedVerification: msg`Submitted for Verification`,
    verificationCompleted: msg`Verification Completed`,
    profileOptimization: msg`Profile Optimization`,
    seoLocalSetup: msg`SEO & Local Setup`,
  },
  website: {
    clientInfoReceived: msg`Client Information Received`,
    domainHostingSetup: msg`Domain & Hosting Setup`,
    planningStructure: msg`Planning & Structure Definition`,
    designLayout: msg`Design & Layout Creation`,
    websiteDevelopment: msg`Website Development`,
    seoOptimization: msg`SEO Optimization Setup`,
    reviewApproval: msg`Review & Client Approval`,
    websiteLaunch: msg`Website Launch`,
  },
};

/**
 * What the customer is told when a step is marked done, in the customer's language: the title and the message
 * both name the step.
 */
export function progressNotification<S extends ServiceType>(
  i18n: I18n,
  service: S,
  step: ProgressStepKey<S>,
): { title: string; message: string } {
  const label = i18n._((STEP_LABELS[service] as Record<string, MessageDescriptor>)[step]!);
  return {
    title: i18n._(msg`${label} is complete`),
    message:
      service === "google_business"
        ? i18n._(msg`${label} is complete on your Google Business Profile.`)
        : i18n._(msg`${label} is complete on your website.`),
  };
}
