import { createHmac, timingSafeEqual } from "node:crypto";

/** How long an invitation's sign-up link prefills the form. */
export const LEAD_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What the signature covers besides the lead and the expiry: a token signed for another purpose never reads as one. */
const PURPOSE = "lead-sign-up";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(secret: string, leadId: string, expiresAt: number): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}:${leadId}:${expiresAt}`).digest();
}

/**
 * The token a sign-up link carries: the lead's id, when it expires (seconds since the epoch) and an HMAC of both with
 * the server's secret, so nobody can name another lead or stretch the expiry. It names one lead and nothing more: the
 * page that reads it shows only what that lead sent.
 */
export function signLeadToken(secret: string, leadId: string, now: Date): string {
  const expiresAt = Math.floor((now.getTime() + LEAD_TOKEN_TTL_MS) / 1000);
  return `${leadId}.${expiresAt}.${signature(secret, leadId, expiresAt).toString("base64url")}`;
}

/** The lead a token names, or null when it is malformed, signed with another secret, altered or expired. */
export function readLeadToken(secret: string, token: unknown, now: Date): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [leadId, expiry, signed, ...rest] = token.split(".");
  if (rest.length > 0 || !leadId || !UUID.test(leadId) || !expiry || !/^\d{1,12}$/.test(expiry) || !signed) return null;
  const expiresAt = Number(expiry);
  const given = Buffer.from(signed, "base64url");
  const expected = signature(secret, leadId, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expiresAt * 1000 > now.getTime() ? leadId.toLowerCase() : null;
}
