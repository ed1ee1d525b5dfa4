import { displayStatus, latestPayment } from "~/features/payments/payment-state";
import { PROGRESS_STEPS } from "~/domain/progress-steps";
import type { ServiceType } from "~/domain/service-catalog";

/**
 * Where one service stands for the customer, and so the one action the progress page's panel offers:
 * - `pay`: no payment yet, the last one was rejected (`retry`) or refunded in full: the price and the payment dialog;
 * - `reviewing`: a payment is pending review: nothing to do but wait;
 * - `send-information`: paid, the information form not sent yet: a link to the form;
 * - `approval`: the agency sent something to approve (a review round) that waits for the customer;
 * - `in-progress`: the information is in, the agency works through the checklist below;
 * - `second-payment` (website): payment 1 is done and the site has reached 'Review & Client Approval':
 *   the second 50% is due (a rejected one may be paid again: `retry`);
 * - `finished`: every step done (and, for the website, both payments completed).
 */
export type NextStep =
  | { kind: "pay"; paymentNumber: 1; retry: boolean }
  | { kind: "reviewing"; paymentNumber: number }
  | { kind: "send-information" }
  | { kind: "approval"; version: number; title: string }
  | { kind: "in-progress"; done: number; total: number }
  | { kind: "second-payment"; paymentNumber: 2; retry: boolean }
  | { kind: "finished" };

export interface NextStepPayment {
  serviceType: string;
  paymentNumber: number;
  status: string;
  createdAt: string | Date;
}

/** What the rule reads about one customer: their payments, which forms they sent, their checklists. */
export interface NextStepInput {
  payments: readonly NextStepPayment[];
  informationSent: Record<ServiceType, boolean>;
  /** Each service's step values; null when there is no progress record (counts as nothing done). */
  steps: Record<ServiceType, Record<string, boolean> | null>;
  /** Each service's review round waiting for the customer's decision, if any. */
  waitingRounds: Record<ServiceType, { version: number; title: string } | null>;
}

/** The website step whose arrival makes the second payment due: 'Review & Client Approval'. */
const WEBSITE_REVIEW_STEP = "reviewApproval";

/**
 * The site is in review once every step before 'Review & Client Approval' is done, or that step or a
 * later one is ticked (admins may tick out of order).
 */
export function websiteInReview(steps: Record<string, boolean> | null): boolean {
  if (!steps) return false;
  const keys = PROGRESS_STEPS.website.map((step) => step.key as string);
  const at = keys.indexOf(WEBSITE_REVIEW_STEP);
  return keys.slice(0, at).every((key) => steps[key] === true) || keys.slice(at).some((key) => steps[key] === true);
}

function counts(service: ServiceType, steps: Record<string, boolean> | null): { done: number; total: number } {
  const all = PROGRESS_STEPS[service];
  return { done: steps ? all.filter((step) => steps[step.key] === true).length : 0, total: all.length };
}

/** One service's next step. Pure: the progress page renders it and the tests pin every state. */
export function nextStep(service: ServiceType, input: NextStepInput): NextStep {
  const first = latestPayment(input.payments, service, 1);
  const firstStatus = first ? displayStatus(first.status) : null;
  // Refunded in full, the payment no longer counts: the service is to be paid again.
  if (firstStatus === null || firstStatus === "rejected" || firstStatus === "refunded") {
    return { kind: "pay", paymentNumber: 1, retry: firstStatus === "rejected" };
  }
  if (firstStatus === "pending") return { kind: "reviewing", paymentNumber: 1 };
  // A draft the agency sent waits for the customer alone: it comes first, whatever else is still open (for the
  // website, before the second payment its approval leads to).
  const round = input.waitingRounds[service];
  if (round) return { kind: "approval", version: round.version, title: round.title };
  const steps = input.steps[service];
  const progress = counts(service, steps);
  const second = service === "website" ? latestPayment(input.payments, service, 2) : undefined;
  const secondStatus = second ? displayStatus(second.status) : null;
  // A website that reached its review is past the information, however the agency got it (an approved draft, a
  // call): the second half is what it waits for.
  const inReview = service === "website" && websiteInReview(steps);
  if (!input.informationSent[service] && !inReview) return { kind: "send-information" };
  // Paid early from the Website page's banner: its review is what the customer waits for.
  if (secondStatus === "pending") return { kind: "reviewing", paymentNumber: 2 };
  if (inReview && secondStatus !== "completed")
    return { kind: "second-payment", paymentNumber: 2, retry: secondStatus === "rejected" };
  if (progress.done === progress.total) return { kind: "finished" };
  return { kind: "in-progress", ...progress };
}

/** Both services' next steps, in the order the panel shows them. */
export function nextSteps(input: NextStepInput): Record<ServiceType, NextStep> {
  return { google_business: nextStep("google_business", input), website: nextStep("website", input) };
}
