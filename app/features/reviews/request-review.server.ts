import { msg } from "@lingui/core/macro";
import { reviewRequests } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import { notify } from "~/features/notifications/notify.server";
import { PROGRESS_STEPS } from "~/domain/progress-steps";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";

/**
 * When a service's last step ('SEO & Local Setup', 'Website Launch') is first marked done, asks the customer for a
 * review: a notification and an e-mail with the agency's review link, and the progress page's card. Only with a
 * Review Link in the settings, and once per service. Everyone is asked the same way: nothing filters by a rating
 * first (Google's rules forbid review gating). Runs in the caller's transaction; returns the changes to publish.
 */
export async function requestReviewIfFinished(
  executor: Executor,
  { userId, service, step }: { userId: string; service: ServiceType; step: string },
): Promise<Change[]> {
  if (PROGRESS_STEPS[service].at(-1)?.key !== step) return [];
  const link = (await readSettings(executor, SEEDLESS_SETTINGS)).general.reviewLink;
  if (!link) return [];
  const inserted = await executor
    .insert(reviewRequests)
    .values({ userId, service })
    .onConflictDoNothing()
    .returning({ userId: reviewRequests.userId });
  if (inserted.length === 0) return [];
  const told = await notify(executor, {
    to: { customer: userId },
    type: "review_request",
    data: { service },
    emailNext: (i18n) => `${i18n._(msg`Leave us a review here:`)} ${link}`,
  });
  return [...told, { table: "review_requests", userId }];
}
