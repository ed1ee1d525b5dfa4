/** Who is asking: loaded once per request from the session cookie. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  isAdmin: boolean;
  /** Whether the account has confirmed two-factor sign-in (TOTP). */
  twoFactorEnabled: boolean;
  /** The interface language the user saved ('en' | 'es'), or null if never chosen (app/lib/i18n/locales.ts). */
  language: string | null;
}

export type Actor = Pick<SessionUser, "id" | "isAdmin">;
