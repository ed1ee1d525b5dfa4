import { createHmac } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { totpLastSteps, twoFactor } from "~db/schema";
import type { Db } from "../db/db.server";

/** Better Auth's TOTP: 6 digits, 30-second steps, a code accepted one step early or late. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
const WINDOW = 1;

/** The RFC 4226 code of one counter, keyed as Better Auth keys it (the stored secret's UTF-8 bytes). */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time step among those accepted now that `code` belongs to, or null (a wrong code: Better Auth refuses it). */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current - WINDOW; step <= current + WINDOW; step++) if (hotp(secret, step) === code) return step;
  return null;
}

/**
 * Claims the step `code` belongs to for this account, once: "spent" when the account already used this step or a
 * later one (the same code again, or an older one still inside the window), "wrong" when the code is not one of the
 * account's now (or it has no two-factor). The claim is one statement, so two requests racing with the same code
 * cannot both win.
 */
export async function claimTotpStep(
  db: Db,
  userId: string,
  authSecret: string,
  code: string,
  now = Date.now(),
): Promise<"claimed" | "spent" | "wrong"> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return "wrong";
  const stored = await symmetricDecrypt({ key: authSecret, data: row.secret });
  const step = stepOf(stored, code, now);
  if (step === null) return "wrong";
  const claimed = await db
    .insert(totpLastSteps)
    .values({ userId, step })
    .onConflictDoUpdate({ target: totpLastSteps.userId, set: { step }, setWhere: sql`${totpLastSteps.step} < ${step}` })
    .returning({ userId: totpLastSteps.userId });
  return claimed.length > 0 ? "claimed" : "spent";
}
