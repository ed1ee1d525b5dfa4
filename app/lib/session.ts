/** Who is asking: loaded once per request from the session cookie. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  isAdmin: boolean;
  /** Whether the account has confirmed two-factor sign-in (TOTP). */
  twoFactorEnabled: boolean;
}

export type Actor = Pick<SessionUser, "id" | "isAdmin">;
