import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { deliveredFiles, profiles } from "~db/schema";
import { attachmentName } from "~/features/messages/message-rules";
import { notify } from "~/features/notifications/notify.server";
import { isCustomer } from "~/features/users/customer-query.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { anyFileExt, storeUpload } from "~/lib/storage/uploads.server";
import { ADD_DELIVERED_FILE_INTENT, addDeliveredFileFormSchema } from "./delivered-files.schemas";
import type { Deps } from "~/lib/services.server";

/**
 * An admin adds a finished file to a customer's service: any type, up to 50 MB, stored privately under the
 * customer (they and the admins read it) and always served as a download. In one transaction: the row, the
 * customer's notification and e-mail, the audit event; the file is removed again if the transaction fails.
 */
export async function addDeliveredFile(
  { db, bus, storage }: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: { userId: string; service: string; file: unknown },
): Promise<{ id: string }> {
  const member = requireTeamReach(actor, input.userId);
  if (!z.uuid().safeParse(input.userId).success) throw new AppError("customer_not_found");
  const parsed = addDeliveredFileFormSchema.safeParse({ intent: ADD_DELIVERED_FILE_INTENT, service: input.service });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { service } = parsed.data;
  const [customer] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, input.userId), isCustomer));
  if (!customer) throw new AppError("customer_not_found");
  const file = input.file instanceof Blob && input.file.size > 0 ? input.file : null;
  const name = attachmentName((file as File | null)?.name, anyFileExt((file as File | null)?.name));

  const { id, changes } = await storeUpload(storage, "delivered-file", customer.id, file, (stored) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deliveredFiles)
        .values({ userId: customer.id, service, fileUrl: stored.url, name, size: stored.size, createdBy: member.id })
        .returning({ id: deliveredFiles.id });
      if (!row) throw new AppError("not_saved");
      const changes = await notify(tx, {
        to: { customer: customer.id },
        type: "delivered_file",
        data: { service, name },
      });
      await recordAuditEvent(tx, {
        actorId: member.id,
        action: "file.deliver",
        customerId: customer.id,
        detail: { fileId: row.id, service, name, size: stored.size },
      });
      return { id: row.id, changes };
    }),
  );
  await publishChanges(bus, [...changes, { table: "delivered_files", userId: customer.id }]);
  return { id };
}
