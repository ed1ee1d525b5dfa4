import { cookieValue } from "~/lib/http/cookies";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { LeadSource } from "~db/schema";
import { keptSource, readSource, visitSource } from "./quote-source";

/**
 * The landing visit a quote request comes from, in one signed cookie the landing pages' answers set (docs/decisions/042):
 * when the page was served, which a form sent faster than a person could fill it is measured against, and where the
 * visit came from (the advert, the referring site). The pages themselves are static files, the same for everyone,
 * so neither can be written into their HTML.
 */
export const QUOTE_VISIT_COOKIE = "quote_visit";

/** A form sent sooner than this after its page was served is a robot's. */
const QUOTE_MIN_FILL_MS = 2000;

/** The visit is remembered this long: an advert's visitor may come back to write within a month. */
const VISIT_COOKIE_SECONDS = 30 * 24 * 3600;

// Its own label: a signature made for anything else under the same secret never signs a visit.
const LABEL = "quote-visit:";

export interface QuoteVisit {
  /** When the page with the form was served (ms since the epoch). */
  servedAt: number;
  source: LeadSource;
}

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`${LABEL}${payload}`).digest("base64url");

/** The cookie's value: the visit as base64url JSON, a dot, its HMAC under the server's secret. */
export function signVisit(secret: string, visit: QuoteVisit): string {
  const payload = Buffer.from(JSON.stringify({ t: visit.servedAt, s: visit.source })).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The visit a cookie value holds, or null when this server did not sign it (made up, altered, another secret). */
export function verifyVisit(secret: string, value: string | null | undefined): QuoteVisit | null {
  const [payload, signature, extra] = (value ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { t, s } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { t?: unknown; s?: unknown };
    if (typeof t !== "number" || !Number.isFinite(t)) return null;
    return { servedAt: t, source: readSource(s) };
  } catch {
    return null;
  }
}

/** The signed visit a request carries, or null. */
export function requestVisit(secret: string, request: Request): QuoteVisit | null {
  return verifyVisit(secret, cookieValue(request.headers.get("cookie"), QUOTE_VISIT_COOKIE));
}

/**
 * The Set-Cookie header of a page with the form being served now: the time is now, the source this visit's (its
 * address and Referer) or, when it has none, the one an earlier visit left.
 */
export function visitCookie(secret: string, request: Request, now: Date): string {
  const url = new URL(request.url);
  const earlier = requestVisit(secret, request);
  const source = keptSource(visitSource(url, request.headers.get("referer")), earlier?.source ?? null);
  const value = signVisit(secret, { servedAt: now.getTime(), source });
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${QUOTE_VISIT_COOKIE}=${value}; Path=/; Max-Age=${VISIT_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether a visit's page was served long enough before `now` for a person to have filled the form. */
export function filledByAPerson(visit: QuoteVisit | null, now: Date): boolean {
  return visit !== null && now.getTime() - visit.servedAt >= QUOTE_MIN_FILL_MS;
}
