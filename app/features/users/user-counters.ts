/** What the admin customer list knows about one customer's work, for the counters. */
export interface CustomerWork {
  googleProgress: { verificationCompleted: boolean; seoLocalSetup: boolean } | null;
  websiteProgress: { websiteLaunch: boolean } | null;
  hasGoogleInfo: boolean;
}

export type CustomerActivity = "active" | "inactive" | "in_progress";

/**
 * Inactive: no progress record and no Google information yet. Active: the Google profile is verified and
 * its local SEO set up, or the website is launched. Everyone else with some record is in progress.
 */
export function customerActivity(work: CustomerWork): CustomerActivity {
  const { googleProgress, websiteProgress, hasGoogleInfo } = work;
  if (!googleProgress && !websiteProgress && !hasGoogleInfo) return "inactive";
  const googleDone = Boolean(googleProgress?.verificationCompleted && googleProgress.seoLocalSetup);
  if (googleDone || websiteProgress?.websiteLaunch) return "active";
  return "in_progress";
}

export interface UserCounters {
  total: number;
  active: number;
  inactive: number;
  inProgress: number;
}

export function countUsers(customers: readonly CustomerWork[]): UserCounters {
  const counters: UserCounters = { total: customers.length, active: 0, inactive: 0, inProgress: 0 };
  for (const customer of customers) {
    const activity = customerActivity(customer);
    if (activity === "active") counters.active++;
    else if (activity === "inactive") counters.inactive++;
    else counters.inProgress++;
  }
  return counters;
}
