import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n/translate";

/**
 * The upload kinds: one row per kind of file a user can send, read by the server (checks, keys, the files
 * route's policy) and by the browser (early size and count checks before a file is sent). Pure: no storage.
 *
 * A key is `<prefix><ownerId>/<stem>_<timestamp>_<random>.<ext>`; its thumbnail sits beside it at
 * `<same key without extension>.thumb.webp` (see `thumbnailKey`). The owner segment is the customer the file
 * belongs to (for admin note photos: the customer the note is about, who still may not read it).
 */

/** The storage buckets (the same list as storage.server.ts, which the browser must not import). */
type UploadBucket =
  | "avatars"
  | "admin-note-photos"
  | "business-logos"
  | "google-business-photos"
  | "message-attachments"
  | "job-files";

/**
 * Who may read a kind's files besides admins: its owner and the staff assigned to them; its owner only (payment
 * proofs: money is the admins'); or the assigned staff only (the team's note photos).
 */
type UploadReaders = "owner-and-team" | "owner-and-admins" | "team";

/** A kind's refusals, as catalog messages: read in the page's language in the browser, the request's on the server. */
interface UploadMessages {
  missing: MessageDescriptor;
  notImage: MessageDescriptor;
  tooLarge: MessageDescriptor;
  /** Shown when more files are sent than the kind allows; `{n}` is how many more may be added. */
  tooMany: MessageDescriptor;
}

export interface UploadKindRule {
  bucket: UploadBucket;
  /** Keys start with this prefix before the owner segment ("" or a folder ending in "/"). */
  prefix: string;
  /** The file name's default stem; a caller may give its own (e.g. a proof's `website_payment_2`). */
  stem: string;
  maxBytes: number;
  /** How many files of this kind one owner may have in one place (e.g. 6 business photos). */
  maxFiles: number;
  readers: UploadReaders;
  messages: UploadMessages;
  /** PDF documents too, besides images (kept as sent: no thumbnail). */
  acceptsPdf?: boolean;
  /** Any file at all, kept as sent (no thumbnail) and always downloaded, never shown in the browser. */
  anyType?: boolean;
}

const MB = 1024 * 1024;

/** The content types every kind accepts, as sniffed from the bytes, and the extension each is stored with. */
export const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const satisfies Record<string, string>;
export type ImageType = keyof typeof IMAGE_TYPES;

export function isAllowedImageType(mime: string | undefined): mime is ImageType {
  return mime !== undefined && Object.hasOwn(IMAGE_TYPES, mime);
}

export const PDF_TYPE = "application/pdf";
/** The type a file of any type is stored and served as. */
export const ANY_FILE_TYPE = "application/octet-stream";
/** What a stored file is, as sniffed from its bytes: an image, a PDF for the kinds that take one, or any file. */
export type StoredFileType = ImageType | typeof PDF_TYPE | typeof ANY_FILE_TYPE;

/** Each kind of upload: where it is stored, its size and count limits, who may read it, and its refusals' messages. */
export const UPLOAD_KINDS = {
  avatar: {
    bucket: "avatars",
    prefix: "",
    stem: "avatar",
    maxBytes: 2 * MB,
    maxFiles: 1,
    readers: "owner-and-team",
    messages: {
      missing: msg`Please select a valid image`,
      notImage: msg`Please select a valid image`,
      tooLarge: msg`Image must be smaller than 2MB`,
      tooMany: msg`Please select one image`,
    },
  },
  "google-logo": {
    bucket: "business-logos",
    prefix: "",
    stem: "google-logo",
    maxBytes: 5 * MB,
    maxFiles: 1,
    readers: "owner-and-team",
    messages: {
      missing: msg`Please select an image file`,
      notImage: msg`Please select an image file`,
      tooLarge: msg`Logo must be less than 5MB`,
      tooMany: msg`Please select one logo`,
    },
  },
  "google-photo": {
    bucket: "google-business-photos",
    prefix: "",
    stem: "photo",
    maxBytes: 5 * MB,
    maxFiles: 6,
    readers: "owner-and-team",
    messages: {
      missing: msg`Please select an image file`,
      notImage: msg`Please select an image file`,
      tooLarge: msg`Each photo must be less than 5MB`,
      tooMany: msg({ message: "You can only upload {n} more photo(s)" }),
    },
  },
  "website-logo": {
    bucket: "business-logos",
    prefix: "",
    stem: "website-logo",
    maxBytes: 5 * MB,
    maxFiles: 1,
    readers: "owner-and-team",
    messages: {
      missing: msg`Please select an image file`,
      notImage: msg`Please select an image file`,
      tooLarge: msg`File size must be less than 5MB`,
      tooMany: msg`Please select one image`,
    },
  },
  // Founder photos go in the avatars bucket, with the profile pictures.
  "founder-photo": {
    bucket: "avatars",
    prefix: "",
    stem: "founder",
    maxBytes: 5 * MB,
    maxFiles: 1,
    readers: "owner-and-team",
    messages: {
      missing: msg`Please select an image file`,
      notImage: msg`Please select an image file`,
      tooLarge: msg`File size must be less than 5MB`,
      tooMany: msg`Please select one image`,
    },
  },
  // Notes are the admins' own: the customer they are about never reads them, so they live under notes/.
  "note-photo": {
    bucket: "admin-note-photos",
    prefix: "notes/",
    stem: "note-photo",
    maxBytes: 10 * MB,
    maxFiles: 6,
    readers: "team",
    messages: {
      missing: msg`Please select an image file`,
      notImage: msg`A photo is not a valid image`,
      tooLarge: msg`Each photo must be smaller than 10MB`,
      tooMany: msg`Maximum 6 photos allowed`,
    },
  },
  "payment-proof": {
    bucket: "admin-note-photos",
    prefix: "",
    stem: "proof",
    maxBytes: 10 * MB,
    maxFiles: 1,
    readers: "owner-and-admins",
    messages: {
      missing: msg`Please select a proof of payment photo`,
      notImage: msg`The proof of payment must be a JPEG, PNG or WebP image`,
      tooLarge: msg`The proof of payment photo must be smaller than 10MB`,
      tooMany: msg`Please select one proof of payment photo`,
    },
  },
  // A conversation's files, whoever sent them, belong to its customer: they and the admins read them.
  "message-attachment": {
    bucket: "message-attachments",
    prefix: "",
    stem: "attachment",
    maxBytes: 10 * MB,
    maxFiles: 5,
    readers: "owner-and-team",
    acceptsPdf: true,
    messages: {
      missing: msg`Please choose a file to attach`,
      notImage: msg`Attach JPEG, PNG or WebP images or PDF files only`,
      tooLarge: msg`Each file must be smaller than 10MB`,
      tooMany: msg`You can attach at most 5 files`,
    },
  },
  // What the agency sends a customer to approve (a draft, a preview): theirs and the admins' to read.
  "approval-file": {
    bucket: "job-files",
    prefix: "approvals/",
    stem: "approval",
    maxBytes: 10 * MB,
    maxFiles: 6,
    readers: "owner-and-team",
    acceptsPdf: true,
    messages: {
      missing: msg`Please choose a file to send`,
      notImage: msg`Send JPEG, PNG or WebP images or PDF files only`,
      tooLarge: msg`Each file must be smaller than 10MB`,
      tooMany: msg`You can send at most 6 files`,
    },
  },
  // The finished work a customer downloads (a logo set, a site backup, a hand-over document): any type.
  "delivered-file": {
    bucket: "job-files",
    prefix: "delivered/",
    stem: "file",
    maxBytes: 50 * MB,
    maxFiles: 1,
    readers: "owner-and-team",
    anyType: true,
    messages: {
      missing: msg`Please choose a file`,
      notImage: msg`Please choose a file`,
      tooLarge: msg`The file must be smaller than 50MB`,
      tooMany: msg`Add one file at a time`,
    },
  },
} as const satisfies Record<string, UploadKindRule>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The longest side of a preview thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const STEM = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function isSafeStem(stem: string): boolean {
  return STEM.test(stem);
}

/** The key a new file of this kind is stored under. Throws on an owner id or stem that is not a plain name. */
export function uploadKey(
  kind: UploadKind,
  ownerId: string,
  ext: string,
  { stem, timestamp, random }: { stem?: string; timestamp: number; random: string },
): string {
  const rule = UPLOAD_KINDS[kind];
  const name = stem ?? rule.stem;
  if (!SEGMENT.test(ownerId) || ownerId.length > 128) throw new Error(`Unsafe owner id for an upload: ${ownerId}`);
  if (!isSafeStem(name)) throw new Error(`Unsafe file stem for an upload: ${name}`);
  if (!/^[a-z0-9]{1,32}$/.test(random))
    throw new Error("The random part of an upload key must be lowercase letters and digits");
  return `${rule.prefix}${ownerId}/${name}_${timestamp}_${random}.${ext}`;
}

const THUMBNAIL_SUFFIX = ".thumb.webp";

/** Where a stored image's preview lives: beside it, same name, `.thumb.webp` instead of its extension. */
export function thumbnailKey(key: string): string {
  const slash = key.lastIndexOf("/");
  const dot = key.lastIndexOf(".");
  const base = dot > slash ? key.slice(0, dot) : key;
  return `${base}${THUMBNAIL_SUFFIX}`;
}

/**
 * The kind a stored key belongs to within its bucket: the kind of that bucket with the longest matching
 * prefix (so `notes/...` in admin-note-photos is a note photo, anything else there a payment proof).
 * Thumbnails share their original's key up to the extension, so they get the same kind.
 */
export function kindOfKey(bucket: string, key: string): UploadKind | null {
  let found: UploadKind | null = null;
  for (const [kind, rule] of Object.entries(UPLOAD_KINDS) as [UploadKind, UploadKindRule][]) {
    if (rule.bucket !== bucket || !key.startsWith(rule.prefix)) continue;
    if (found === null || rule.prefix.length > UPLOAD_KINDS[found].prefix.length) found = kind;
  }
  return found;
}

/** The owner segment of a key of this kind (the first segment after the kind's prefix). */
export function ownerOfKey(kind: UploadKind, key: string): string | null {
  const rest = key.slice(UPLOAD_KINDS[kind].prefix.length);
  const [owner, ...file] = rest.split("/");
  return owner && file.length > 0 ? owner : null;
}

/** Who asks for a file: the acting user as the session knows them (a staff member with their customers). */
interface FileReader {
  id: string;
  isAdmin: boolean;
  assignedCustomerIds?: readonly string[] | null;
}

/**
 * The files route's policy: admins read every stored file; a customer reads the files of kinds readable by their
 * owner whose owner segment is their own id; a staff member those of kinds the team reads whose owner is assigned
 * to them. Note photos are the team's, even for the customer the note is about; payment proofs are not the staff's.
 * Unknown buckets and keys that fit no kind are for nobody but admins.
 */
export function mayReadFile(actor: FileReader, bucket: string, key: string): boolean {
  if (actor.isAdmin) return true;
  const kind = kindOfKey(bucket, key);
  const owner = kind ? ownerOfKey(kind, key) : null;
  if (!kind || !owner) return false;
  const { readers } = UPLOAD_KINDS[kind];
  if (owner === actor.id) return readers !== "team";
  return readers !== "owner-and-admins" && (actor.assignedCustomerIds?.includes(owner) ?? false);
}

/** The message for too many files, with how many more may still be added. */
function tooManyMessage(kind: UploadKind, remaining: number): string {
  return translate({ ...UPLOAD_KINDS[kind].messages.tooMany, values: { n: Math.max(0, remaining) } });
}

export type UploadProblem = "missing" | "notImage" | "tooLarge" | "tooMany";

/**
 * The checks that need no bytes, for the browser before sending and the server before reading: how many
 * files (with `alreadyStored` saved ones counting against the kind's limit) and how large each is.
 * The content check (sniffing) is the server's alone.
 */
export function checkUploadSizes(
  kind: UploadKind,
  sizes: readonly number[],
  alreadyStored = 0,
): { problem: UploadProblem; message: string } | null {
  const rule = UPLOAD_KINDS[kind];
  if (sizes.length === 0 || sizes.some((size) => size <= 0))
    return { problem: "missing", message: translate(rule.messages.missing) };
  const remaining = rule.maxFiles - alreadyStored;
  if (sizes.length > remaining) return { problem: "tooMany", message: tooManyMessage(kind, remaining) };
  if (sizes.some((size) => size > rule.maxBytes))
    return { problem: "tooLarge", message: translate(rule.messages.tooLarge) };
  return null;
}

/**
 * What a file's first bytes say it is, for the types the kinds accept (the magic numbers the server's sniffing
 * reads): null for anything else. The browser reads it to refuse a file as it is picked; the server still sniffs
 * and decodes every file it is sent.
 */
export function sniffedType(head: Uint8Array): ImageType | typeof PDF_TYPE | null {
  const at = (offset: number, ...bytes: number[]) => bytes.every((byte, index) => head[offset + index] === byte);
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  // "RIFF", four bytes of length, "WEBP".
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  // "%PDF-"
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return PDF_TYPE;
  return null;
}

/** How many first bytes `sniffedType` reads. */
const SNIFFED_BYTES = 12;

/**
 * The browser's check of one picked file against the kind, before it joins the files to send: its size and what its
 * first bytes say it is. What is wrong with it (the kind's `messages` word it), or null when the file may go.
 */
export async function checkPickedFile(kind: UploadKind, file: Blob): Promise<Exclude<UploadProblem, "tooMany"> | null> {
  const rule: UploadKindRule = UPLOAD_KINDS[kind];
  if (file.size <= 0) return "missing";
  if (file.size > rule.maxBytes) return "tooLarge";
  if (rule.anyType) return null;
  const type = sniffedType(new Uint8Array(await file.slice(0, SNIFFED_BYTES).arrayBuffer()));
  if (type === null || (type === PDF_TYPE && !rule.acceptsPdf)) return "notImage";
  return null;
}

/** Room for a form's other fields and the multipart framing around its files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The request body limit a route taking this kind's files needs: all of its files at their largest plus
 * the form around them (e.g. note photos: 6 x 10 MB + 64 KB).
 */
export function uploadBodyLimit(kind: UploadKind, files: number = UPLOAD_KINDS[kind].maxFiles): number {
  return files * UPLOAD_KINDS[kind].maxBytes + FORM_OVERHEAD_BYTES;
}
