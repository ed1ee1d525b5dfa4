import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import { requestContext, type Logger } from "~/lib/logger.server";

const REQUEST_ID_HEADER = "X-Request-Id";

/** A request id a client or proxy may hand in: short, and nothing that could forge a log line or a header. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values never reach a log (a password-reset link's token, an OAuth code...). */
const SECRET_QUERY_PARAMS = /token|code|secret|password|key|signature/i;

/** The request's path and query, with the values of secret-looking parameters replaced. */
function loggedUrl(originalUrl: string): string {
  const question = originalUrl.indexOf("?");
  if (question < 0) return originalUrl;
  const params = new URLSearchParams(originalUrl.slice(question + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAMS.test(name)) params.set(name, "[redacted]");
  }
  return `${originalUrl.slice(0, question)}?${params.toString()}`;
}

/** Health checks are polled every few seconds by load balancers: their successes are logged at debug level. */
const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * Gives every request an id (the X-Request-Id it came with, when well-formed, else a new one), echoes it in the
 * response, runs the rest of the request inside `requestContext` so every line logged while handling it carries
 * the id, and logs one line when the response is done: method, path, status, duration, bytes, client address.
 * No headers, cookies or bodies are logged.
 */
export function requestLogging(log: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const requestId = incoming && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const status = res.headersSent ? res.statusCode : 0;
      const line = {
        requestId,
        method: req.method,
        url: loggedUrl(req.originalUrl),
        status,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        bytes: Number(res.getHeader("content-length")) || undefined,
        ip: req.ip,
        aborted: res.writableFinished ? undefined : true,
      };
      const level =
        status >= 500 ? "error" : status === 0 ? "warn" : QUIET_PATHS.has(req.path) && status < 400 ? "debug" : "info";
      log[level](line, "request");
    };
    res.once("finish", done);
    res.once("close", done);
    requestContext.run({ requestId }, next);
  };
}
