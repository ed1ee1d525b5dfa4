import { sql } from "drizzle-orm";
import { profiles, userRoles } from "~db/schema";

/**
 * A profile is a customer's unless its user holds the admin role. NOT IN (user_id is never null) hashes the
 * few admins once; NOT EXISTS made the planner probe user_roles once per profile, doubling the cost of the
 * admin counters over 10,000 customers on PGlite.
 */
export const isCustomer = sql`${profiles.id} not in (select ${userRoles.userId} from ${userRoles} where ${userRoles.role} = 'admin')`;

export const customerColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phone: profiles.phone,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
};
