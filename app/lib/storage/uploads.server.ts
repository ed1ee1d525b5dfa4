import { fileTypeFromBuffer } from "file-type";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { AppError, type ErrorCode } from "../http/app-error";
import { translate } from "../i18n/translate";
import { fileRoutePath, type Storage } from "./storage.server";
import { testPause } from "./test-pauses.server";
import {
  ANY_FILE_TYPE,
  checkUploadSizes,
  IMAGE_TYPES,
  isAllowedImageType,
  PDF_TYPE,
  THUMBNAIL_SIZE,
  thumbnailKey,
  UPLOAD_KINDS,
  uploadKey,
  type StoredFileType,
  type UploadKind,
  type UploadKindRule,
  type UploadProblem,
} from "../../domain/upload-kinds";

const UPLOAD_CODES = {
  missing: "upload_missing",
  notImage: "upload_not_image",
  tooLarge: "upload_too_large",
  tooMany: "upload_too_many",
} as const satisfies Record<UploadProblem, ErrorCode>;

/** A refused upload: 400 (missing, not an allowed image, too many) or 413 (too large), in the kind's words. */
function uploadRefusal(problem: UploadProblem, message: string): AppError {
  return new AppError(UPLOAD_CODES[problem], { detail: message });
}

/** A file that passed the checks: an image with its metadata stripped and its thumbnail made (a PDF as sent, no thumbnail), not stored yet. */
export interface PreparedUpload {
  readonly kind: UploadKind;
  readonly contentType: StoredFileType;
  readonly ext: string;
  readonly image: Uint8Array;
  readonly thumbnail: Uint8Array | null;
}

/** A stored file and its thumbnail, with the /files paths that serve them. */
export interface StoredUpload {
  kind: UploadKind;
  bucket: (typeof UPLOAD_KINDS)[UploadKind]["bucket"];
  key: string;
  /** Null for a PDF, which has no preview. */
  thumbnailKey: string | null;
  contentType: StoredFileType;
  /** What *_url columns hold: the authorized files route's path for the file. */
  url: string;
  thumbnailUrl: string | null;
  /** The stored file's size in bytes. */
  size: number;
}

export interface UploadOptions {
  /** Files of this kind the owner already has, counted against the kind's limit (e.g. saved business photos). */
  alreadyStored?: number;
  /** The file name's stem instead of the kind's default, e.g. `google_business_payment_1` for a proof. */
  stem?: string;
  now?: () => number;
}

// Decompression bombs: a small file that decodes to a huge bitmap is refused before it is decoded.
const MAX_INPUT_PIXELS = 40_000_000;

/** The extension a file of any type is stored with: its name's, if it is a plain one (`zip`, `tar.gz` keeps `gz`), else `bin`. */
export function anyFileExt(name: string | undefined): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name ?? "")?.[1];
  return ext ? ext.toLowerCase() : "bin";
}

async function prepareOne(kind: UploadKind, file: Blob): Promise<PreparedUpload> {
  const messages = UPLOAD_KINDS[kind].messages;
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Any file at all: kept byte for byte, its type never trusted (it is served as a download).
  if ((UPLOAD_KINDS[kind] as UploadKindRule).anyType) {
    return { kind, contentType: ANY_FILE_TYPE, ext: anyFileExt((file as File).name), image: bytes, thumbnail: null };
  }
  // The content decides, never the name or the declared type.
  const sniffed = await fileTypeFromBuffer(bytes);
  const contentType = sniffed?.mime;
  // A PDF is kept as sent: the browser downloads it (the files route never shows it inline).
  const rule: UploadKindRule = UPLOAD_KINDS[kind];
  if (contentType === PDF_TYPE && rule.acceptsPdf)
    return { kind, contentType, ext: "pdf", image: bytes, thumbnail: null };
  if (!isAllowedImageType(contentType)) throw uploadRefusal("notImage", translate(messages.notImage));
  const format = IMAGE_TYPES[contentType];
  try {
    // rotate() applies the EXIF orientation to the pixels first; the output then carries no metadata
    // (sharp keeps none unless asked), so camera, GPS and orientation tags are gone.
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const encoded = input();
    const image =
      format === "jpg"
        ? encoded.jpeg({ quality: 90 })
        : format === "png"
          ? encoded.png()
          : encoded.webp({ quality: 90 });
    const thumbnail = input()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 });
    const [imageBytes, thumbnailBytes] = await Promise.all([image.toBuffer(), thumbnail.toBuffer()]);
    return {
      kind,
      contentType,
      ext: format,
      image: new Uint8Array(imageBytes),
      thumbnail: new Uint8Array(thumbnailBytes),
    };
  } catch {
    // The right magic bytes but no decodable image (truncated, corrupt, or too many pixels).
    throw uploadRefusal("notImage", translate(messages.notImage));
  }
}

/**
 * Checks files against the kind (present, count, size, sniffed type, decodable) and prepares them for
 * storing, without storing anything. Throws an AppError (upload_*), naming the refused file when `field` is given.
 * Any non-Blob entry counts as missing.
 */
export async function prepareUploads(
  kind: UploadKind,
  files: readonly unknown[],
  { alreadyStored = 0, field }: Pick<UploadOptions, "alreadyStored"> & { field?: string } = {},
): Promise<PreparedUpload[]> {
  const blobs = files.map((file) => (file instanceof Blob ? file : null));
  const sizes = blobs.map((blob) => blob?.size ?? 0);
  const problem = checkUploadSizes(kind, sizes, alreadyStored);
  if (problem) throw uploadRefusal(problem.problem, problem.message);
  const prepared: PreparedUpload[] = [];
  // One at a time: each decode holds a full bitmap in memory.
  for (const [index, blob] of blobs.entries()) {
    try {
      prepared.push(await prepareOne(kind, blob!));
    } catch (error) {
      // With the form's field of the files, the refusal names the one it is about (`<field>.<index>`): the form can
      // drop that file and keep the others.
      if (field && error instanceof AppError)
        throw new AppError(error.code, { ...error.options, field: `${field}.${index}` });
      throw error;
    }
  }
  return prepared;
}

let lastTimestamp = 0;
/** Strictly increasing in this process, so two files stored in one millisecond still sort by arrival. */
function uniqueTimestamp(now: number): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

async function removeStored(storage: Storage, stored: readonly StoredUpload[]): Promise<void> {
  await Promise.all(
    stored.flatMap((file) =>
      [file.key, file.thumbnailKey].flatMap((key) => (key ? [storage.delete(file.bucket, key)] : [])),
    ),
  ).catch((error) => console.error("Could not remove uploaded files after a failure:", error));
}

/**
 * The one way to store uploads. Checks the files against the kind (see prepareUploads; raw `FormData`
 * entries or already prepared uploads), stores each image with its metadata stripped and its thumbnail
 * beside it under a server-made key, then runs `work` with what was stored (typically the database
 * transaction that records the URLs). If storing or `work` throws, every file stored by this call is
 * removed and the error is rethrown; nothing is left behind. Returns what `work` returns.
 */
export async function storeUploads<T>(
  storage: Storage,
  kind: UploadKind,
  ownerId: string,
  files: readonly unknown[],
  work: (stored: StoredUpload[]) => Promise<T>,
  options: UploadOptions = {},
): Promise<T> {
  const prepared = files.every((file) => isPrepared(file, kind))
    ? (files as PreparedUpload[])
    : await prepareUploads(kind, files, options);
  if (prepared.length === 0) throw uploadRefusal("missing", translate(UPLOAD_KINDS[kind].messages.missing));
  const bucket = UPLOAD_KINDS[kind].bucket;
  const stored: StoredUpload[] = [];
  try {
    for (const file of prepared) {
      const key = uploadKey(kind, ownerId, file.ext, {
        stem: options.stem,
        timestamp: uniqueTimestamp((options.now ?? Date.now)()),
        random: randomBytes(5).toString("hex"),
      });
      const thumb = file.thumbnail ? thumbnailKey(key) : null;
      // Recorded before the writes, so a half-finished pair is removed too.
      stored.push({
        kind,
        bucket,
        key,
        thumbnailKey: thumb,
        contentType: file.contentType,
        url: fileRoutePath(bucket, key),
        thumbnailUrl: thumb && fileRoutePath(bucket, thumb),
        size: file.image.byteLength,
      });
      await storage.put(bucket, key, file.image, file.contentType);
      await testPause("upload:image-stored");
      if (thumb && file.thumbnail) await storage.put(bucket, thumb, file.thumbnail, "image/webp");
    }
    return await work(stored);
  } catch (error) {
    await removeStored(storage, stored);
    throw error;
  }
}

/** One file of a kind: `storeUploads` with a single file, `work` receiving the one stored upload. */
export function storeUpload<T>(
  storage: Storage,
  kind: UploadKind,
  ownerId: string,
  file: unknown,
  work: (stored: StoredUpload) => Promise<T>,
  options: UploadOptions = {},
): Promise<T> {
  return storeUploads(storage, kind, ownerId, [file], (stored) => work(stored[0]!), options);
}

/** Removes a stored upload and its thumbnail (e.g. a replaced avatar, a deleted note's photos). */
export async function deleteUpload(storage: Storage, kind: UploadKind, key: string): Promise<void> {
  const bucket = UPLOAD_KINDS[kind].bucket;
  await storage.delete(bucket, key);
  await storage.delete(bucket, thumbnailKey(key));
}

function isPrepared(file: unknown, kind: UploadKind): file is PreparedUpload {
  return (
    typeof file === "object" &&
    file !== null &&
    !(file instanceof Blob) &&
    (file as PreparedUpload).kind === kind &&
    (file as PreparedUpload).image instanceof Uint8Array
  );
}
