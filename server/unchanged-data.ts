import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { readSessionUser } from "~/lib/auth/session-middleware.server";
import { cookieValue } from "~/lib/http/cookies";
import { localeFromCookie } from "~/lib/i18n/locales";
import { RECENT_CHANGE_COOKIE, RECENT_CHANGE_COOKIE_VALUE } from "~/lib/realtime/realtime";
import { PROCESS_ID } from "~/lib/realtime/realtime.server";
import { ViewerVersions } from "~/lib/realtime/viewer-versions";
import type { Services } from "~/lib/services.server";

/**
 * How long a page's data may be answered "unchanged" after it was read. The bus carries every change a viewer's
 * pages show; what it does not (the clock: "waiting for 3 days") is at most this old on a page revalidated with 304.
 */
export const UNCHANGED_DATA_MAX_AGE_MS = 60_000;

const DATA_SUFFIX = ".data";
const CACHE_CONTROL = "private, no-cache";

interface Tag {
  process: string;
  version: number;
  issuedAt: number;
  fingerprint: string;
}

function formatTag(tag: Tag): string {
  return `W/"${tag.process}.${tag.version}.${tag.issuedAt.toString(36)}.${tag.fingerprint}"`;
}

function parseTag(value: string): Tag | null {
  const match = /^W\/"([A-Za-z0-9]{1,36})\.(\d{1,15})\.([a-z0-9]{1,12})\.([A-Za-z0-9_-]{1,64})"$/.exec(value.trim());
  if (!match) return null;
  return { process: match[1]!, version: Number(match[2]), issuedAt: parseInt(match[3]!, 36), fingerprint: match[4]! };
}

/** Keeps the tag and the caching rule on a full answer only: a redirect or a refusal is never stored. */
function tagIfFull(res: Response, tag: string): void {
  res.setHeader("ETag", tag);
  res.setHeader("Cache-Control", CACHE_CONTROL);
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status !== 200) {
      this.removeHeader("ETag");
      this.removeHeader("Cache-Control");
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

/**
 * A signed-in page's data (`*.data`, what React Router asks on a live change, after a form and on a client-side
 * navigation) carries an ETag: this instance, the viewer's version when the loaders started (ViewerVersions, moved
 * by the change bus), when, and a fingerprint of who asked for what (user, session, URL, language, role). The
 * browser keeps the answer (`private, no-cache`) and sends the tag back; while it still holds here, the answer is
 * 304 without a loader, a query or a render. Any doubt answers in full: another instance's tag, a change of the
 * viewer's heard since, an older tag than UNCHANGED_DATA_MAX_AGE_MS, a refreshed session cookie, or a change made
 * or heard a moment ago (RECENT_CHANGE_COOKIE, which every form's answer sets here).
 */
export function answerUnchangedData(
  services: Services,
  { now = Date.now, maxAgeMs = UNCHANGED_DATA_MAX_AGE_MS }: { now?: () => number; maxAgeMs?: number } = {},
): RequestHandler {
  const versions = new ViewerVersions();
  services.bus.subscribe((change) => versions.record(change));
  services.bus.onResync(() => versions.resync());
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.append("Set-Cookie", RECENT_CHANGE_COOKIE_VALUE);
      return next();
    }
    if (req.method !== "GET" || !req.path.endsWith(DATA_SUFFIX)) return next();
    const headers = fromNodeHeaders(req.headers);
    const cookie = headers.get("cookie");
    if (!cookie || cookieValue(cookie, RECENT_CHANGE_COOKIE) !== null) return next();
    let session: Awaited<ReturnType<typeof readSessionUser>>;
    try {
      session = await readSessionUser(services, req.method, headers);
    } catch {
      return next(); // the page's own session read answers (or refuses) as it always does
    }
    const { user, sessionId, setCookies } = session;
    if (!user || !sessionId || setCookies.length > 0) return next();

    const version = versions.of({ userId: user.id, isTeam: user.isAdmin || user.assignedCustomerIds !== null });
    const fingerprint = createHash("sha256")
      .update(
        JSON.stringify([
          user.id,
          sessionId,
          req.originalUrl,
          user.language,
          localeFromCookie(cookie),
          headers.get("accept-language"),
          user.isAdmin,
          user.mustEnrolTwoFactor,
          user.assignedCustomerIds,
        ]),
      )
      .digest("base64url")
      .slice(0, 22);
    const at = now();
    const sent = req.headers["if-none-match"];
    const held = typeof sent === "string" ? parseTag(sent) : null;
    if (
      held &&
      held.process === PROCESS_ID &&
      held.version === version &&
      held.fingerprint === fingerprint &&
      at - held.issuedAt * 1000 <= maxAgeMs &&
      held.issuedAt * 1000 <= at
    ) {
      res.status(304).setHeader("ETag", formatTag(held)).setHeader("Cache-Control", CACHE_CONTROL).end();
      return;
    }
    tagIfFull(res, formatTag({ process: PROCESS_ID, version, issuedAt: Math.floor(at / 1000), fingerprint }));
    next();
  };
}
