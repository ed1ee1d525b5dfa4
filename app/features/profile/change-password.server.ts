import { APIError } from "better-auth/api";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { changePasswordSchema } from "./profile.schemas";
import { AppError } from "~/lib/http/app-error";
import { PASSWORD_TOO_COMMON_CODE } from "~/features/auth/auth.schemas";
import type { Deps } from "~/lib/services.server";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The request's headers: Better Auth finds the session (and checks the current password) through them. */
  headers: Headers;
}

/**
 * Changes the signed-in user's password through Better Auth, which checks the current password. Every
 * other session of the account ends (forced on the server in auth.server.ts). Returns the response
 * headers, whose Set-Cookie carries this browser's new session.
 */
export async function changePassword(
  { auth }: Pick<Deps, "auth">,
  actor: Actor | null,
  input: ChangePasswordInput,
): Promise<Headers> {
  requireActor(actor);
  const parsed = changePasswordSchema.safeParse({ ...input, intent: "change-password" });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      headers: input.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "INVALID_PASSWORD") throw new AppError("current_password_wrong");
    if (code === PASSWORD_TOO_COMMON_CODE) throw new AppError("password_too_common");
    throw error;
  }
}
