import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/http/app-error";
import { LocalStorage, S3Storage, type Bucket, type Storage } from "~/lib/storage/storage.server";
import { thumbnailKey } from "~/domain/upload-kinds";
import {
  deleteUpload,
  prepareUploads,
  storeUpload,
  storeUploads,
  type StoredUpload,
} from "~/lib/storage/uploads.server";
import { startFakeS3, type FakeS3 } from "../fakes/s3-server";

let fakeS3: FakeS3;
let localRoot: string;

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  localRoot = mkdtempSync(path.join(os.tmpdir(), "uploads-it-"));
});

afterAll(async () => {
  await fakeS3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

/** A storage and a way to list every stored file in it, as "bucket/key". */
interface Subject {
  storage: Storage;
  list(): string[];
}

function listFiles(root: string, prefix = ""): string[] {
  let found: string[] = [];
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    found = entry.isDirectory() ? [...found, ...listFiles(root, relative)] : [...found, relative];
  }
  return found.sort();
}

let subjectCount = 0;
const subjects: [string, () => Subject][] = [
  [
    "local folder",
    () => {
      const root = path.join(localRoot, String((subjectCount += 1)));
      mkdirSync(root);
      return { storage: new LocalStorage(root), list: () => listFiles(root) };
    },
  ],
  [
    "S3-compatible (real SDK, fake server)",
    () => {
      const bucket = `uploads-${(subjectCount += 1)}`;
      const storage = new S3Storage({
        bucket,
        region: "us-east-1",
        endpoint: fakeS3.url,
        accessKeyId: "test-key",
        secretAccessKey: "test-secret",
        forcePathStyle: true,
      });
      return {
        storage,
        list: () =>
          [...fakeS3.objects.keys()]
            .filter((key) => key.startsWith(`${bucket}/`))
            .map((key) => key.slice(bucket.length + 1))
            .sort(),
      };
    },
  ],
];

/** A 40x20 JPEG from a camera: make, model and GPS position in its EXIF, rotated by the orientation tag. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#c33" } })
    .withExif({
      IFD0: { Make: "TestCam", Model: "X100" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 26/1 46/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "79/1 58/1 56/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The tag ids in the EXIF block's first directory (0x8825 points at the GPS directory). */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_POINTER = 0x8825;

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 4, background: "#08f8" } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 30, height: 30, channels: 3, background: "#0a0" } })
    .webp()
    .toBuffer();
const file = (bytes: Uint8Array, name: string, type = "image/png") => new File([Buffer.from(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toMatch(/^upload_/);
  return error as AppError;
}

describe.each(subjects)("uploads on %s", (_name, make) => {
  it("strips camera and GPS metadata, applies the orientation, keeps the format and writes a thumbnail", async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(exifTags(before.exif!)).toContain(GPS_POINTER);
    expect(before.exif!.toString("latin1")).toContain("TestCam");

    const { storage, list } = make();
    const stored = await storeUpload(
      storage,
      "payment-proof",
      "user-a",
      file(original, "IMG_0001.JPG", "image/jpeg"),
      async (s) => s,
      {
        stem: "google_business_payment_1",
      },
    );
    expect(stored.bucket).toBe("admin-note-photos");
    expect(stored.key).toMatch(/^user-a\/google_business_payment_1_\d+_[a-z0-9]+\.jpg$/);
    expect(stored.thumbnailKey).toBe(thumbnailKey(stored.key));
    expect(stored.url).toBe(`/files/admin-note-photos/${stored.key}`);
    expect(stored.contentType).toBe("image/jpeg");
    expect(list()).toEqual([`admin-note-photos/${stored.key}`, `admin-note-photos/${stored.thumbnailKey}`].sort());

    const kept = (await storage.get("admin-note-photos", stored.key))!;
    const after = await sharp(kept).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(Buffer.from(kept).toString("latin1")).not.toContain("TestCam");
    // Orientation 6 turns the 40x20 picture upright: the pixels are rotated, not just the tag dropped.
    expect([after.width, after.height]).toEqual([20, 40]);

    const thumb = await sharp((await storage.get("admin-note-photos", stored.thumbnailKey!))!).metadata();
    expect(thumb.format).toBe("webp");
    expect(thumb.exif).toBeUndefined();
  });

  it("keeps PNG and WebP as they are and bounds the thumbnail to 320 px", async () => {
    const { storage } = make();
    const stored = await storeUploads(
      storage,
      "google-photo",
      "user-a",
      [file(await png(), "a.png"), file(await webp(), "b.webp", "image/webp")],
      async (s) => s,
    );
    expect(stored.map((s) => s.contentType)).toEqual(["image/png", "image/webp"]);
    expect((await sharp((await storage.get("google-business-photos", stored[0]!.key))!).metadata()).format).toBe("png");
    const thumb = await sharp((await storage.get("google-business-photos", stored[0]!.thumbnailKey!))!).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 213]);
    expect(new Set(stored.map((s) => s.key)).size).toBe(2);
  });

  it("refuses a text file named .png (by its content) and stores nothing", async () => {
    const { storage, list } = make();
    const fake = file(new TextEncoder().encode("just some text, not an image"), "photo.png", "image/png");
    let ran = false;
    const error = await refusal(
      storeUpload(storage, "avatar", "user-a", fake, async () => {
        ran = true;
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("Please select a valid image");
    expect(ran).toBe(false);
    expect(list()).toEqual([]);
  });

  it("refuses an image with the right magic bytes that does not decode", async () => {
    const { storage, list } = make();
    const truncated = (await png()).subarray(0, 60);
    const error = await refusal(
      storeUpload(storage, "website-logo", "user-a", file(truncated, "logo.png"), async () => {}),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("Please select an image file");
    expect(list()).toEqual([]);
  });

  it("refuses an oversize file with 413 before reading it, and too many or missing files with 400", async () => {
    const { storage, list } = make();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(await png());
    const tooLarge = await refusal(storeUpload(storage, "avatar", "user-a", file(big, "me.png"), async () => {}));
    expect([tooLarge.status, tooLarge.message]).toEqual([413, "Image must be smaller than 2MB"]);

    const photo = file(await png(), "p.png");
    const tooMany = await refusal(
      storeUploads(storage, "google-photo", "user-a", [photo, photo, photo], async () => {}, { alreadyStored: 4 }),
    );
    expect([tooMany.status, tooMany.message]).toEqual([400, "You can only upload 2 more photo(s)"]);
    const missing = await refusal(storeUpload(storage, "payment-proof", "user-a", "not a file", async () => {}));
    expect([missing.status, missing.message]).toEqual([400, "Please select a proof of payment photo"]);
    expect(list()).toEqual([]);
  });

  it("removes every stored file and thumbnail when the work after storing fails", async () => {
    const { storage, list } = make();
    const photos = await Promise.all([png(), png(), webp()]).then((all) => all.map((b, i) => file(b, `n${i}.png`)));
    let seen: StoredUpload[] = [];
    await expect(
      storeUploads(storage, "note-photo", "user-a", photos, async (stored) => {
        seen = stored;
        expect(list()).toHaveLength(6);
        throw new Error("the database refused the note");
      }),
    ).rejects.toThrow("the database refused the note");
    expect(seen.map((s) => s.key).every((key) => key.startsWith("notes/user-a/"))).toBe(true);
    expect(list()).toEqual([]);
  });

  it("removes what it stored when storing itself fails half way", async () => {
    const { storage, list } = make();
    let puts = 0;
    const failing: Storage = {
      get: (bucket: Bucket, key: string) => storage.get(bucket, key),
      delete: (bucket: Bucket, key: string) => storage.delete(bucket, key),
      put: async (bucket, key, body, type) => {
        puts += 1;
        if (puts === 3) throw new Error("disk full");
        await storage.put(bucket, key, body, type);
      },
    };
    const photos = [file(await png(), "a.png"), file(await png(), "b.png")];
    await expect(storeUploads(failing, "google-photo", "user-a", photos, async () => {})).rejects.toThrow("disk full");
    expect(list()).toEqual([]);
  });

  it("stores prepared uploads as they are, and deleteUpload removes a file with its thumbnail", async () => {
    const { storage, list } = make();
    const prepared = await prepareUploads("avatar", [file(await png(), "me.png")]);
    expect(list()).toEqual([]);
    const stored = await storeUploads(storage, "avatar", "user-a", prepared, async ([s]) => s!);
    expect(list()).toHaveLength(2);
    await deleteUpload(storage, "avatar", stored.key);
    expect(list()).toEqual([]);
  });
});
