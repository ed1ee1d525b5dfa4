import { fromNodeHeaders } from "better-auth/node";
import { Router, type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import { serverText } from "~/lib/i18n/server-texts";
import { logger } from "~/lib/logger.server";
import { loadSessionUser } from "~/lib/session.server";
import type { Services } from "~/lib/services.server";
import { isBucket, isSafeKey } from "~/lib/storage.server";
import { isAllowedImageType, mayReadFile } from "~/lib/uploads";
import { visitorLocale } from "./database-gate";

/**
 * Private files: `GET /files/{bucket}/{key}`, readable per the upload kind the key belongs to
 * (`mayReadFile` in app/lib/uploads.ts): owners and admins for proofs, avatars, logos and business photos;
 * admins only for admin note photos; thumbnails as their original. Anyone else gets 404, as if the file did
 * not exist; anonymous visitors 401. Never cached by a shared cache or kept by the browser.
 */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.get("/files/:bucket/*key", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    try {
      const bucket = req.params.bucket;
      const keyParam = (req.params as unknown as { key: string[] | string }).key;
      const key = Array.isArray(keyParam) ? keyParam.join("/") : keyParam;
      const headers = fromNodeHeaders(req.headers);
      const { user } = await loadSessionUser(services.auth, services.database.db, headers);
      // The answer's words in the reader's language (saved choice, cookie, Accept-Language).
      const i18n = i18nFor(chooseLocale(user?.language, headers));
      if (!user) {
        res.status(401).json({ error: serverText(i18n, "You must be logged in") });
        return;
      }
      if (!isBucket(bucket) || !isSafeKey(key) || !mayReadFile(user, bucket, key)) {
        res.status(404).json({ error: serverText(i18n, "Not found") });
        return;
      }
      const bytes = await services.storage.get(bucket, key);
      if (!bytes) {
        res.status(404).json({ error: serverText(i18n, "Not found") });
        return;
      }
      const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
      const image = isAllowedImageType(sniffed);
      const filename = key.split("/").pop()!;
      res.setHeader("Content-Type", image ? sniffed : "application/octet-stream");
      res.setHeader("Content-Disposition", `${image ? "inline" : "attachment"}; filename="${filename}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Content-Length", String(bytes.byteLength));
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      logger.error({ err: error }, "Serving a file failed");
      res.status(500).json({ error: serverText(i18nFor(visitorLocale(req)), "Something went wrong") });
    }
  });
  return router;
}
