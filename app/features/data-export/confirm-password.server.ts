import { APIError } from "better-auth/api";
import { clearAttempts, countAttempt, peekAttempts, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * Five wrong passwords in 15 minutes, per account and on every instance: the check is a server-side Better Auth call,
 * which its own rate limits do not cover, so a stolen session cannot be used to guess the password here.
 */
const PASSWORD_CONFIRM_LIMIT: AttemptWindow = { windowMs: 15 * 60_000, max: 5 };

/**
 * Checks the signed-in user's password through Better Auth (the account's own hash, as change-password does),
 * with the request's headers naming the session. A wrong one is refused on the form's `password` field; too many
 * wrong ones in a while are refused before the password is even checked.
 */
export async function confirmPassword(
  { db, auth }: Pick<Deps, "db" | "auth">,
  actor: Actor,
  input: { password: string; headers: Headers },
  limit: AttemptWindow = PASSWORD_CONFIRM_LIMIT,
): Promise<void> {
  const key = `password-confirm:${actor.id}`;
  if (!(await peekAttempts(db, key, limit)).allowed) throw new AppError("password_confirm_rate_limited");
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers: input.headers });
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "INVALID_PASSWORD" || code === "PASSWORD_TOO_LONG") {
      const attempt = await countAttempt(db, key, limit);
      throw new AppError(attempt.allowed ? "current_password_wrong" : "password_confirm_rate_limited", {
        field: "password",
      });
    }
    if (error instanceof APIError && error.statusCode === 401) throw new AppError("not_signed_in");
    throw error;
  }
  await clearAttempts(db, key);
}
