import { eq } from "drizzle-orm";
import type { z } from "zod";
import { payments, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Db, Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges, type ChangeBus } from "~/lib/realtime/realtime.server";
import { paymentAmount } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import type { Storage } from "~/lib/storage/storage.server";
import { testPause } from "~/lib/storage/test-pauses.server";
import { prepareUploads, storeUpload } from "~/lib/storage/uploads.server";
import { alreadyPending, isLivePaymentConflict, refuseIfNotPayable } from "./payment-eligibility.server";
import { AUTO_APPROVED_NOTE } from "./payment-review";
import { proofStem } from "./payment-rules";
import { toPaymentView, type PaymentView } from "./payment-views";
import { proofFormSchema } from "./payments.schemas";
import { AppError } from "~/lib/http/app-error";

export interface SubmitZelleProofDeps {
  db: Db;
  bus: ChangeBus;
  storage: Storage;
  now?: () => number;
}

export type ZelleProofInput = z.input<typeof proofFormSchema>;

/** Whether Auto-approve Submissions is on, read inside the caller's transaction. */
async function autoApproveOn(executor: Executor): Promise<boolean> {
  return (await readSettings(executor, SEEDLESS_SETTINGS)).general.autoApproveSubmissions;
}

/**
 * A customer's Zelle proof: checked by its bytes (JPEG, PNG or WebP, at most 10 MB), stored privately,
 * recorded as a pending payment priced from the catalog, and announced to every admin in the same
 * transaction (when the settings' New submission received is on). With Auto-approve Submissions on, the
 * payment is recorded approved, its admin notes say so, the customer gets the approval notification and
 * the approval is audited (actor: the system). A refusal leaves no row, no notification and no stored file; changes are published after
 * the commit.
 */
export async function submitZelleProof(
  deps: SubmitZelleProofDeps,
  actor: Actor | null,
  input: ZelleProofInput,
): Promise<PaymentView> {
  const { db, bus, storage } = deps;
  const { id: userId } = requireActor(actor);
  const parsed = proofFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { proof, ...target } = parsed.data;

  // The photo is checked (and its metadata stripped) before the payment rules, as before: file errors come first.
  const [photo] = await prepareUploads("payment-proof", [proof]);
  await refuseIfNotPayable(db, userId, target);
  const amount = paymentAmount(target.serviceType, target.paymentNumber);

  let result: { row: typeof payments.$inferSelect; changes: Change[] };
  try {
    // storeUpload removes the stored photo and its thumbnail if the transaction fails.
    result = await storeUpload(
      storage,
      "payment-proof",
      userId,
      photo,
      (stored) =>
        db.transaction(async (tx) => {
          const autoApprove = await autoApproveOn(tx);
          const [row] = await tx
            .insert(payments)
            .values({
              userId,
              serviceType: target.serviceType,
              paymentNumber: target.paymentNumber,
              amount,
              paymentMethod: "zelle",
              proofUrl: stored.url,
              status: autoApprove ? "completed" : "pending",
              adminNotes: autoApprove ? AUTO_APPROVED_NOTE : null,
            })
            .returning();
          const [profile] = await tx
            .select({ fullName: profiles.fullName, companyName: profiles.companyName })
            .from(profiles)
            .where(eq(profiles.id, userId));
          // Each admin reads it in their own language, the customer their approval in theirs.
          const payment = { service: target.serviceType, paymentNumber: target.paymentNumber };
          const changes = await notify(tx, {
            to: { admins: "newSubmission", except: userId },
            type: "payment",
            data: { kind: "proof_submitted", customerId: userId, fullName: profile?.fullName ?? "", companyName: profile?.companyName ?? null, amount, ...payment },
          });
          if (autoApprove) {
            const approval = { kind: "decision", decision: "approve", notes: AUTO_APPROVED_NOTE, systemNote: "auto_approved", ...payment } as const;
            changes.push(...(await notify(tx, { to: { customer: userId }, type: "payment", data: approval })));
            await recordAuditEvent(tx, {
              actorId: null,
              action: "payment.approve",
              customerId: userId,
              detail: { paymentId: row!.id, serviceType: row!.serviceType, paymentNumber: row!.paymentNumber, notes: AUTO_APPROVED_NOTE, auto: true },
            });
          }
          await testPause("proof:before-commit");
          return { row: row!, changes };
        }),
      { stem: proofStem(target.serviceType, target.paymentNumber), now: deps.now },
    );
  } catch (error) {
    // Two submissions raced past the check above: the database's unique index is the last word.
    if (isLivePaymentConflict(error)) throw alreadyPending(target);
    throw error;
  }

  await publishChanges(bus, [{ table: "payments", userId }, ...result.changes]);
  return toPaymentView(result.row);
}
