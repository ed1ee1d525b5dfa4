/**
 * The admin list's counter states. The rule: Inactive means no progress record and no Google
 * information; Active means the Google profile is verified and its local SEO set up, or the website is
 * launched; everyone else with some record is In Progress. The database applies it (list-customers.server.ts),
 * so the counters and the filter come from one place; tests/integration/admin-customer-list.test.ts checks every case.
 */
export const CUSTOMER_ACTIVITIES = ["active", "inactive", "in_progress"] as const;

export type CustomerActivity = (typeof CUSTOMER_ACTIVITIES)[number];

export interface UserCounters {
  total: number;
  active: number;
  inactive: number;
  inProgress: number;
}
