import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { isConnectionError, type DatabaseHealth } from "~/lib/db/database-health.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale, type Locale } from "~/lib/i18n/locales";
import { ERROR_CODES, UNAVAILABLE_TITLE } from "~/lib/http/app-error";
import { LIVE_STREAM_PATH } from "~/lib/realtime/realtime";

const RETRY_AFTER_SECONDS = "5";

/** The 503 page in the visitor's language (their cookie, else Accept-Language: the session needs the database). */
function page(locale: Locale): string {
  const i18n = i18nFor(locale);
  const title = i18n._(UNAVAILABLE_TITLE);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body><main><h1>${title}</h1><p>${i18n._(ERROR_CODES.unavailable.message)}</p></main></body></html>`;
}

/** A request's language without its session: the language cookie, else Accept-Language, else English. */
export function visitorLocale(req: Request): Locale {
  return chooseLocale(
    null,
    new Headers({ cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" }),
  );
}

/** Data and API requests get JSON; a browser's page request gets a small page. */
function wantsJson(req: Request): boolean {
  return (
    req.path.startsWith("/api/") ||
    req.path.startsWith("/resources/") ||
    req.path.startsWith("/__test") ||
    req.path === LIVE_STREAM_PATH ||
    req.path.endsWith(".data") ||
    req.method !== "GET" ||
    !req.accepts("html")
  );
}

function sendDatabaseUnavailable(req: Request, res: Response): void {
  res.status(503).set("Retry-After", RETRY_AFTER_SECONDS).set("Cache-Control", "no-store");
  const locale = visitorLocale(req);
  if (wantsJson(req)) res.json({ error: i18nFor(locale)._(ERROR_CODES.unavailable.message) });
  else res.type("html").send(page(locale));
}

/**
 * While the database is unreachable (lib/database-health.server.ts), every request that would need it is answered
 * 503 with Retry-After at once, rather than each failing on its own; the health and readiness probes and the built
 * assets still go through. Open live streams stay open: the change bus reconnects and tells them to resync.
 */
export function databaseGate(health: DatabaseHealth): RequestHandler {
  return (req, res, next) => {
    if (health.available || req.path === "/healthz" || req.path === "/readyz" || req.path.startsWith("/assets/")) {
      next();
      return;
    }
    sendDatabaseUnavailable(req, res);
  };
}

/** A request that failed because the database went away meanwhile is answered like the gate's (503), not 500. */
export const databaseErrorsAre503: ErrorRequestHandler = (error, req, res, next) => {
  if (!isConnectionError(error) || res.headersSent) {
    next(error);
    return;
  }
  sendDatabaseUnavailable(req, res);
};
