import { fromNodeHeaders } from "better-auth/node";
import { Router, type Request, type Response } from "express";
import { pipeline } from "node:stream/promises";
import { openDataExportDownload } from "~/features/data-export/open-data-export-download.server";
import { maintenanceFor } from "~/lib/auth/maintenance.server";
import { readSessionUser } from "~/lib/auth/session-middleware.server";
import { AppError } from "~/lib/http/app-error";
import { contentDisposition } from "~/lib/http/content-disposition";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import type { Services } from "~/lib/services.server";
import { visitorLocale } from "./database-gate";

/**
 * `GET /exports/{exportId}/download`: a customer's data export, the ZIP piped from storage to the response as it is
 * read, for that customer alone (openDataExportDownload): anyone else, admins included, 404; an expired one 410; a
 * visitor 401 (the link is only on the signed-in Profile page: there is no page to come back to); a customer during
 * Maintenance Mode 503. Refusals in the reader's language, never cached.
 *
 * An Express endpoint, as the files route, rather than a React Router resource route: with a web-stream body
 * written through the React Router adapter, the server's memory grew with the size of the file (about 100 MB more
 * for a 138 MB ZIP in `npm run bench:export`); a Node stream piped to the socket keeps it flat.
 */
export function dataExportDownloadRouter(services: Services): Router {
  const router = Router();
  router.get(`${ENDPOINTS.dataExports}/:exportId/download`, async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    let locale = visitorLocale(req);
    try {
      const headers = fromNodeHeaders(req.headers);
      const { user } = await readSessionUser(services, req.method, headers);
      locale = chooseLocale(user?.language, headers);
      if (!user) throw new AppError("not_signed_in");
      if (await maintenanceFor(services, user)) throw new AppError("maintenance");
      const download = await openDataExportDownload(services, user, {
        exportId: String(req.params.exportId),
      });
      res.setHeader("Content-Type", "application/zip");
      res.setHeader("Content-Length", String(download.size));
      res.setHeader("Content-Disposition", contentDisposition("attachment", download.fileName));
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      // A client that goes away mid-download ends the pipeline: the storage read is closed with it.
      await pipeline(download.body, res).catch(() => {});
    } catch (error) {
      const { status, body } = jsonFailure(error, i18nFor(locale));
      res.status(status).json(body);
    }
  });
  return router;
}
