import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, userRoles } from "~db/schema";
import { isTeam, requireCustomerAccess } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";

/**
 * A profile is a customer's unless its user is on the team (an admin or a staff member, deactivated or not). NOT IN
 * (user_id is never null) hashes the few members once; NOT EXISTS made the planner probe user_roles once per
 * profile, doubling the cost of the admin counters over 10,000 customers on PGlite.
 */
export const isCustomer = sql`${profiles.id} not in (select ${userRoles.userId} from ${userRoles})`;

export const customerColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phone: profiles.phone,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
};

/**
 * Who may read one customer's job (their rounds, their delivered files): the customer themself and the team members
 * who reach them. Anonymous gets 401, another customer 403, an id that is no customer (or, for a staff member, one
 * not assigned to them) 404 (a query for the team; a customer's own id is theirs).
 */
export async function requireCustomerReader(executor: Executor, actor: Actor | null, userId: string): Promise<void> {
  const viewer = requireCustomerAccess(actor, userId);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  if (isTeam(viewer)) {
    const [customer] = await executor
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, userId), isCustomer));
    if (!customer) throw new AppError("customer_not_found");
  }
}
