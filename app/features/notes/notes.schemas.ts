import { msg } from "@lingui/core/macro";
import { zodMessage } from "~/lib/i18n/translate";
import { z } from "zod";

export const SAVE_NOTE_INTENT = "save-note";
export const DELETE_NOTE_INTENT = "delete-note";

export const NOTE_TITLE_MAX = 200;
export const NOTE_DESCRIPTION_MAX = 5000;

// 'Title and description are required', in the page's language when the browser checks the form.
const requiredText = (max: number) =>
  z
    .string(zodMessage(msg`Title and description are required`))
    .trim()
    .min(1, zodMessage(msg`Title and description are required`))
    .max(max, zodMessage(msg`Must be at most ${max} characters`));

/**
 * The add/edit note dialog's fields. `noteId` is empty for a new note; `keepPhotos[i]` names the saved
 * photos an edit keeps. New photos travel beside the fields as `photos`.
 */
export const noteFormSchema = z.object({
  intent: z.literal(SAVE_NOTE_INTENT),
  noteId: z.uuid().optional(),
  title: requiredText(NOTE_TITLE_MAX),
  description: requiredText(NOTE_DESCRIPTION_MAX),
  keepPhotos: z
    .array(z.string().optional())
    .optional()
    .transform((values) => (values ?? []).filter((value): value is string => Boolean(value))),
});

export const deleteNoteFormSchema = z.object({
  intent: z.literal(DELETE_NOTE_INTENT),
  noteId: z.uuid(),
});
