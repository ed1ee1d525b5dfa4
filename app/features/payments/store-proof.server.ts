import { fileTypeFromBuffer } from "file-type";
import { badRequest, HttpError } from "~/lib/errors";
import { fileRoutePath, type Storage } from "~/lib/storage.server";
import { MAX_PROOF_BYTES, PROOF_IMAGE_TYPES, PROOF_MESSAGES, proofKey } from "./payment-rules";
import type { PaymentTarget } from "./payments.schemas";

export const PROOF_BUCKET = "admin-note-photos" as const;

export interface StoredProof {
  /** Where the files route serves it. */
  url: string;
  /** Removes the stored file when anything after storing it fails. */
  discard(): Promise<void>;
}

let lastTimestamp = 0;
/**
 * The timestamp in a proof's file name, strictly increasing in this process: two proofs sent in the same
 * millisecond must not share a file, or the refused one's clean-up would remove the accepted one's photo.
 */
function uniqueTimestamp(now: number): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

/**
 * Stores a proof photo privately once its bytes are a JPEG, PNG or WebP of at most 10 MB, under a
 * server-made key. The one place submit-zelle-proof touches storage (the shared uploads module replaces it).
 */
export async function storeProof(
  storage: Storage,
  { userId, target, file, now }: { userId: string; target: PaymentTarget; file: Blob; now: number },
): Promise<StoredProof> {
  if (file.size === 0) throw badRequest(PROOF_MESSAGES.missing);
  if (file.size > MAX_PROOF_BYTES) throw new HttpError(413, PROOF_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = await fileTypeFromBuffer(bytes);
  const ext = sniffed ? PROOF_IMAGE_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !ext) throw badRequest(PROOF_MESSAGES.notImage);
  const key = proofKey(userId, target.serviceType, target.paymentNumber, uniqueTimestamp(now), ext);
  await storage.put(PROOF_BUCKET, key, bytes, sniffed.mime);
  return {
    url: fileRoutePath(PROOF_BUCKET, key),
    discard: () => storage.delete(PROOF_BUCKET, key),
  };
}
