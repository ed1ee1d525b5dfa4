import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { isConnectionError, type DatabaseHealth } from "~/lib/database-health.server";
import { LIVE_STREAM_PATH } from "~/lib/realtime";

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
const RETRY_AFTER_SECONDS = "5";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title></head>
<body><main><h1>Temporarily unavailable</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p></main></body></html>`;

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

export function sendDatabaseUnavailable(req: Request, res: Response): void {
  res.status(503).set("Retry-After", RETRY_AFTER_SECONDS).set("Cache-Control", "no-store");
  if (wantsJson(req)) res.json({ error: DATABASE_UNAVAILABLE_MESSAGE });
  else res.type("html").send(PAGE);
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
