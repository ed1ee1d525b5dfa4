import type { Storage } from "~/lib/storage/storage.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { deleteUpload } from "~/lib/storage/uploads.server";

/** Removes stored note photos (and their thumbnails) after the note stopped referring to them. */
export async function removeNotePhotos(storage: Storage, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const key = keyFromFileUrl("note-photo", url);
    if (!key?.startsWith("notes/")) continue;
    await deleteUpload(storage, "note-photo", key).catch((error: unknown) =>
      console.error("Could not remove a note photo:", error),
    );
  }
}
