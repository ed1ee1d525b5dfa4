import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SERVICE_CATALOG } from "~/domain/service-catalog";
import { serviceShortNameIn } from "~/domain/service-texts";
import { PROGRESS_STEPS } from "~/domain/progress-steps";
import type { ListedCustomer, ServiceStanding } from "./customer-views";

function serviceLine(i18n: I18n, service: "google_business" | "website", standing: ServiceStanding): string | null {
  const { paid, doneSteps: done } = standing;
  if (paid === 0 && done === 0) return null;
  const name = serviceShortNameIn(i18n, service);
  const payments = SERVICE_CATALOG[service].payments;
  const total = PROGRESS_STEPS[service].length;
  if (paid >= payments) return i18n._(msg`${name}: paid · ${done}/${total} steps`);
  if (paid > 0) return i18n._(msg`${name}: ${paid} of ${payments} paid · ${done}/${total} steps`);
  return i18n._(msg`${name}: not paid · ${done}/${total} steps`);
}

/**
 * The users list's Status column: what the customer paid and where each job stands, one line a service the
 * customer has started ('Google Business: paid · 3/6 steps', 'Website: 1 of 2 paid · 2/8 steps'), or
 * 'Not paid yet' for someone who has neither paid nor been started.
 */
export function standingLines(i18n: I18n, standing: ListedCustomer["standing"]): string[] {
  const lines = [
    serviceLine(i18n, "google_business", standing.googleBusiness),
    serviceLine(i18n, "website", standing.website),
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? lines : [i18n._(msg`Not paid yet`)];
}
