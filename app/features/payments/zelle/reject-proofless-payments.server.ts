import { and, eq, isNotNull, lt } from "drizzle-orm";
import { notify } from "~/features/notifications/notify.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import { payments } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import type { Deps } from "~/lib/services.server";

/** The admin note a pending payment gets when its proof file is gone; the customer reads it in the rejection. */
const PROOF_MISSING_NOTE = "The proof of payment file was lost. Please upload it again.";

export interface ProoflessPayment {
  id: string;
  userId: string;
  status: string;
}

/**
 * Part of the start-up sweep (see app/lib/storage/storage-sweep.server.ts): Zelle payments whose proof file is not in
 * storage. `listed` is every stored file as `bucket/key`, listed after `listedAfter` (database clock): a payment
 * created before that had its file stored before it too, so only those are judged.
 *
 * A pending one is rejected by the system with PROOF_MISSING_NOTE, exactly as an admin's rejection (the customer's
 * notification and e-mail, an audit event with no actor): nobody can review a proof that is not there, and a
 * rejected payment frees its service and number, so the customer can send the proof again. Approved and rejected
 * payments are decisions already taken on a proof an admin saw; they are left as they are and only reported (an
 * operator restores the file from a backup).
 */
export async function rejectProoflessPayments(
  { db, bus }: Pick<Deps, "db" | "bus">,
  listed: ReadonlySet<string>,
  listedAfter: Date,
): Promise<{ rejected: ProoflessPayment[]; reported: ProoflessPayment[] }> {
  const bucket = UPLOAD_KINDS["payment-proof"].bucket;
  const rows = await db
    .select({ id: payments.id, userId: payments.userId, status: payments.status, proofUrl: payments.proofUrl })
    .from(payments)
    .where(and(eq(payments.paymentMethod, "zelle"), isNotNull(payments.proofUrl), lt(payments.createdAt, listedAfter)));
  // A deleted customer's payments keep no proof (their files went with the account).
  const missing = rows.filter((row): row is typeof row & { userId: string } => {
    if (row.userId === null) return false;
    const key = keyFromFileUrl("payment-proof", row.proofUrl!);
    return key === null || !listed.has(`${bucket}/${key}`);
  });
  const rejected: ProoflessPayment[] = [];
  const reported: ProoflessPayment[] = [];
  for (const payment of missing) {
    if (payment.status !== "pending") {
      reported.push({ id: payment.id, userId: payment.userId, status: payment.status });
      continue;
    }
    const changes = await db.transaction(async (tx): Promise<Change[]> => {
      const [decided] = await tx
        .update(payments)
        .set({ status: "rejected", adminNotes: PROOF_MISSING_NOTE })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
        .returning();
      // Another instance's sweep or an admin got there first.
      if (!decided) return [];
      // The customer reads the note in their language (SYSTEM_PAYMENT_NOTES.proof_missing).
      const notified = await notify(tx, {
        to: { customer: payment.userId },
        type: "payment",
        data: {
          kind: "decision",
          decision: "reject",
          service: decided.serviceType as ServiceType,
          paymentNumber: decided.paymentNumber,
          notes: PROOF_MISSING_NOTE,
          systemNote: "proof_missing",
        },
      });
      await recordAuditEvent(tx, {
        actorId: null,
        action: "payment.reject",
        customerId: payment.userId,
        detail: {
          paymentId: decided.id,
          serviceType: decided.serviceType,
          paymentNumber: decided.paymentNumber,
          notes: PROOF_MISSING_NOTE,
          auto: true,
        },
      });
      return [{ table: "payments", userId: payment.userId }, ...notified];
    });
    if (changes.length === 0) continue;
    rejected.push({ id: payment.id, userId: payment.userId, status: "rejected" });
    await publishChanges(bus, changes);
  }
  return { rejected, reported };
}
