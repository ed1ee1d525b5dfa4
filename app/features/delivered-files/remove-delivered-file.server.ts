import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { deliveredFiles } from "~db/schema";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { deleteUpload } from "~/lib/storage/uploads.server";
import type { Deps } from "~/lib/services.server";

/**
 * An admin removes a delivered file (the page asked them to confirm): the row and the audit event in one
 * transaction, then the stored file. Another customer's file id, or one already removed, is 404.
 */
export async function removeDeliveredFile(
  { db, bus, storage }: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: { userId: string; fileId: string },
): Promise<void> {
  const member = requireTeamReach(actor, input.userId);
  if (!z.uuid().safeParse(input.userId).success || !z.uuid().safeParse(input.fileId).success)
    throw new AppError("delivered_file_not_found");
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(deliveredFiles)
      .where(and(eq(deliveredFiles.id, input.fileId), eq(deliveredFiles.userId, input.userId)))
      .returning({
        id: deliveredFiles.id,
        service: deliveredFiles.service,
        name: deliveredFiles.name,
        fileUrl: deliveredFiles.fileUrl,
      });
    if (!row) throw new AppError("delivered_file_not_found");
    await recordAuditEvent(tx, {
      actorId: member.id,
      action: "file.remove",
      customerId: input.userId,
      detail: { fileId: row.id, service: row.service, name: row.name },
    });
    return row;
  });
  const key = keyFromFileUrl("delivered-file", removed.fileUrl);
  if (key)
    await deleteUpload(storage, "delivered-file", key).catch((error: unknown) =>
      console.error("Could not remove a delivered file:", error),
    );
  await publishChanges(bus, [{ table: "delivered_files", userId: input.userId }]);
}
