import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, reviewRounds, type ReviewRoundFile } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { attachmentName } from "~/features/messages/message-rules";
import { isCustomer } from "~/features/users/customer-query.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { prepareUploads, storeUploads, type PreparedUpload, type StoredUpload } from "~/lib/storage/uploads.server";
import { REQUEST_APPROVAL_INTENT, requestApprovalFormSchema } from "./approvals.schemas";
import type { Deps } from "~/lib/services.server";

export interface RequestApprovalInput {
  /** The customer asked. */
  userId: string;
  service: string;
  /** "draft" (the default) or, for the website, "launch": the finished site, whose approval ticks its review step. */
  purpose?: string;
  title: string;
  message?: string;
  link?: string;
  /** Files (FormData entries); empty entries are ignored. */
  files?: readonly unknown[];
}

const sentFiles = (values: readonly unknown[]) =>
  values.filter((value): value is Blob => value instanceof Blob && value.size > 0);

/**
 * An admin sends a customer something to approve for one service: the next round (v1, v2, ...) with a title, a
 * message, a preview link and at most 6 images or PDFs (10 MB each, checked by content before anything is
 * stored). A round of that service still waiting for the customer is superseded by it. In one transaction: the
 * round, the customer's notification and e-mail, and the audit event; the change is published after the commit.
 */
export async function requestApproval(
  deps: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: RequestApprovalInput,
): Promise<{ id: string; version: number }> {
  const { db, bus, storage } = deps;
  const member = requireTeamReach(actor, input.userId);
  if (!z.uuid().safeParse(input.userId).success) throw new AppError("customer_not_found");
  const parsed = requestApprovalFormSchema.safeParse({ ...input, intent: REQUEST_APPROVAL_INTENT });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { service, purpose, title, message, link } = parsed.data;
  const [customer] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, input.userId), isCustomer));
  if (!customer) throw new AppError("customer_not_found");
  const files = sentFiles(input.files ?? []);
  const prepared: PreparedUpload[] =
    files.length === 0 ? [] : await prepareUploads("approval-file", files, { field: "files" });

  const write = (stored: StoredUpload[]) =>
    db.transaction(async (tx) => {
      // The customer's row is locked so that two admins sending a round at once get v2 and v3, not two v2s.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, customer.id)).for("update");
      const now = new Date();
      await tx
        .update(reviewRounds)
        .set({ decision: "superseded", decidedBy: member.id, decidedAt: now })
        .where(
          and(eq(reviewRounds.userId, customer.id), eq(reviewRounds.service, service), isNull(reviewRounds.decision)),
        );
      const roundFiles: ReviewRoundFile[] = stored.map((file, index) => ({
        url: file.url,
        thumbnailUrl: file.thumbnailUrl,
        name: attachmentName((files[index] as File | undefined)?.name, file.url.split(".").pop()),
        size: file.size,
        contentType: file.contentType,
      }));
      const [round] = await tx
        .insert(reviewRounds)
        .values({
          userId: customer.id,
          service,
          version: sql`(select coalesce(max(${reviewRounds.version}), 0) + 1 from ${reviewRounds} where ${reviewRounds.userId} = ${customer.id} and ${reviewRounds.service} = ${service})`,
          title,
          purpose,
          message,
          link,
          files: roundFiles,
          createdBy: member.id,
        })
        .returning({ id: reviewRounds.id, version: reviewRounds.version });
      if (!round) throw new AppError("not_saved");
      const changes = await notify(tx, {
        to: { customer: customer.id },
        type: "review_round",
        data: { service, version: round.version, title },
      });
      await recordAuditEvent(tx, {
        actorId: member.id,
        action: "approval.request",
        customerId: customer.id,
        detail: { roundId: round.id, service, version: round.version, title, purpose, files: roundFiles.length, link },
      });
      return { round, changes };
    });

  const { round, changes } =
    prepared.length === 0
      ? await write([])
      : await storeUploads(storage, "approval-file", customer.id, prepared, write);
  await publishChanges(bus, [...changes, { table: "review_rounds", userId: customer.id }]);
  return round;
}
