import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { FieldError, TextField } from "~/components/forms/form-section";
import { ImageListField } from "~/components/forms/image-upload-field";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { cardPreview, type NoteView, type NotesLoad } from "../note-views";
import {
  DELETE_NOTE_INTENT,
  NOTE_DESCRIPTION_MAX,
  NOTE_TITLE_MAX,
  noteFormSchema,
  SAVE_NOTE_INTENT,
} from "../notes.schemas";

/** 'MMM d, yyyy' (en-US: "Nov 22, 2026"). */
const NOTE_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/**
 * The customer's Notes tab: the notes newest first as cards, with Add Note, and per note Edit and Delete
 * (after a confirmation). Every change reloads this page for every admin viewing it (live updates).
 */
export function AdminNotesTab({ notes }: { notes: NotesLoad }) {
  const [editing, setEditing] = useState<NoteView | "new" | null>(null);
  const [deleting, setDeleting] = useState<NoteView | null>(null);
  const { t } = useLingui();
  return (
    <section aria-labelledby="notes-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
          {t`Notes`}
        </h2>
        <Button type="button" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          {t`Add Note`}
        </Button>
      </div>
      {!notes.ok ? (
        <Card role="alert" className="p-6 text-slate-700">
          {t`Failed to load notes`}
        </Card>
      ) : notes.notes.length === 0 ? (
        <Card className="p-6 text-slate-700">{t`No notes yet`}</Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Customer notes`}>
          {notes.notes.map((note) => (
            <li key={note.id}>
              <NoteCard note={note} onEdit={() => setEditing(note)} onDelete={() => setDeleting(note)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <NoteDialog
          key={editing === "new" ? "new" : editing.id}
          note={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteNoteDialog note={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function NoteCard({ note, onEdit, onDelete }: { note: NoteView; onEdit: () => void; onDelete: () => void }) {
  const { shown, more } = cardPreview(note.photos);
  const { t } = useLingui();
  const noteTitle = note.title;
  return (
    <Card className="flex h-full flex-col gap-3 p-4" aria-label={note.title}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{note.title}</h3>
        <div className="flex shrink-0 gap-1">
          <Button type="button" variant="ghost" size="icon" aria-label={t`Edit note ${noteTitle}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={t`Delete note ${noteTitle}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{note.description}</p>
      {shown.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t`Note photos`}>
          {shown.map((photo, index) => (
            <li key={photo.url}>
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-md focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={t`Note photo ${index + 1}`}
                  className="size-16 rounded-md border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
          {more > 0 ? (
            <li
              className="grid size-16 place-items-center rounded-md bg-slate-100 text-sm font-medium text-slate-700"
              aria-label={t`${more} more photos`}
            >
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="mt-auto text-xs text-slate-600">
        <LocalDateTime iso={note.createdAt} options={NOTE_DATE} />
        {note.author ? ` · ${note.author}` : null}
      </p>
    </Card>
  );
}

/** Add (note null) or edit a note: title, description, photos (kept saved ones plus new ones, at most 6). */
function NoteDialog({ note, onClose }: { note: NoteView | null; onClose: () => void }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const [photos, setPhotos] = useState<File[]>([]);
  const [kept, setKept] = useState<string[]>(note?.photos.map((photo) => photo.url) ?? []);
  const [form, fields] = useValidatedForm({
    id: note ? `note-${note.id}` : "new-note",
    schema: noteFormSchema,
    onValid(event) {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      for (const photo of photos) data.append("photos", photo);
      void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
    },
  });
  useActionToast(fetcher.data, { onSuccess: onClose });
  // The schema's one message ('Title and description are required') is the toast's; beside the fields each
  // empty one says what it misses, so the same sentence does not sit under both.
  const required = t`Title and description are required`;
  const inline = (error: string | undefined, missing: string) => (error === required ? missing : error);
  const titleError = inline(fields.title.errors?.[0], t`Title is required`);
  const descriptionError = inline(fields.description.errors?.[0], t`Description is required`);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent
        title={note ? t`Edit Note` : t`Add Note`}
        description={t`Internal notes are visible to admins only.`}
        className="max-w-2xl"
      >
        <form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name={fields.intent.name} value={SAVE_NOTE_INTENT} />
          <input type="hidden" name={fields.noteId.name} value={note?.id ?? ""} />
          {kept.map((url, index) => (
            <input key={url} type="hidden" name={`${fields.keepPhotos.name}[${index}]`} value={url} />
          ))}
          <TextField
            field={{
              id: fields.title.id,
              name: fields.title.name,
              errorId: fields.title.errorId,
              errors: titleError ? [titleError] : undefined,
            }}
            label={t`Title`}
            required
            maxLength={NOTE_TITLE_MAX}
            defaultValue={note?.title}
          />
          <div className="space-y-1.5">
            <label htmlFor={fields.description.id} className="text-sm font-medium text-slate-800">
              <Trans>Description</Trans>
              <span aria-hidden="true" className="text-red-700">
                {" "}
                *
              </span>
            </label>
            <Textarea
              id={fields.description.id}
              name={fields.description.name}
              rows={5}
              maxLength={NOTE_DESCRIPTION_MAX}
              aria-required
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? fields.description.errorId : undefined}
              defaultValue={note?.description}
            />
            <FieldError id={fields.description.errorId} message={descriptionError} />
          </div>
          <ImageListField
            kind="note-photo"
            label={t`Photos`}
            saved={note?.photos ?? []}
            kept={kept}
            onKept={setKept}
            files={photos}
            onFiles={setPhotos}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Saving...` : note ? t`Save Changes` : t`Create Note`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteNoteDialog({ note, onClose }: { note: NoteView; onClose: () => void }) {
  const { t } = useLingui();
  const noteTitle = note.title;
  return (
    <ConfirmActionDialog
      title={t`Delete Note`}
      description={t`Are you sure you want to delete "${noteTitle}"? This cannot be undone.`}
      fields={{ intent: DELETE_NOTE_INTENT, noteId: note.id }}
      confirm={t`Delete`}
      confirming={t`Deleting...`}
      onClose={onClose}
    />
  );
}
