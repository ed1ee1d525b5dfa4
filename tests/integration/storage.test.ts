import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/config/env.server";
import { createStorage, LocalStorage, S3Storage, type Storage } from "~/lib/storage/storage.server";
import { startFakeS3, type FakeS3 } from "../fakes/s3-server";

let fakeS3: FakeS3;
let localRoot: string;

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  localRoot = mkdtempSync(path.join(os.tmpdir(), "storage-it-"));
});

afterAll(async () => {
  await fakeS3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const s3Settings = () => ({
  bucket: "agency-private",
  region: "us-east-1",
  endpoint: fakeS3.url,
  accessKeyId: "test-key",
  secretAccessKey: "test-secret",
  forcePathStyle: true,
});

const implementations: [string, () => Storage][] = [
  ["local folder", () => new LocalStorage(localRoot)],
  ["S3-compatible (real SDK, fake server)", () => new S3Storage(s3Settings())],
];

describe.each(implementations)("Storage: %s", (_name, make) => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it("puts, gets, replaces and deletes a file", async () => {
    const storage = make();
    const key = "user-1/google_business_payment_1_1700000000000.png";
    expect(await storage.get("admin-note-photos", key)).toBeNull();
    await storage.put("admin-note-photos", key, png, "image/png");
    expect(Array.from((await storage.get("admin-note-photos", key))!)).toEqual(Array.from(png));
    await storage.put("admin-note-photos", key, new Uint8Array([9, 9]), "image/png");
    expect(Array.from((await storage.get("admin-note-photos", key))!)).toEqual([9, 9]);
    await storage.delete("admin-note-photos", key);
    expect(await storage.get("admin-note-photos", key)).toBeNull();
    // Deleting a missing file is not an error.
    await storage.delete("admin-note-photos", key);
  });

  it("keeps buckets apart", async () => {
    const storage = make();
    await storage.put("avatars", "user-2/avatar.png", png, "image/png");
    expect(await storage.get("admin-note-photos", "user-2/avatar.png")).toBeNull();
    expect(await storage.get("avatars", "user-2/avatar.png")).not.toBeNull();
  });

  it("streams a file in and out without holding it whole, and answers null for a missing one", async () => {
    const storage = make();
    const key = "user-3/export.zip";
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 0x5a);
    expect(await storage.getStream!("exports", key)).toBeNull();
    // Fed in 64 KB chunks, as a file read stream would.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    await storage.putStream!("exports", key, Readable.from(chunks), {
      contentType: "application/zip",
      size: bytes.length,
    });
    const stored = await storage.getStream!("exports", key);
    expect(stored?.size).toBe(bytes.length);
    const read: Buffer[] = [];
    for await (const chunk of stored!.body) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    await storage.delete("exports", key);
    expect(await storage.getStream!("exports", key)).toBeNull();
  });

  it("refuses unsafe keys and unknown buckets", async () => {
    const storage = make();
    for (const key of ["../escape.png", "a/../../b.png", "/abs.png", "a//b.png", "a/./b.png", ""]) {
      await expect(storage.put("avatars", key, png, "image/png")).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(storage.get("secrets" as never, "a.png")).rejects.toThrow(/Unknown storage bucket/);
  });
});

describe("LocalStorage and links below its root", () => {
  // The app never makes a link in its storage folder: one found there was planted to reach the host's files, so it
  // is neither read, written nor deleted through.
  it("neither reads, writes nor deletes through a linked folder; a linked file is removed as a link", async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "storage-outside-"));
    try {
      writeFileSync(path.join(outside, "host.png"), "host");
      const storage: Storage = new LocalStorage(localRoot);
      mkdirSync(path.join(localRoot, "avatars", "user-9"), { recursive: true });
      symlinkSync(outside, path.join(localRoot, "avatars", "user-9", "linked"));
      symlinkSync(path.join(outside, "host.png"), path.join(localRoot, "avatars", "user-9", "file.png"));

      expect(await storage.get("avatars", "user-9/linked/host.png")).toBeNull();
      expect(await storage.get("avatars", "user-9/file.png")).toBeNull();
      expect(await storage.getStream!("avatars", "user-9/linked/host.png")).toBeNull();
      expect(await storage.getStream!("avatars", "user-9/file.png")).toBeNull();
      await expect(
        storage.putStream!("avatars", "user-9/linked/new.png", Readable.from([Buffer.from([1])]), {
          contentType: "image/png",
          size: 1,
        }),
      ).rejects.toThrow(/a link stands on its path/);
      await expect(storage.put("avatars", "user-9/linked/new.png", new Uint8Array([1]), "image/png")).rejects.toThrow(
        /a link stands on its path/,
      );
      await storage.delete("avatars", "user-9/linked/host.png");
      await storage.delete("avatars", "user-9/file.png");

      expect(readdirSync(outside)).toEqual(["host.png"]);
      expect(readFileSync(path.join(outside, "host.png"), "utf8")).toBe("host");
      expect(existsSync(path.join(localRoot, "avatars", "user-9", "file.png"))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("createStorage", () => {
  it("uses DATA_DIR/storage by default and S3 when STORAGE_S3_BUCKET is set", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "storage-env-"));
    try {
      const local = createStorage(parseEnv({ DATA_DIR: dataDir }));
      expect(local).toBeInstanceOf(LocalStorage);
      await local.put("avatars", "u/avatar.png", new Uint8Array([1]), "image/png");
      expect(readdirSync(path.join(dataDir, "storage", "avatars", "u"))).toEqual(["avatar.png"]);

      const s3 = createStorage(
        parseEnv({
          DATA_DIR: dataDir,
          STORAGE_S3_BUCKET: "agency-private",
          STORAGE_S3_ENDPOINT: fakeS3.url,
          STORAGE_S3_ACCESS_KEY_ID: "k",
          STORAGE_S3_SECRET_ACCESS_KEY: "s",
          STORAGE_S3_FORCE_PATH_STYLE: "true",
        }),
      );
      expect(s3).toBeInstanceOf(S3Storage);
      await s3.put("admin-note-photos", "u/p.png", new Uint8Array([7]), "image/png");
      expect(fakeS3.objects.get("agency-private/admin-note-photos/u/p.png")?.body).toEqual(Buffer.from([7]));
      expect(fakeS3.objects.get("agency-private/admin-note-photos/u/p.png")?.contentType).toBe("image/png");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("needs both S3 keys together", () => {
    expect(() => parseEnv({ DATA_DIR: localRoot, STORAGE_S3_BUCKET: "b", STORAGE_S3_ACCESS_KEY_ID: "k" })).toThrow(
      /STORAGE_S3_SECRET_ACCESS_KEY: STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY must be set together/,
    );
  });
});
