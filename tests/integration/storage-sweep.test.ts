// The start-up sweep's rules (decision 024), on the test database and a local storage folder: orphan files older than
// the grace period go, files any *_url column or jsonb file list refers to (and their previews) stay, young files stay; and the start-up
// advisory lock lets one holder in at a time on PostgreSQL.
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStartupLock } from "~/lib/db/db.server";
import { LocalStorage } from "~/lib/storage/storage.server";
import { fileColumns, sweepOrphanFiles } from "~/lib/storage/storage-sweep.server";
import { PDF_TYPE, thumbnailKey } from "~/domain/upload-kinds";
import {
  adminUserNotes,
  deliveredFiles,
  googleBusinessInfo,
  messages,
  payments,
  profiles,
  reviewRounds,
  websiteInfo,
} from "~db/schema";
import { testApp } from "./test-app";

const app = testApp();
let root: string;
let storage: LocalStorage;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "sweep-it-"));
  storage = new LocalStorage(root);
});

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const png = new Uint8Array([1, 2, 3]);

async function put(bucket: Parameters<LocalStorage["put"]>[0], key: string, ageMs = 2 * HOUR): Promise<void> {
  await storage.put(bucket, key, png);
  const at = new Date(Date.now() - ageMs);
  utimesSync(path.join(root, bucket, ...key.split("/")), at, at);
}

const stored = async () =>
  (
    await Promise.all(
      (
        ["avatars", "admin-note-photos", "business-logos", "google-business-photos", "message-attachments"] as const
      ).map(async (bucket) => (await storage.list(bucket)).map((object) => `${bucket}/${object.key}`)),
    )
  )
    .flat()
    .sort();

describe("the start-up storage sweep", () => {
  it("finds every column the upload writers fill, and none a client writes", () => {
    const columns = fileColumns().map(({ table, column }) => `${table}.${column}`);
    for (const [table, column] of [
      [profiles, "avatar_url"],
      [payments, "proof_url"],
      [googleBusinessInfo, "logo_url"],
      [googleBusinessInfo, "photo_urls"],
      [websiteInfo, "logo_url"],
      [websiteInfo, "founder_photo_url"],
      [adminUserNotes, "photo_urls"],
      [messages, "attachments"],
      [reviewRounds, "files"],
      [deliveredFiles, "file_url"],
    ] as const) {
      const name = (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")];
      expect(columns).toContain(`${name}.${column}`);
    }
    // The account's image is no server's to write: whatever it says is a client's, and names no file of ours.
    expect(columns).not.toContain("user.image");
  });

  it("removes old orphans (a half-written pair, an unfinished write) and keeps referenced files, their previews and young files", async () => {
    const customer = await app.customer();
    const id = customer.id;
    const proof = `${id}/google_business_payment_1_1_aaaaa.png`;
    const avatar = `${id}/avatar_1_bbbbb.webp`;
    const photo = `${id}/photo_1_ccccc.jpg`;
    const notePhoto = `notes/${id}/note-photo_1_ddddd.jpg`;
    const attachment = `${id}/attachment_1_iiiii.png`;
    const pdf = `${id}/attachment_2_jjjjj.pdf`;
    for (const [bucket, key] of [
      ["message-attachments", attachment],
      ["admin-note-photos", proof],
      ["avatars", avatar],
      ["google-business-photos", photo],
      ["admin-note-photos", notePhoto],
    ] as const) {
      await put(bucket, key);
      await put(bucket, thumbnailKey(key));
    }
    await app.payment(id, { amount: 100, proofUrl: `/files/admin-note-photos/${proof}` });
    await app.db
      .update(profiles)
      .set({ avatarUrl: `/files/avatars/${avatar}` })
      .where(eq(profiles.id, id));
    await app.db.insert(googleBusinessInfo).values({
      userId: id,
      photoUrls: [`/files/google-business-photos/${photo}`],
    } as typeof googleBusinessInfo.$inferInsert);
    await put("message-attachments", pdf);
    const file = (key: string, contentType: string) => ({
      url: `/files/message-attachments/${key}`,
      thumbnailUrl: null,
      name: "f",
      size: 1,
      contentType,
    });
    await app.db
      .insert(messages)
      .values({ userId: id, fromAgency: false, attachments: [file(attachment, "image/png"), file(pdf, PDF_TYPE)] });
    await app.db.insert(adminUserNotes).values({
      userId: id,
      title: "Visit",
      description: "Photos",
      photoUrls: [`/files/admin-note-photos/${notePhoto}`],
    } as typeof adminUserNotes.$inferInsert);

    const orphanImage = `${id}/website_payment_1_2_eeeee.png`; // killed before its preview and its row
    const orphanPair = `${id}/proof_3_fffff.jpg`;
    const unfinished = `${id}/proof_4_ggggg.jpg.0a1b2c3d4e5f.part`;
    const young = `${id}/proof_5_hhhhh.jpg`; // another instance may be storing it right now
    await put("admin-note-photos", orphanImage);
    await put("admin-note-photos", orphanPair);
    await put("admin-note-photos", thumbnailKey(orphanPair));
    await put("admin-note-photos", unfinished);
    await put("admin-note-photos", young, 60_000);

    const result = await sweepOrphanFiles(app.db, storage, { graceMs: HOUR });
    expect(result.removed.sort()).toEqual(
      [orphanImage, orphanPair, thumbnailKey(orphanPair), unfinished].map((key) => `admin-note-photos/${key}`).sort(),
    );
    expect(await stored()).toEqual(
      [
        `admin-note-photos/${proof}`,
        `admin-note-photos/${thumbnailKey(proof)}`,
        `admin-note-photos/${notePhoto}`,
        `admin-note-photos/${thumbnailKey(notePhoto)}`,
        `admin-note-photos/${young}`,
        `avatars/${avatar}`,
        `avatars/${thumbnailKey(avatar)}`,
        `google-business-photos/${photo}`,
        `google-business-photos/${thumbnailKey(photo)}`,
        `message-attachments/${attachment}`,
        `message-attachments/${thumbnailKey(attachment)}`,
        `message-attachments/${pdf}`,
      ].sort(),
    );
    // Everything listed is reported, for the payments check that follows.
    expect(result.listed.has(`admin-note-photos/${proof}`)).toBe(true);
  });
});

describe("the start-up advisory lock", () => {
  it("lets one start-up in at a time on PostgreSQL (the embedded database has one process: it just runs)", async () => {
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push(`${name} out`);
      return name;
    };
    expect(
      await Promise.all([withStartupLock(app.database, step("a")), withStartupLock(app.database, step("b"))]),
    ).toEqual(["a", "b"]);
    if (app.database.kind === "postgres") {
      expect(order).toEqual(
        order[0] === "a in" ? ["a in", "a out", "b in", "b out"] : ["b in", "b out", "a in", "a out"],
      );
    } else {
      expect(order.sort()).toEqual(["a in", "a out", "b in", "b out"]);
    }
  });
});
