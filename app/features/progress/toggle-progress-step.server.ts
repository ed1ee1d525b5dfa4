import { and, eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { gatherProgressEmail } from "~/features/notifications/progress-email.server";
import { isCustomer } from "~/features/users/customer-query.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import type { ServiceType } from "~/domain/service-catalog";
import { requestReviewIfFinished } from "~/features/reviews/request-review.server";
import { PROGRESS_NOTIFICATION_TYPE } from "~/features/notifications/progress-notifications";
import { PROGRESS_STEPS, type ProgressStepKey } from "~/domain/progress-steps";
import { progressToggleSchema, type ProgressToggleInput } from "./progress.schemas";
import { setProgressStep } from "./set-progress-step.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface ToggledProgressStep {
  done: boolean;
  /** Whether the customer was told: only when the step went from not done to done. */
  notified: boolean;
}

/**
 * An admin ticks or unticks one step of a customer's checklist. Only that step's column is written (through
 * setProgressStep, which creates a missing record), and with `withEarlier` the not-yet-done steps before it too. Marking a step done that was not done notifies the
 * customer; unmarking, or marking an already done step again, does not. Every toggle is an audit event.
 * Both are written in the same transaction; the changes are published after the commit.
 */
export async function toggleProgressStep(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: ProgressToggleInput,
): Promise<ToggledProgressStep> {
  const member = requireTeamReach(actor, input.userId);
  const parsed = progressToggleSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "userId") throw new AppError("customer_not_found");
    throw new AppError("invalid_input", { detail: issue?.message });
  }
  const { userId, service, done, withEarlier } = parsed.data;
  const step = parsed.data.step as ProgressStepKey<ServiceType>;
  const steps = PROGRESS_STEPS[service].map((each) => each.key as ProgressStepKey<ServiceType>);
  const earlier = done && withEarlier ? steps.slice(0, steps.indexOf(step)) : [];

  const { notified, changes } = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, userId), isCustomer));
    if (!customer) throw new AppError("customer_not_found");
    // The earlier steps first, in order, then the step asked for: each one a write, a notice when it became done,
    // and an audit event of its own, as if the admin had ticked them one by one. The bell tells at once; the e-mail
    // gathers the steps of the next minutes into one (an untick takes its step out).
    const changes: Change[] = [];
    let notified = false;
    for (const each of [...earlier, step]) {
      const written = await setProgressStep(tx, { userId, service, step: each, done });
      const justDone = done && !written.wasDone;
      changes.push(...written.changes);
      if (justDone) {
        changes.push(
          ...(await notify(tx, {
            to: { customer: userId },
            type: PROGRESS_NOTIFICATION_TYPE[service],
            data: { step: each },
            email: false,
          })),
        );
        notified ||= each === step;
        changes.push(...(await requestReviewIfFinished(tx, { userId, service, step: each })));
      }
      if (justDone || (!done && written.wasDone)) await gatherProgressEmail(tx, { userId, service, step: each, done });
      await recordAuditEvent(tx, {
        actorId: member.id,
        action: "progress.toggle",
        customerId: userId,
        detail: { service, step: each, done, wasDone: written.wasDone },
      });
    }
    return { notified, changes };
  });

  await publishChanges(bus, changes);
  return { done, notified };
}
