import { createHmac, timingSafeEqual } from "node:crypto";

/** What the signature covers besides the customer: a token signed for another purpose never reads as this one. */
const PURPOSE = "reminders-unsubscribe";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(secret: string, userId: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}:${userId.toLowerCase()}`).digest();
}

/**
 * The token of a reminder e-mail's unsubscribe link: the customer's id and an HMAC of it with the server's secret,
 * so the link turns off that customer's reminders without a sign-in and nobody can make one for another customer. It
 * does not expire: an unsubscribe link must work whenever the e-mail is read, and all it can do is stop reminders.
 */
export function signUnsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${signature(secret, userId).toString("base64url")}`;
}

/** The customer a token names, or null when it is malformed, altered or signed with another secret. */
export function readUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [userId, signed, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !UUID.test(userId) || !signed) return null;
  const given = Buffer.from(signed, "base64url");
  const expected = signature(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId.toLowerCase();
}
