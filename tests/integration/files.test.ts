import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_KINDS, type UploadKind } from "~/domain/upload-kinds";
import { LocalStorage } from "~/lib/storage/storage.server";
import { storeUpload, type StoredUpload } from "~/lib/storage/uploads.server";
import { createApp } from "../../server/app";
import { type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
/** One stored file of every kind, owned by (or, for note photos, about) customer A. */
const storedForA = new Map<UploadKind, StoredUpload>();

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = createApp(app.services).listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();
  for (const kind of Object.keys(UPLOAD_KINDS) as UploadKind[]) {
    const file = new File([png], "x.png", { type: "image/png" });
    storedForA.set(kind, await storeUpload(app.services.storage, kind, customerA.id, file, async (stored) => stored));
  }
});

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const get = (url: string, cookie?: string) => fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });

const ownerReadable: UploadKind[] = [
  "avatar",
  "google-logo",
  "google-photo",
  "website-logo",
  "founder-photo",
  "payment-proof",
];

describe("GET /files/{bucket}/{key}: the policy per kind", () => {
  it.each(ownerReadable)(
    "serves a %s and its thumbnail to its owner and admins; 404 to another customer, 401 anonymous",
    async (kind) => {
      const stored = storedForA.get(kind)!;
      for (const url of [stored.url, stored.thumbnailUrl!]) {
        const own = await get(url, customerA.cookie);
        expect(own.status, url).toBe(200);
        expect((await get(url, admin.cookie)).status).toBe(200);
        const other = await get(url, customerB.cookie);
        expect(other.status).toBe(404);
        expect(await other.json()).toEqual({ ok: false, error: { code: "not_found", message: "Not found" } });
        expect((await get(url)).status).toBe(401);
      }
    },
  );

  it("keeps an admin note photo from the customer it is about (same bucket as proofs; the rule is by key)", async () => {
    const note = storedForA.get("note-photo")!;
    const proof = storedForA.get("payment-proof")!;
    expect(note.bucket).toBe(proof.bucket);
    expect(note.key.startsWith("notes/")).toBe(true);
    for (const url of [note.url, note.thumbnailUrl!]) {
      expect((await get(url, customerA.cookie)).status).toBe(404);
      expect((await get(url, customerB.cookie)).status).toBe(404);
      expect((await get(url)).status).toBe(401);
      expect((await get(url, admin.cookie)).status).toBe(200);
    }
    expect((await get(proof.url, customerA.cookie)).status).toBe(200);
  });

  it("answers with the sniffed type, inline disposition, nosniff, a sandbox and no caching", async () => {
    const stored = storedForA.get("avatar")!;
    const own = await get(stored.url, customerA.cookie);
    expect(own.headers.get("content-type")).toBe("image/png");
    const name = stored.key.split("/").pop();
    expect(own.headers.get("content-disposition")).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe("png");

    const thumb = await get(stored.thumbnailUrl!, customerA.cookie);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    // Refusals are not cached either.
    expect((await get(stored.url, customerB.cookie)).headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves a stored file that is not an allowed image as an attachment of unknown type", async () => {
    const key = `${customerA.id}/notes.txt`;
    await app.services.storage.put("avatars", key, new TextEncoder().encode("<script>alert(1)</script>"), "text/html");
    const response = await get(`/files/avatars/${key}`, customerA.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
  });

  it("serves a delivered file as a download whatever its bytes, under the name the page gives, to its customer and the admins", async () => {
    const key = `delivered/${customerA.id}/file_1_abcde.png`;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    await app.services.storage.put("job-files", key, new Uint8Array(png), "application/octet-stream");
    const url = `/files/job-files/${key}?name=${encodeURIComponent("Logo set (final).png")}`;
    for (const cookie of [customerA.cookie, admin.cookie]) {
      const response = await get(url, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Logo set (final).png"; filename*=UTF-8''Logo%20set%20%28final%29.png`,
      );
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    }
    expect((await get(url, customerB.cookie)).status).toBe(404);
    expect((await get(url)).status).toBe(401);
  });

  it("answers 404 for unknown buckets, unsafe and missing keys, even to admins", async () => {
    expect((await get(`/files/admin-note-photos/${customerA.id}/..%2F..%2Fauth-secret`, admin.cookie)).status).toBe(
      404,
    );
    expect((await get(`/files/secrets/${customerA.id}/x.png`, admin.cookie)).status).toBe(404);
    expect((await get(`/files/avatars/${customerA.id}/missing.png`, customerA.cookie)).status).toBe(404);
  });
});

describe("GET /files on the local folder: links planted in the storage folder", () => {
  // Someone who can write into the storage folder (or a crafted backup restored into it) must not turn the files
  // route into a reader of the host's files: a link counts as no file, wherever it is on the key's path.
  let outside: string;
  let png: Buffer;

  beforeAll(async () => {
    outside = mkdtempSync(path.join(os.tmpdir(), "outside-storage-"));
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#00f" } })
      .png()
      .toBuffer();
    writeFileSync(path.join(outside, "host.png"), png);
  });

  afterAll(() => {
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  /** The tests' services store files in a local folder (no S3 settings): the links are planted in it. */
  const local = () => {
    expect(app.services.storage).toBeInstanceOf(LocalStorage);
    return app.services.storage as LocalStorage;
  };

  it("answers 404 for a file that is a symbolic link, though the file it points to is a readable image", async () => {
    const storage = local();
    await app.services.storage.put("avatars", `${customerA.id}/real.png`, png, "image/png");
    expect((await get(`/files/avatars/${customerA.id}/real.png`, customerA.cookie)).status).toBe(200);

    symlinkSync(path.join(outside, "host.png"), path.join(storage.root, "avatars", customerA.id, "planted.png"));
    expect((await get(`/files/avatars/${customerA.id}/planted.png`, customerA.cookie)).status).toBe(404);
    expect((await get(`/files/avatars/${customerA.id}/planted.png`, admin.cookie)).status).toBe(404);
    expect(await app.services.storage.get("avatars", `${customerA.id}/planted.png`)).toBeNull();
  });

  it("answers 404 for a file reached through a linked folder", async () => {
    const storage = local();
    mkdirSync(path.join(storage.root, "avatars", customerA.id), { recursive: true });
    symlinkSync(outside, path.join(storage.root, "avatars", customerA.id, "linked"));
    expect((await get(`/files/avatars/${customerA.id}/linked/host.png`, customerA.cookie)).status).toBe(404);
    expect(await app.services.storage.get("avatars", `${customerA.id}/linked/host.png`)).toBeNull();
  });
});
