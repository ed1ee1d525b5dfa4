import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/domain/service-catalog";

/** One step of a service's progress checklist: its column (as the schema names it) and its English label. */
export interface ProgressStep<Key extends string = string> {
  key: Key;
  label: string;
}

/** The Google Business Profile checklist, in the order the work is done. */
export const GOOGLE_BUSINESS_STEPS = [
  { key: "informationCollection", label: "Information Collection" },
  { key: "profileCreation", label: "Profile Creation" },
  { key: "submittedVerification", label: "Submitted for Verification" },
  { key: "verificationCompleted", label: "Verification Completed" },
  { key: "profileOptimization", label: "Profile Optimization" },
  { key: "seoLocalSetup", label: "SEO & Local Setup" },
] as const satisfies readonly ProgressStep[];

/** The website checklist, in the order the work is done. */
export const WEBSITE_STEPS = [
  { key: "clientInfoReceived", label: "Client Information Received" },
  { key: "domainHostingSetup", label: "Domain & Hosting Setup" },
  { key: "planningStructure", label: "Planning & Structure Definition" },
  { key: "designLayout", label: "Design & Layout Creation" },
  { key: "websiteDevelopment", label: "Website Development" },
  { key: "seoOptimization", label: "SEO Optimization Setup" },
  { key: "reviewApproval", label: "Review & Client Approval" },
  { key: "websiteLaunch", label: "Website Launch" },
] as const satisfies readonly ProgressStep[];

export type GoogleBusinessStepKey = (typeof GOOGLE_BUSINESS_STEPS)[number]["key"];
export type WebsiteStepKey = (typeof WEBSITE_STEPS)[number]["key"];
export type ProgressStepKey<S extends ServiceType = ServiceType> = S extends "google_business"
  ? GoogleBusinessStepKey
  : WebsiteStepKey;

export const PROGRESS_STEPS: { [S in ServiceType]: readonly ProgressStep<ProgressStepKey<S>>[] } = {
  google_business: GOOGLE_BUSINESS_STEPS,
  website: WEBSITE_STEPS,
};

/**
 * Each step's label as a message, for the screens in the page's language: `i18n._(PROGRESS_STEP_MESSAGES[key])`.
 * The English is the step's label (the `label` above, which server code and notifications keep using).
 */
export const PROGRESS_STEP_MESSAGES: Record<GoogleBusinessStepKey | WebsiteStepKey, MessageDescriptor> = {
  informationCollection: msg`Information Collection`,
  profileCreation: msg`Profile Creation`,
  submittedVerification: msg`Submitted for Verification`,
  verificationCompleted: msg`Verification Completed`,
  profileOptimization: msg`Profile Optimization`,
  seoLocalSetup: msg`SEO & Local Setup`,
  clientInfoReceived: msg`Client Information Received`,
  domainHostingSetup: msg`Domain & Hosting Setup`,
  planningStructure: msg`Planning & Structure Definition`,
  designLayout: msg`Design & Layout Creation`,
  websiteDevelopment: msg`Website Development`,
  seoOptimization: msg`SEO Optimization Setup`,
  reviewApproval: msg`Review & Client Approval`,
  websiteLaunch: msg`Website Launch`,
};

export function isProgressStep<S extends ServiceType>(service: S, key: unknown): key is ProgressStepKey<S> {
  return PROGRESS_STEPS[service].some((step) => step.key === key);
}

export function progressStepLabel<S extends ServiceType>(service: S, key: ProgressStepKey<S>): string {
  return PROGRESS_STEPS[service].find((step) => step.key === key)!.label;
}

/** A progress record's step values, as read; null when the customer has no record for that service. */
export type ProgressRecord = Partial<Record<string, boolean | unknown>> | null;

/** How many of the service's steps are done: the website's `current_step`. A missing record has none. */
export function doneStepCount(service: ServiceType, record: ProgressRecord): number {
  if (!record) return 0;
  return PROGRESS_STEPS[service].filter((step) => record[step.key] === true).length;
}

/** Overall percentage: done steps / total steps x 100, rounded. A missing record is 0%. */
export function progressPercentage(service: ServiceType, record: ProgressRecord): number {
  return Math.round((doneStepCount(service, record) / PROGRESS_STEPS[service].length) * 100);
}
