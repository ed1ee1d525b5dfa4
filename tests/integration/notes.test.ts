import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUserNotes, auditEvents } from "~db/schema";
import { deleteNote } from "~/features/notes/delete-note.server";
import { listNotes } from "~/features/notes/list-notes.server";
import { saveNote } from "~/features/notes/save-note.server";
import type { SessionUser } from "~/lib/auth/session";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { mayReadFile, thumbnailKey } from "~/domain/upload-kinds";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/user-detail/notes";
import { behindAdminGuard, expectHttpError, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let png: Buffer;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
    .png()
    .toBuffer();
});

const photo = (name = "p.png") => new File([new Uint8Array(png)], name, { type: "image/png" });

/** The Notes tab's action as the framework runs it (behind the admin layout's guard), a multipart form. */
async function postNote(actor: SessionUser | null, userId: string, fields: [string, string][], photos: File[] = []) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  for (const file of photos) body.append("photos", file);
  const request = new Request(`${SITE_URL}/admin/users/${userId}/notes`, {
    method: "POST",
    headers: { origin: SITE_URL },
    body,
  });
  return behindAdminGuard(app.services, actor, request, detailAction, { userId });
}

async function notesOf(userId: string) {
  return app.db.select().from(adminUserNotes).where(eq(adminUserNotes.userId, userId));
}

async function stored(url: string): Promise<boolean> {
  const key = keyFromFileUrl("note-photo", url)!;
  const [file, thumb] = await Promise.all([
    app.services.storage.get("admin-note-photos", key),
    app.services.storage.get("admin-note-photos", thumbnailKey(key)),
  ]);
  return file !== null && thumb !== null;
}

async function auditOf(action: string, customerId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.customerId, customerId)));
}

describe("admin notes", () => {
  it("creates, edits and deletes a note with photos: audited, published, files stored and removed", async () => {
    await app.deliveredChanges();
    const created = await postNote(
      admin.user,
      customerA.id,
      [
        ["intent", "save-note"],
        ["noteId", ""],
        ["title", "First call"],
        ["description", "Wants a logo"],
      ],
      [photo(), photo()],
    );
    expect(created).toEqual({ status: 200, body: { ok: true, title: "Note created successfully" } });
    const [note] = await notesOf(customerA.id);
    expect(note).toMatchObject({ title: "First call", description: "Wants a logo", createdBy: admin.id });
    expect(note!.photoUrls).toHaveLength(2);
    for (const url of note!.photoUrls) {
      expect(url.startsWith(`/files/admin-note-photos/notes/${customerA.id}/`)).toBe(true);
      expect(await stored(url)).toBe(true);
      // The customer the note is about may not read its photos.
      expect(mayReadFile(customerA.user, "admin-note-photos", keyFromFileUrl("note-photo", url)!)).toBe(false);
    }
    expect(await app.deliveredChanges()).toContainEqual({ table: "admin_user_notes", userId: customerA.id });
    expect(await auditOf("note.create", customerA.id)).toEqual([
      expect.objectContaining({ actorId: admin.id, detail: { noteId: note!.id, title: "First call", photos: 2 } }),
    ]);

    // The tab lists it, with its author.
    const page = (await detailLoader({
      request: new Request(`${SITE_URL}/admin/users/${customerA.id}/notes`),
      context: routeContext(app.services, admin.user),
      params: { userId: customerA.id },
    } as never)) as { notes: unknown };
    expect(page.notes).toMatchObject({
      ok: true,
      notes: [{ id: note!.id, title: "First call", author: expect.any(String), photos: [{}, {}] }],
    });

    // Edit: keep the first photo, drop the second, add one.
    const [keep, drop] = note!.photoUrls as [string, string];
    const edited = await postNote(
      admin.user,
      customerA.id,
      [
        ["intent", "save-note"],
        ["noteId", note!.id],
        ["title", "First call (edited)"],
        ["description", "Wants a logo and a site"],
        ["keepPhotos[0]", keep],
      ],
      [photo()],
    );
    expect(edited).toEqual({ status: 200, body: { ok: true, title: "Note updated successfully" } });
    const [after] = await notesOf(customerA.id);
    expect(after!.title).toBe("First call (edited)");
    expect(after!.photoUrls).toHaveLength(2);
    expect(after!.photoUrls[0]).toBe(keep);
    expect(await stored(drop)).toBe(false);
    expect(await stored(after!.photoUrls[1]!)).toBe(true);
    expect(await auditOf("note.update", customerA.id)).toHaveLength(1);

    const deleted = await postNote(admin.user, customerA.id, [
      ["intent", "delete-note"],
      ["noteId", note!.id],
    ]);
    expect(deleted).toEqual({ status: 200, body: { ok: true, title: "Note deleted successfully" } });
    expect(await notesOf(customerA.id)).toEqual([]);
    for (const url of after!.photoUrls) expect(await stored(url)).toBe(false);
    expect(await auditOf("note.delete", customerA.id)).toHaveLength(1);
  });

  it("refuses missing fields, more than 6 photos and files that are not images, storing nothing", async () => {
    const noTitle = await postNote(admin.user, customerB.id, [
      ["intent", "save-note"],
      ["title", ""],
      ["description", "x"],
    ]);
    expect(noTitle).toEqual({ status: 400, body: { ok: false, error: "Title and description are required" } });
    const seven = await postNote(
      admin.user,
      customerB.id,
      [
        ["intent", "save-note"],
        ["title", "T"],
        ["description", "D"],
      ],
      Array.from({ length: 7 }, () => photo()),
    );
    expect(seven).toEqual({ status: 400, body: { ok: false, error: "Maximum 6 photos allowed" } });
    const text = new File(["hello"], "x.png", { type: "image/png" });
    const notImage = await postNote(
      admin.user,
      customerB.id,
      [
        ["intent", "save-note"],
        ["title", "T"],
        ["description", "D"],
      ],
      [text],
    );
    expect(notImage).toEqual({ status: 400, body: { ok: false, error: "A photo is not a valid image" } });
    await expectHttpError(
      saveNote(app.services, admin.user, {
        userId: customerB.id,
        title: "T",
        description: "D",
        photos: [new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.png")],
      }),
      413,
    );
    expect(await notesOf(customerB.id)).toEqual([]);
  });

  it("refuses keeping a photo that is not the edited note's own", async () => {
    await saveNote(app.services, admin.user, {
      userId: customerA.id,
      title: "A's",
      description: "d",
      photos: [photo()],
    });
    const [aNote] = await notesOf(customerA.id);
    await saveNote(app.services, admin.user, { userId: customerB.id, title: "B's", description: "d" });
    const [bNote] = await notesOf(customerB.id);
    await expectHttpError(
      saveNote(app.services, admin.user, {
        userId: customerB.id,
        noteId: bNote!.id,
        title: "B's",
        description: "d",
        keepPhotos: aNote!.photoUrls,
      }),
      400,
    );
    // A note is edited and deleted only under its own customer.
    await expectHttpError(
      saveNote(app.services, admin.user, { userId: customerB.id, noteId: aNote!.id, title: "x", description: "y" }),
      404,
    );
    await expectHttpError(deleteNote(app.services, admin.user, { userId: customerB.id, noteId: aNote!.id }), 404);
    expect((await notesOf(customerA.id))[0]!.title).toBe("A's");
  });

  it("gives customers and anonymous visitors nothing", async () => {
    await saveNote(app.services, admin.user, { userId: customerA.id, title: "Private", description: "admins only" });
    const [note] = await notesOf(customerA.id);
    for (const actor of [customerA.user, null]) {
      const answer = await postNote(actor, customerA.id, [
        ["intent", "delete-note"],
        ["noteId", note!.id],
      ]);
      expect(answer).toHaveProperty("guardedBy");
      expect(
        await postNote(actor, customerA.id, [
          ["intent", "save-note"],
          ["title", "T"],
          ["description", "D"],
        ]),
      ).toHaveProperty("guardedBy");
    }
    await expectHttpError(listNotes(app.services, customerA.user, { userId: customerA.id }), 403);
    await expectHttpError(listNotes(app.services, null, { userId: customerA.id }), 401);
    await expectHttpError(
      saveNote(app.services, customerA.user, { userId: customerA.id, title: "T", description: "D" }),
      403,
    );
    await expectHttpError(deleteNote(app.services, customerB.user, { userId: customerA.id, noteId: note!.id }), 403);
    await expectHttpError(deleteNote(app.services, null, { userId: customerA.id, noteId: note!.id }), 401);
    expect((await notesOf(customerA.id)).map((row) => row.title)).toContain("Private");
    await expectHttpError(deleteNote(app.services, admin.user, { userId: customerA.id, noteId: randomUUID() }), 404);
  });
});
