import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { adminUserNotes, profiles } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { prepareUploads, storeUploads, type PreparedUpload, type StoredUpload } from "~/lib/storage/uploads.server";
import { removeNotePhotos } from "./note-photos.server";
import { noteFormSchema, SAVE_NOTE_INTENT } from "./notes.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface SaveNoteInput {
  /** The customer the note is about. */
  userId: string;
  /** Absent for a new note. */
  noteId?: string;
  title: string;
  description: string;
  /** On an edit: the saved photos kept (others are removed). */
  keepPhotos?: readonly string[];
  /** New photo files (FormData entries). */
  photos?: readonly unknown[];
}

const sent = (values: readonly unknown[]) =>
  values.filter((value): value is Blob => value instanceof Blob && value.size > 0);

/**
 * Creates or edits a note about a customer (the team: admins, and staff on their customers). The photos are checked (at most 6 with the kept
 * ones, each an image under 10 MB) before anything is stored, stored before the transaction and removed if
 * it fails; photos an edit drops are removed after the commit. Audited (`note.create` / `note.update`);
 * the change is published for the admins viewing this customer.
 */
export async function saveNote(
  deps: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: SaveNoteInput,
): Promise<"created" | "updated"> {
  const { db, bus, storage } = deps;
  const member = requireTeamReach(actor, input.userId);
  if (!z.uuid().safeParse(input.userId).success) throw new AppError("customer_not_found");
  const parsed = noteFormSchema.safeParse({ ...input, intent: SAVE_NOTE_INTENT });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { noteId, title, description } = parsed.data;
  const keep = [...new Set(parsed.data.keepPhotos)];

  const [customer] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
  if (!customer) throw new AppError("customer_not_found");
  let saved: string[] = [];
  if (noteId) {
    const [existing] = await db
      .select({ photoUrls: adminUserNotes.photoUrls })
      .from(adminUserNotes)
      .where(and(eq(adminUserNotes.id, noteId), eq(adminUserNotes.userId, input.userId)));
    if (!existing) throw new AppError("note_not_found");
    saved = existing.photoUrls;
  } else if (keep.length > 0) {
    throw new AppError("kept_note_photo_unknown");
  }
  if (keep.some((url) => !saved.includes(url))) throw new AppError("kept_note_photo_unknown");

  const files = sent(input.photos ?? []);
  const prepared: PreparedUpload[] =
    files.length === 0 ? [] : await prepareUploads("note-photo", files, { alreadyStored: keep.length });

  const write = (stored: StoredUpload[]) =>
    db.transaction(async (tx) => {
      const photoUrls = [...keep, ...stored.map((photo) => photo.url)];
      if (noteId) {
        const [updated] = await tx
          .update(adminUserNotes)
          .set({ title, description, photoUrls, updatedAt: new Date() })
          .where(and(eq(adminUserNotes.id, noteId), eq(adminUserNotes.userId, input.userId)))
          .returning({ id: adminUserNotes.id });
        if (!updated) throw new AppError("note_not_found");
        await recordAuditEvent(tx, {
          actorId: member.id,
          action: "note.update",
          customerId: input.userId,
          detail: { noteId, title, photos: photoUrls.length },
        });
        return "updated" as const;
      }
      const [created] = await tx
        .insert(adminUserNotes)
        .values({ userId: input.userId, createdBy: member.id, title, description, photoUrls })
        .returning({ id: adminUserNotes.id });
      if (!created) throw new AppError("note_not_saved");
      await recordAuditEvent(tx, {
        actorId: member.id,
        action: "note.create",
        customerId: input.userId,
        detail: { noteId: created.id, title, photos: photoUrls.length },
      });
      return "created" as const;
    });

  const result =
    prepared.length === 0 ? await write([]) : await storeUploads(storage, "note-photo", input.userId, prepared, write);
  await removeNotePhotos(
    storage,
    saved.filter((url) => !keep.includes(url)),
  );
  await publishChanges(bus, [{ table: "admin_user_notes", userId: input.userId }]);
  return result;
}
