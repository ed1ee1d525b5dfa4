import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEP_MESSAGES, type ProgressStepKey } from "~/domain/progress-steps";
import { serviceNameIn } from "~/domain/service-texts";
import { CUSTOMER_HOME } from "~/lib/http/paths";

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

/** A step marked done, as the customer's gathered progress e-mail lists it. */
export interface DoneStep {
  service: ServiceType;
  step: string;
}

function stepLabel(i18n: I18n, step: string): string {
  return step in PROGRESS_STEP_MESSAGES ? i18n._(PROGRESS_STEP_MESSAGES[step as ProgressStepKey]) : step;
}

/**
 * The one e-mail a customer gets for the steps done in a while, in their language: 'Your Google Business Profile:
 * 2 steps done', 'Your website: 1 step done' (both services: 'Your Google Business Profile and website: 3 steps
 * done'), the steps listed under their service, and the progress page's link (the sender makes it absolute).
 */
export function progressEmail(i18n: I18n, steps: readonly DoneStep[]): { subject: string; text: string; link: string } {
  const count = steps.length;
  const google = steps.filter((item) => item.service === "google_business");
  const website = steps.filter((item) => item.service === "website");
  const subject =
    website.length === 0
      ? i18n._(
          msg`${plural(count, { one: "Your Google Business Profile: # step done", other: "Your Google Business Profile: # steps done" })}`,
        )
      : google.length === 0
        ? i18n._(msg`${plural(count, { one: "Your website: # step done", other: "Your website: # steps done" })}`)
        : i18n._(
            msg`${plural(count, { one: "Your Google Business Profile and website: # step done", other: "Your Google Business Profile and website: # steps done" })}`,
          );
  const section = (title: string, items: readonly DoneStep[]) =>
    items.length === 0 ? [] : [`${title}\n${items.map((item) => `- ${stepLabel(i18n, item.step)}`).join("\n")}`];
  const text = [
    i18n._(msg`Hello,`),
    i18n._(msg`We have completed these steps of your project:`),
    ...section(serviceNameIn(i18n, "google_business"), google),
    ...section(serviceNameIn(i18n, "website"), website),
    i18n._(msg`See your project's progress:`),
  ].join("\n\n");
  return { subject, text, link: CUSTOMER_HOME };
}
