import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { profiles, reviewRounds } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import { notify } from "~/features/notifications/notify.server";
import { gatherProgressEmail } from "~/features/notifications/progress-email.server";
import { PROGRESS_NOTIFICATION_TYPE } from "~/features/notifications/progress-notifications";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { DECIDE_ROUND_INTENT, decideRoundFormSchema } from "./approvals.schemas";
import type { Deps } from "~/lib/services.server";

export interface DecideRoundInput {
  roundId: string;
  decision: string;
  comment?: string;
}

/** The website step an approved website round ticks. */
const WEBSITE_APPROVAL_STEP = "reviewApproval";

/**
 * The customer answers a round of their own: approves it, or asks for changes saying what to change. Only the
 * customer whose round it is decides (an admin gets 403; another customer, as an unknown round, 404), and only
 * once (409). In one transaction: the decision with who and when; approving the finished website (a round for
 * launch) ticks 'Review & Client Approval' with its usual notification and e-mail, a draft's approval ticks nothing; the admins' notification and e-mail (the 'New
 * submission received' switch); the audit event. The changes are published after the commit.
 */
export async function decideRound(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: DecideRoundInput,
): Promise<{ decision: "approved" | "changes_requested" }> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  if (!z.uuid().safeParse(input.roundId).success) throw new AppError("review_round_not_found");
  const parsed = decideRoundFormSchema.safeParse({ ...input, intent: DECIDE_ROUND_INTENT });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const decision = parsed.data.decision === "approve" ? ("approved" as const) : ("changes_requested" as const);
  const comment = decision === "approved" ? null : parsed.data.comment;

  const changes = await db.transaction(async (tx) => {
    const [round] = await tx
      .select({
        id: reviewRounds.id,
        service: reviewRounds.service,
        version: reviewRounds.version,
        purpose: reviewRounds.purpose,
        decision: reviewRounds.decision,
      })
      .from(reviewRounds)
      .where(and(eq(reviewRounds.id, parsed.data.roundId), eq(reviewRounds.userId, customer.id)))
      .for("update");
    if (!round) throw new AppError("review_round_not_found");
    if (round.decision !== null) throw new AppError("review_round_decided");
    const service = round.service as ServiceType;
    await tx
      .update(reviewRounds)
      .set({ decision, comment, decidedBy: customer.id, decidedAt: new Date() })
      .where(eq(reviewRounds.id, round.id));

    const changes: Change[] = [{ table: "review_rounds", userId: customer.id }];
    let ticked = false;
    // Only the finished site's approval ticks its review step; a draft's approval is an answer, not a stage.
    if (decision === "approved" && round.purpose === "launch" && service === "website") {
      const written = await setProgressStep(tx, {
        userId: customer.id,
        service,
        step: WEBSITE_APPROVAL_STEP,
        done: true,
        auto: "approval",
      });
      changes.push(...written.changes);
      if (!written.wasDone) {
        ticked = true;
        changes.push(
          ...(await notify(tx, {
            to: { customer: customer.id },
            type: PROGRESS_NOTIFICATION_TYPE.website,
            data: { step: WEBSITE_APPROVAL_STEP },
            email: false,
          })),
        );
        await gatherProgressEmail(tx, { userId: customer.id, service, step: WEBSITE_APPROVAL_STEP, done: true });
      }
    }
    const [who] = await tx
      .select({ fullName: profiles.fullName, companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, customer.id));
    changes.push(
      ...(await notify(tx, {
        to: { admins: "newSubmission", about: customer.id },
        type: "review_decision",
        data: {
          customerId: customer.id,
          fullName: who?.fullName ?? "",
          companyName: who?.companyName ?? null,
          service,
          version: round.version,
          decision,
          comment,
        },
      })),
    );
    await recordAuditEvent(tx, {
      actorId: customer.id,
      action: "approval.decide",
      customerId: customer.id,
      detail: { roundId: round.id, service, version: round.version, purpose: round.purpose, decision, ticked },
    });
    return changes;
  });

  await publishChanges(bus, changes);
  return { decision };
}
