import { eq } from "drizzle-orm";
import { googleBusinessProgress, websiteProgress, type ProgressStepDates } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { ServiceType } from "~/domain/service-catalog";
import { PROGRESS_STEPS } from "~/domain/progress-steps";
import type { CustomerProgress, ServiceProgressView } from "./progress-views";

type Row = Record<string, unknown> & { updatedAt: Date; stepDates: ProgressStepDates };

function toView(service: ServiceType, row: Row | undefined): ServiceProgressView | null {
  if (!row) return null;
  return {
    steps: Object.fromEntries(PROGRESS_STEPS[service].map((step) => [step.key, row[step.key] === true])),
    doneAt: Object.fromEntries(
      PROGRESS_STEPS[service].flatMap((step) => {
        const date = row.stepDates[step.key];
        return row[step.key] === true && date ? [[step.key, date]] : [];
      }),
    ),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One customer's two progress records (at most one row each); the callers decide who may read them. */
export async function readProgress(executor: Executor, userId: string): Promise<CustomerProgress> {
  const [google, website] = await Promise.all([
    executor.select().from(googleBusinessProgress).where(eq(googleBusinessProgress.userId, userId)),
    executor.select().from(websiteProgress).where(eq(websiteProgress.userId, userId)),
  ]);
  return { google_business: toView("google_business", google[0]), website: toView("website", website[0]) };
}
