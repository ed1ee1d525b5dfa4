import { eq, sql } from "drizzle-orm";
import { googleBusinessProgress, websiteProgress } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import type { ServiceType } from "~/domain/service-catalog";
import { WEBSITE_STEPS, type ProgressStepKey } from "~/domain/progress-steps";
import type { StepMarker } from "./progress-views";

export interface ProgressStepChange<S extends ServiceType = ServiceType> {
  userId: string;
  service: S;
  step: ProgressStepKey<S>;
  done: boolean;
  /**
   * The product itself marks the step, not an admin, and what made it: a received form, or the customer's approval of
   * the finished site. The checklists say so beside the date.
   */
  auto?: StepMarker;
}

export interface ProgressStepResult {
  /** Whether the step was done before this write (false when there was no record). */
  wasDone: boolean;
  /** What to publish after the commit. */
  changes: Change[];
}

const TABLES = {
  google_business: { table: googleBusinessProgress, name: "google_business_progress" },
  website: { table: websiteProgress, name: "website_progress" },
} as const;

/** The website's current_step, recomputed in SQL from its step columns, so concurrent writes stay consistent. */
const websiteDoneCount = sql.join(
  WEBSITE_STEPS.map((step) => sql`${websiteProgress[step.key]}::int`),
  sql` + `,
);

/**
 * The one writer of a progress step: sets only that step's column (two admins ticking different steps
 * of one customer at once both stick), creating the customer's record when it is missing (a website
 * record with current_step 0 before the step is counted), and keeps the website's current_step equal to
 * its done steps. Runs in the caller's transaction; the row is locked while it is read and written.
 */
export async function setProgressStep<S extends ServiceType>(
  executor: Executor,
  { userId, service, step, done, auto }: ProgressStepChange<S>,
): Promise<ProgressStepResult> {
  const { table, name } = TABLES[service];
  const column = (table as typeof googleBusinessProgress & typeof websiteProgress)[step as never] as never;
  // Make sure the record exists first, then lock it: of two writers finding no record, the second waits for
  // the first's insert to commit and then reads the committed step, so only one of them sees it "not done".
  await executor
    .insert(table)
    .values({ userId, ...(service === "website" ? { currentStep: 0 } : {}) })
    .onConflictDoNothing({ target: table.userId });
  const [before] = await executor.select({ done: column }).from(table).where(eq(table.userId, userId)).for("update");
  const wasDone = (before as { done?: boolean } | undefined)?.done === true;
  // A step keeps the date it was first marked done; unmarking forgets it.
  const stepDates = done
    ? wasDone
      ? undefined
      : auto === "approval"
        ? sql`${table.stepDates} || jsonb_build_object(${step}::text, jsonb_build_object('at', now(), 'auto', true, 'by', 'approval'))`
        : sql`${table.stepDates} || jsonb_build_object(${step}::text, jsonb_build_object('at', now(), 'auto', ${auto !== undefined}::boolean))`
    : sql`${table.stepDates} - ${step}::text`;
  await executor
    .update(table)
    .set({ [step]: done, ...(stepDates ? { stepDates } : {}), updatedAt: new Date() })
    .where(eq(table.userId, userId));
  if (service === "website") {
    await executor
      .update(websiteProgress)
      .set({ currentStep: sql`${websiteDoneCount}` })
      .where(eq(websiteProgress.userId, userId));
  }
  return {
    wasDone,
    changes: [{ table: name, userId }],
  };
}
