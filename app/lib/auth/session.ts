/** The roles on the agency's side: an admin reaches everything, a staff member the customers assigned to them. */
export type TeamRole = "admin" | "staff";

/** Who is asking: loaded once per request from the session cookie. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** An active admin: the whole back office. */
  isAdmin: boolean;
  /**
   * An active staff member's customers (the ones assigned to them): a staff member reaches these and no other;
   * null for everybody else.
   */
  assignedCustomerIds: readonly string[] | null;
  /**
   * A team account that must enrol in two-factor first (the Security setting Two-Factor is on and it has not):
   * until it does, `isAdmin` is false and `assignedCustomerIds` null, so no team check anywhere lets it act; the
   * admin guard sends it to enrolment.
   */
  mustEnrolTwoFactor: boolean;
  /** Whether the account has confirmed two-factor sign-in (TOTP). */
  twoFactorEnabled: boolean;
  /** The interface language the user saved ('en' | 'es'), or null if never chosen (app/lib/i18n/locales.ts). */
  language: string | null;
}

/** The acting user of a use case: a customer is neither an admin nor has assigned customers. */
export type Actor = Pick<SessionUser, "id" | "isAdmin"> & Partial<Pick<SessionUser, "assignedCustomerIds">>;
