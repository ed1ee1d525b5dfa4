import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { adminUserNotes, user } from "~db/schema";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { storedImageView } from "~/lib/storage/stored-files";
import type { NoteView } from "./note-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** A customer's notes, newest first, with their authors' names. Admins, and staff on their customers. */
export async function listNotes(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<NoteView[]> {
  requireTeamReach(actor, userId);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  const rows = await db
    .select({ note: adminUserNotes, author: user.name })
    .from(adminUserNotes)
    .leftJoin(user, eq(user.id, adminUserNotes.createdBy))
    .where(eq(adminUserNotes.userId, userId))
    .orderBy(desc(adminUserNotes.createdAt), desc(adminUserNotes.id));
  return rows.map(({ note, author }) => ({
    id: note.id,
    title: note.title,
    description: note.description,
    photos: note.photoUrls.map(storedImageView),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    author: author ?? null,
  }));
}
