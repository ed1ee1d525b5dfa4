import type { IncomingMessage } from "node:http";
import type { MessageDescriptor } from "@lingui/core";
import type { Request, RequestHandler, Response } from "express";
import { ERROR_CODES } from "~/lib/http/app-error";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { CUSTOMER_TABS } from "~/lib/http/paths";
import { i18nFor } from "~/lib/i18n/instances.server";
import { UPLOAD_KINDS, uploadBodyLimit } from "~/domain/upload-kinds";
import { visitorLocale } from "./database-gate";

const MB = 1024 * 1024;

export interface BodyLimit {
  /** Matches `req.path`; page routes also take their single-fetch form (`/dashboard/profile.data`). */
  path: RegExp;
  bytes: number;
  why: string;
  /** What the 413 says, when the route has its own wording (an upload's size message). */
  message?: MessageDescriptor;
}

/** A page or resource route, with or without its React Router single-fetch `.data` suffix. */
const route = (pattern: string) => new RegExp(`^${pattern}/?(?:\\.data)?$`);

/**
 * The one table of request-body limits. Every non-GET request is held to the first row whose path matches,
 * else to DEFAULT_BODY_LIMIT. Upload routes take their limits from the upload kinds' sizes
 * (app/domain/upload-kinds.ts): a row's limit is the largest form the route takes, its files plus room for the form around them.
 */
export const BODY_LIMITS: readonly BodyLimit[] = [
  { path: route(ENDPOINTS.cardWebhook), bytes: 1 * MB, why: "card-provider webhook events" },
  {
    path: route(ENDPOINTS.cardCheckout),
    bytes: 16 * 1024,
    why: "card checkout: a service, a payment number and a return path",
  },
  {
    path: route(ENDPOINTS.paymentProof),
    bytes: uploadBodyLimit("payment-proof"),
    why: "payment proof: one file of 10 MB",
    message: UPLOAD_KINDS["payment-proof"].messages.tooLarge,
  },
  {
    // A customer's page in the back office and each of its tabs' pages.
    path: route(`/admin/users/[^/]+(?:/(?:${CUSTOMER_TABS.filter((tab) => tab !== "payments").join("|")}))?`),
    bytes: Math.max(
      uploadBodyLimit("note-photo"),
      uploadBodyLimit("message-attachment"),
      uploadBodyLimit("approval-file"),
      uploadBodyLimit("delivered-file"),
    ),
    why: "the largest of the page's uploads (on its tabs): note photos (6 files of 10 MB), a message's files (5 of 10 MB), a round's files for approval (6 of 10 MB) or a delivered file (one of 50 MB)",
  },
  {
    path: route("/dashboard/messages"),
    bytes: uploadBodyLimit("message-attachment"),
    why: "a message's files: 5 of 10 MB",
    message: UPLOAD_KINDS["message-attachment"].messages.tooLarge,
  },
  {
    path: route("/dashboard/google-business"),
    bytes: uploadBodyLimit("google-logo") + uploadBodyLimit("google-photo"),
    why: "Google Business form: logo 5 MB and 6 photos of 5 MB",
  },
  {
    path: route("/dashboard/website"),
    bytes: uploadBodyLimit("website-logo") + uploadBodyLimit("founder-photo"),
    why: "website form: logo and founder photo, 5 MB each",
  },
  { path: route("/dashboard/profile"), bytes: uploadBodyLimit("avatar"), why: "profile: avatar 2 MB" },
  {
    path: route("(?:/es)?/quote"),
    bytes: 16 * 1024,
    why: "the free quote form: a few short fields and a message of at most 2000 characters",
  },
];

/** Sign-in, JSON calls and forms without files. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

export function bodyLimitFor(
  path: string,
  limits: readonly BodyLimit[] = BODY_LIMITS,
): Pick<BodyLimit, "bytes" | "message"> {
  return limits.find((limit) => limit.path.test(path)) ?? { bytes: DEFAULT_BODY_LIMIT };
}

/** How long a connection may stay half-closed so the client reads the answer before it is cut off. */
const LINGER_MS = 2_000;

/**
 * Holds every request body (methods other than GET and HEAD) to its limit: a declared Content-Length over it
 * is refused at once; otherwise the bytes are counted as the HTTP parser hands them to the request, which
 * covers chunked bodies and every reader alike (React Router's adapter, Better Auth, body-parser). Past the
 * limit the request gets 413, no further byte reaches a reader, the socket stops being read and is closed.
 */
export function limitRequestBodies(
  limitFor: (path: string) => Pick<BodyLimit, "bytes" | "message"> = bodyLimitFor,
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req.path);
    const declared = Number(req.headers["content-length"]);
    closeIfAnsweredEarly(req, res);
    if (Number.isFinite(declared) && declared > limit.bytes) {
      refuse(req, res, limit.message);
      return;
    }
    countWhileStreaming(req, limit.bytes, () => refuse(req, res, limit.message));
    next();
  };
}

/**
 * Node's HTTP parser delivers each body chunk through the request's `push` (the Readable API); counting there
 * sees the bytes before any reader buffers them, whoever reads. Returning false past the limit also tells the
 * parser to stop reading the socket (backpressure), so nothing more is taken in.
 */
function countWhileStreaming(req: IncomingMessage, limit: number, onOverflow: () => void): void {
  const push = req.push;
  let received = 0;
  let overflowed = false;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (!overflowed && chunk !== null && chunk !== undefined) {
      received += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
      if (received > limit) {
        overflowed = true;
        onOverflow();
      }
    }
    if (overflowed) return false;
    return push.call(this, chunk, encoding);
  };
}

/**
 * Ends the connection once the answer is out when the body was not read to its end (refused, or a route that
 * answered first: 401, 415...), instead of letting Node read the rest of it to keep the connection alive. The
 * socket is half-closed (FIN after the answer) and destroyed a moment later: closing it outright with unread
 * bytes would send a reset, which can make the client lose the answer it was sent.
 */
function closeIfAnsweredEarly(req: IncomingMessage, res: Response): void {
  res.once("finish", () => {
    if (req.complete) return;
    const socket = req.socket;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** 413 in a form's answer shape (what the upload forms show), in the visitor's language. */
function refuse(req: Request, res: Response, message: MessageDescriptor = ERROR_CODES.body_too_large.message): void {
  req.socket.pause();
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.writeHead(413, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ ok: false, error: i18nFor(visitorLocale(req))._(message) }));
}
