import type { StoredImageView } from "~/lib/storage/stored-files";

/** One note as the Notes tab shows it. */
export interface NoteView {
  id: string;
  title: string;
  description: string;
  photos: StoredImageView[];
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
  /** The author's name, or null when the author's account is gone. */
  author: string | null;
}

export type NotesLoad = { ok: true; notes: NoteView[] } | { ok: false };

/** How many thumbnails a card shows before '+N'. */
const CARD_PHOTOS = 3;

/** The card's thumbnails and the count of the rest ('+N'; 0 shows nothing). */
export function cardPreview<T>(photos: readonly T[]): { shown: T[]; more: number } {
  return { shown: photos.slice(0, CARD_PHOTOS), more: Math.max(0, photos.length - CARD_PHOTOS) };
}
