import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** A body compressed at the compressors' best (brotli 11, gzip 9): for bodies made once, never per request. */
export function compressedAtBest(body: string, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "br") return promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return promisify(gzip)(body, { level: 9 });
}

const made = new Map<string, Promise<Buffer>>();

/**
 * A body that never changes while the process runs (a language's catalog script), compressed at the compressors'
 * best once and kept: too slow to do per request (brotli 11 takes a few hundred ms on a catalog, in zlib's thread
 * pool), it makes the file a fifth smaller than the per-request setting. `key` names the body: a new body needs a
 * new key, as the catalog's hashed file name is.
 */
export function compressedOnce(key: string, body: string, encoding: "br" | "gzip"): Promise<Buffer> {
  const id = `${encoding} ${key}`;
  let found = made.get(id);
  if (!found) {
    found = compressedAtBest(body, encoding);
    made.set(id, found);
    found.catch(() => made.delete(id));
  }
  return found;
}
