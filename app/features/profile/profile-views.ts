/** The Profile page's data: the customer's own profile row. */
export interface ProfileView {
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  avatarUrl: string | null;
  /** Whether payment decisions and completed steps are also sent by e-mail (the customer may turn it off). */
  emailUpdates: boolean;
  /** Whether the customer gets reminders of what waits on them (off: their choice here, or an e-mail's unsubscribe link). */
  reminders: boolean;
}

export const PROFILE_UPDATED_TYPE = "profile_updated";
