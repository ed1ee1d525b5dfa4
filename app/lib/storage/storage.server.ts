import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { lstat, mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Env } from "../config/env.server";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../config/private-files.server";

/**
 * The storage buckets, one per family of files. Every file is private: it is served only through the authorized
 * /files route, except the customers' data exports (EXPORTS_BUCKET), which only their own download route serves.
 */
export const BUCKETS = [
  "avatars",
  "admin-note-photos",
  "business-logos",
  "google-business-photos",
  "message-attachments",
  "job-files",
  "exports",
] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * The customers' "Download my data" ZIPs: each may hold its customer's passwords in clear, so the files route, where
 * admins read every file, never serves them (isServedBucket); the export's own route gives a ZIP to its customer only.
 */
export const EXPORTS_BUCKET = "exports" satisfies Bucket;

export function isBucket(value: unknown): value is Bucket {
  return typeof value === "string" && (BUCKETS as readonly string[]).includes(value);
}

/** A bucket the /files route serves: every one but the exports. */
export function isServedBucket(value: unknown): value is Bucket {
  return isBucket(value) && value !== EXPORTS_BUCKET;
}

/** Keys are server-made: segments of letters, digits, dot, dash and underscore, never "." or ".." alone. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

function checkKey(bucket: Bucket, key: string): void {
  if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

export interface Storage {
  /** Stores the bytes under bucket/key, replacing any file there. */
  put(bucket: Bucket, key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(bucket: Bucket, key: string): Promise<Uint8Array | null>;
  /**
   * Stores a stream of `size` bytes under bucket/key without holding it in memory (a data export's ZIP). Storages
   * without it (test doubles) are written through put() by storeStream().
   */
  putStream?(
    bucket: Bucket,
    key: string,
    body: Readable,
    options: { contentType: string; size: number },
  ): Promise<void>;
  /** The file as a stream with its size, or null when there is none; storages without it are read by openStream(). */
  getStream?(bucket: Bucket, key: string): Promise<StoredStream | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** What a bucket holds: its files (previews not counted) and the bytes of everything in it, previews included. */
  usage?(bucket: Bucket): Promise<BucketUsage>;
  /** Every file in a bucket (previews and unfinished writes included), for the start-up sweep (storage-sweep.server.ts). */
  list?(bucket: Bucket): Promise<StoredObject[]>;
  /** Which kind of storage this is, for the admins' status view (which words it). */
  readonly kind?: StorageKind;
}

/** A folder on this server, or an S3-compatible bucket. */
type StorageKind = "local" | "s3";

/** A stored file being read: its bytes as a stream, and how many there are. */
export interface StoredStream {
  body: Readable;
  size: number;
}

export interface StoredObject {
  /** The key inside the bucket, as put() took it (a local folder's unfinished `.part` writes included). */
  key: string;
  /** When it was last written, in milliseconds since the epoch. */
  modifiedAt: number;
}

export interface BucketUsage {
  files: number;
  bytes: number;
}

const isPreview = (name: string) => name.endsWith(".thumb.webp");

/** One app instance: files in a folder (DATA_DIR/storage by default), one sub-folder per bucket. */
export class LocalStorage implements Storage {
  readonly kind = "local";

  constructor(readonly root: string) {}

  async usage(bucket: Bucket): Promise<BucketUsage> {
    if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    const usage = { files: 0, bytes: 0 };
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && !entry.name.endsWith(".part")) {
          usage.bytes += (await stat(full)).size;
          if (!isPreview(entry.name)) usage.files += 1;
        }
      }
    };
    await walk(path.join(this.root, bucket));
    return usage;
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    const objects: StoredObject[] = [];
    const walk = async (dir: string, prefix: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
        else if (entry.isFile())
          objects.push({ key: `${prefix}${entry.name}`, modifiedAt: (await stat(full)).mtimeMs });
      }
    };
    await walk(path.join(this.root, bucket), "");
    return objects;
  }

  private file(bucket: Bucket, key: string): string {
    checkKey(bucket, key);
    return path.join(this.root, bucket, ...key.split("/"));
  }

  /**
   * Whether the folders from the bucket's down to the key's are plain folders ("missing" from the first one that
   * does not exist yet, "blocked" where a file stands instead). The app never makes a link below the root, so one
   * found there was planted (or restored from a crafted archive) to reach the host's files: it is never followed.
   * The root itself is the operator's choice and may be a link.
   */
  private async folders(bucket: Bucket, key: string): Promise<"plain" | "missing" | "linked" | "blocked"> {
    let folder = path.join(this.root, bucket);
    for (const segment of ["", ...key.split("/").slice(0, -1)]) {
      folder = path.join(folder, segment);
      try {
        const found = await lstat(folder);
        if (found.isSymbolicLink()) return "linked";
        if (!found.isDirectory()) return "blocked";
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
        throw error;
      }
    }
    return "plain";
  }

  async put(bucket: Bucket, key: string, body: Uint8Array): Promise<void> {
    const file = this.file(bucket, key);
    if ((await this.folders(bucket, key)) === "linked")
      throw new Error(`Not storing ${bucket}/${key}: a link stands on its path`);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // Written aside then renamed, so a reader never sees half a file.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await writeFile(temporary, body, { flag: "wx", mode: PRIVATE_FILE_MODE });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** A link on the key's path, or as the file itself, counts as no file (see folders()). */
  async get(bucket: Bucket, key: string): Promise<Uint8Array | null> {
    const opened = await this.openFile(bucket, key);
    if (!opened) return null;
    try {
      return new Uint8Array(await opened.handle.readFile());
    } finally {
      await opened.handle.close();
    }
  }

  async getStream(bucket: Bucket, key: string): Promise<StoredStream | null> {
    const opened = await this.openFile(bucket, key);
    // The stream closes the handle when it ends or is destroyed.
    return opened ? { body: opened.handle.createReadStream(), size: opened.size } : null;
  }

  /** The regular file at bucket/key, opened for reading, or null (missing, a link, or not a plain file). */
  private async openFile(bucket: Bucket, key: string): Promise<{ handle: FileHandle; size: number } | null> {
    const file = this.file(bucket, key);
    if ((await this.folders(bucket, key)) !== "plain") return null;
    try {
      // O_NOFOLLOW: the file itself is not followed either, even if it became a link after the check above;
      // O_NONBLOCK: a planted named pipe does not hold the request open.
      const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      let size: number | null = null;
      try {
        const stats = await handle.stat();
        if (stats.isFile()) size = stats.size;
      } finally {
        if (size === null) await handle.close();
      }
      return size === null ? null : { handle, size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") return null;
      throw error;
    }
  }

  async putStream(bucket: Bucket, key: string, body: Readable): Promise<void> {
    const file = this.file(bucket, key);
    if ((await this.folders(bucket, key)) === "linked")
      throw new Error(`Not storing ${bucket}/${key}: a link stands on its path`);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // Written aside then renamed, as put() does.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    // Through a linked folder the file is not ours: it stays. A link as the file itself is removed, not its target.
    const file = this.file(bucket, key);
    if ((await this.folders(bucket, key)) === "linked") return;
    await rm(file, { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * Several app instances: one S3-compatible bucket (AWS S3, MinIO, R2...). The buckets above become key
 * prefixes inside it, so one private bucket is enough.
 */
export class S3Storage implements Storage {
  readonly kind = "s3";
  private readonly client: S3Client;

  async usage(bucket: Bucket): Promise<BucketUsage> {
    if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    const usage = { files: 0, bytes: 0 };
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${bucket}/`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        usage.bytes += object.Size ?? 0;
        if (!isPreview(object.Key ?? "")) usage.files += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return usage;
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${bucket}/`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({
          key: object.Key.slice(bucket.length + 1),
          modifiedAt: object.LastModified?.getTime() ?? Date.now(),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region ?? "us-east-1",
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Many S3-compatible services do not support the newer default checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private key(bucket: Bucket, key: string): string {
    checkKey(bucket, key);
    return `${bucket}/${key}`;
  }

  async put(bucket: Bucket, key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(bucket, key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(bucket: Bucket, key: string): Promise<Uint8Array | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(bucket, key) }),
      );
      return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's body as the SDK receives it (a Node stream), so a large file is never read whole. */
  async getStream(bucket: Bucket, key: string): Promise<StoredStream | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(bucket, key) }),
      );
      const body =
        result.Body instanceof Readable
          ? result.Body
          : Readable.from(result.Body ? [await result.Body.transformToByteArray()] : []);
      return { body, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** One PUT with the length given: the SDK streams the body (a single PUT takes up to 5 GB). */
  async putStream(
    bucket: Bucket,
    key: string,
    body: Readable,
    options: { contentType: string; size: number },
  ): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(bucket, key),
        Body: body,
        ContentLength: options.size,
        ContentType: options.contentType,
      }),
    );
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(bucket, key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** A stored file as a stream: the storage's own streaming read, or (a storage without one) its bytes read whole. */
export async function openStream(storage: Storage, bucket: Bucket, key: string): Promise<StoredStream | null> {
  if (storage.getStream) return storage.getStream(bucket, key);
  const bytes = await storage.get(bucket, key);
  return bytes ? { body: Readable.from([bytes]), size: bytes.byteLength } : null;
}

/** Stores a stream of `size` bytes: the storage's own streaming write, or (a storage without one) put() of the bytes gathered. */
export async function storeStream(
  storage: Storage,
  bucket: Bucket,
  key: string,
  body: Readable,
  options: { contentType: string; size: number },
): Promise<void> {
  if (storage.putStream) return storage.putStream(bucket, key, body, options);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk as Uint8Array);
  await storage.put(bucket, key, Buffer.concat(chunks), options.contentType);
}

export function createStorage(env: Env): Storage {
  if (env.STORAGE_S3_BUCKET) {
    return new S3Storage({
      bucket: env.STORAGE_S3_BUCKET,
      region: env.STORAGE_S3_REGION,
      endpoint: env.STORAGE_S3_ENDPOINT,
      accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.join(env.DATA_DIR, "storage"));
}

/** The path of the authorized download route for a stored file: what *_url columns hold. */
export function fileRoutePath(bucket: Bucket, key: string): string {
  return `/files/${bucket}/${key}`;
}
