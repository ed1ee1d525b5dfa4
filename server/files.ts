import { fromNodeHeaders } from "better-auth/node";
import { Router, type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "~/lib/http/app-error";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import type { Services } from "~/lib/services.server";
import { readSessionUser } from "~/lib/auth/session-middleware.server";
import { isSafeKey, isServedBucket } from "~/lib/storage/storage.server";
import {
  ANY_FILE_TYPE,
  isAllowedImageType,
  kindOfKey,
  mayReadFile,
  PDF_TYPE,
  UPLOAD_KINDS,
  type UploadKindRule,
} from "~/domain/upload-kinds";
import { contentDisposition } from "~/lib/http/content-disposition";
import { visitorLocale } from "./database-gate";

/**
 * Private files: `GET /files/{bucket}/{key}`, readable per the upload kind the key belongs to
 * (`mayReadFile` in app/domain/upload-kinds.ts): owners and admins for proofs, avatars, logos and business photos;
 * admins only for admin note photos; thumbnails as their original. Anyone else gets 404, as if the file did
 * not exist; anonymous visitors 401. Never cached by a shared cache or kept by the browser.
 */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.get(`${ENDPOINTS.files}/:bucket/*key`, async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    // The answer's words in the reader's language (saved choice, cookie, Accept-Language).
    let locale = visitorLocale(req);
    try {
      const bucket = req.params.bucket;
      const keyParam = (req.params as unknown as { key: string[] | string }).key;
      const key = Array.isArray(keyParam) ? keyParam.join("/") : keyParam;
      const headers = fromNodeHeaders(req.headers);
      const { user } = await readSessionUser(services, req.method, headers);
      locale = chooseLocale(user?.language, headers);
      if (!user) throw new AppError("not_signed_in");
      // Data exports are not served here, even to admins: only their customer downloads one, through its own route.
      if (!isServedBucket(bucket) || !isSafeKey(key) || !mayReadFile(user, bucket, key))
        throw new AppError("not_found");
      const bytes = await services.storage.get(bucket, key);
      if (!bytes) throw new AppError("not_found");
      // A file of any type (a delivered file) is downloaded whatever its bytes look like.
      const kind = kindOfKey(bucket, key);
      const anyType = kind !== null && (UPLOAD_KINDS[kind] as UploadKindRule).anyType === true;
      const sniffed = anyType ? undefined : (await fileTypeFromBuffer(bytes))?.mime;
      const image = isAllowedImageType(sniffed);
      // The name it is saved under: the one the page gives (`?name=`, the sender's file name), else the key's.
      const filename = typeof req.query.name === "string" && req.query.name ? req.query.name : key.split("/").pop()!;
      // A PDF (a message's attachment) keeps its type but is downloaded, never shown inside the site.
      res.setHeader("Content-Type", image || sniffed === PDF_TYPE ? sniffed! : ANY_FILE_TYPE);
      res.setHeader("Content-Disposition", contentDisposition(image ? "inline" : "attachment", filename));
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Content-Length", String(bytes.byteLength));
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      const { status, body } = jsonFailure(error, i18nFor(locale));
      res.status(status).json(body);
    }
  });
  return router;
}
