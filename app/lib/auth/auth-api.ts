import type { TeamRole } from "~/lib/auth/session";

/**
 * The browser's calls to Better Auth's handler (where rate limiting applies). Plain fetch keeps the
 * auth client library out of the page bundles.
 */
export interface AuthError {
  /** Better Auth's code, or one of its hooks' (auth-codes.ts); none on the rate limit's 429. */
  code?: string;
  /** Better Auth's English: the forms word a refusal from its code instead (auth-refusals.ts). */
  message?: string;
  status: number;
  /** The refusal's data the form's wording needs (a lock's `minutes`). */
  values?: Record<string, string | number>;
}

export type AuthResult<T = unknown> = { ok: true; data?: T } | { ok: false; error: AuthError };

async function post<T = unknown>(path: string, body: unknown): Promise<AuthResult<T>> {
  try {
    const response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
      credentials: "same-origin",
    });
    if (response.ok) return { ok: true, data: (await response.json().catch(() => undefined)) as T | undefined };
    const payload = (await response.json().catch(() => ({}))) as Omit<AuthError, "status">;
    return { ok: false, error: { ...payload, status: response.status } };
  } catch {
    return { ok: false, error: { status: 0, message: "Network error" } };
  }
}

export function signUp(body: {
  name: string;
  email: string;
  password: string;
  phone: string;
  companyName?: string;
  /** The token of the lead invitation the form was opened from: the account is linked to that lead. */
  leadToken?: string;
}) {
  return post("/sign-up/email", body);
}

/** Signs in; `data.twoFactorRedirect` says the account has two-factor and a code must follow (no session yet). */
export function signIn(body: { email: string; password: string }) {
  return post<{ twoFactorRedirect?: boolean }>("/sign-in/email", body);
}

/** Starts two-factor enrolment (the password confirms it): the TOTP URI for the QR code and the backup codes. */
export function enableTwoFactor(password: string) {
  return post<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", { password });
}

/** Checks an authenticator code: confirms enrolment, or completes a sign-in that asked for a code. */
export function verifyTotp(code: string) {
  return post("/two-factor/verify-totp", { code });
}

/** Completes a sign-in with a backup code (each works once). */
export function verifyBackupCode(code: string) {
  return post("/two-factor/verify-backup-code", { code });
}

export function signOut() {
  return post("/sign-out", {});
}

/** Who the browser is signed in as (app/routes/resources/session.ts): `role` null for a customer. */
interface SignedInUser {
  id: string;
  name: string;
  isTeam: boolean;
  role: TeamRole | null;
}

export async function fetchSessionUser(): Promise<SignedInUser | null> {
  const response = await fetch("/resources/session", { credentials: "same-origin" });
  if (!response.ok) return null;
  const payload = (await response.json()) as { user: SignedInUser | null };
  return payload.user;
}

/** Asks for the reset e-mail; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return post("/request-password-reset", { email });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return post("/reset-password", body);
}
