import { customerIdOf } from "../payment-owner";
import { eq } from "drizzle-orm";
import { payments, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import type { ServiceType } from "~/domain/service-catalog";
import { AUTO_APPROVED_NOTE } from "../review/payment-review";
import { markLeadsWon } from "~/features/leads/mark-lead-won.server";

/** Whether Auto-approve Submissions is on, read inside the caller's transaction. */
export async function autoApproveOn(executor: Executor): Promise<boolean> {
  return (await readSettings(executor, SEEDLESS_SETTINGS)).general.autoApproveSubmissions;
}

/** The status and admin notes a proof arriving now is recorded with: pending, or approved on receipt. */
export function receivedProofState(autoApprove: boolean): {
  status: "pending" | "completed";
  adminNotes: string | null;
} {
  return autoApprove
    ? { status: "completed", adminNotes: AUTO_APPROVED_NOTE }
    : { status: "pending", adminNotes: null };
}

/**
 * What a Zelle proof's arrival tells people, in the caller's transaction: every admin who wants it reads who sent
 * how much for what (in their own language); with Auto-approve Submissions on, the customer also gets the approval
 * and the approval is audited (actor: the system), and the lead the customer came from is Won. A new proof and a new proof for a rejected transfer say the same.
 */
export async function announceProof(
  tx: Executor,
  payment: typeof payments.$inferSelect,
  autoApprove: boolean,
): Promise<Change[]> {
  const userId = customerIdOf(payment);
  const serviceType = payment.serviceType as ServiceType;
  const [profile] = await tx
    .select({ fullName: profiles.fullName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  // Each admin reads it in their own language, the customer their approval in theirs.
  const about = { service: serviceType, paymentNumber: payment.paymentNumber };
  const changes = await notify(tx, {
    to: { admins: "newSubmission", except: userId },
    type: "payment",
    data: {
      kind: "proof_submitted",
      customerId: userId,
      fullName: profile?.fullName ?? "",
      companyName: profile?.companyName ?? null,
      amount: payment.amount,
      ...about,
    },
  });
  if (autoApprove) {
    const approval = {
      kind: "decision",
      decision: "approve",
      notes: AUTO_APPROVED_NOTE,
      systemNote: "auto_approved",
      ...about,
    } as const;
    changes.push(...(await notify(tx, { to: { customer: userId }, type: "payment", data: approval })));
    await recordAuditEvent(tx, {
      actorId: null,
      action: "payment.approve",
      customerId: userId,
      detail: {
        paymentId: payment.id,
        serviceType,
        paymentNumber: payment.paymentNumber,
        notes: AUTO_APPROVED_NOTE,
        auto: true,
      },
    });
    changes.push(...(await markLeadsWon(tx, userId)));
  }
  return changes;
}
