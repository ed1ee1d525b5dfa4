/** Who is asking: loaded once per request from the session cookie. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  isAdmin: boolean;
  /**
   * An admin account that must enrol in two-factor first (the Security setting Two-Factor is on and it has not):
   * until it does, `isAdmin` is false, so no admin check anywhere lets it act as an admin; the admin guard sends
   * it to enrolment.
   */
  mustEnrolTwoFactor: boolean;
  /** Whether the account has confirmed two-factor sign-in (TOTP). */
  twoFactorEnabled: boolean;
  /** The interface language the user saved ('en' | 'es'), or null if never chosen (app/lib/i18n/locales.ts). */
  language: string | null;
}

export type Actor = Pick<SessionUser, "id" | "isAdmin">;
