import { notExists, sql } from "drizzle-orm";
import { profiles, userRoles } from "~db/schema";

/** A profile is a customer's unless its user holds the admin role. */
export const isCustomer = notExists(
  sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
);

export const customerColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phone: profiles.phone,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
};
