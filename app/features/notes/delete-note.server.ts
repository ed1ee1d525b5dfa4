import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { adminUserNotes } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { removeNotePhotos } from "./note-photos.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** Deletes a note about a customer (the team: admins, and staff on their customers) and, after the commit, its stored photos. Audited (`note.delete`). */
export async function deleteNote(
  deps: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: { userId: string; noteId: string },
): Promise<void> {
  const { db, bus, storage } = deps;
  const member = requireTeamReach(actor, input.userId);
  if (!z.uuid().safeParse(input.userId).success || !z.uuid().safeParse(input.noteId).success)
    throw new AppError("note_not_found");
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(adminUserNotes)
      .where(and(eq(adminUserNotes.id, input.noteId), eq(adminUserNotes.userId, input.userId)))
      .returning({ title: adminUserNotes.title, photoUrls: adminUserNotes.photoUrls });
    if (!row) throw new AppError("note_not_found");
    await recordAuditEvent(tx, {
      actorId: member.id,
      action: "note.delete",
      customerId: input.userId,
      detail: { noteId: input.noteId, title: row.title, photos: row.photoUrls.length },
    });
    return row;
  });
  await removeNotePhotos(storage, deleted.photoUrls);
  await publishChanges(bus, [{ table: "admin_user_notes", userId: input.userId }]);
}
