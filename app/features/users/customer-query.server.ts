import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, userRoles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";

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

/**
 * Who may read one customer's job (their rounds, their delivered files): the customer themself and the admins.
 * Anonymous gets 401, another customer 403, an id that is no customer 404 (a query for an admin; a customer's
 * own id is theirs).
 */
export async function requireCustomerReader(executor: Executor, actor: Actor | null, userId: string): Promise<void> {
  const viewer = requireActor(actor);
  if (!viewer.isAdmin && viewer.id !== userId) throw new AppError("forbidden");
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  if (viewer.isAdmin) {
    const [customer] = await executor.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, userId), isCustomer));
    if (!customer) throw new AppError("customer_not_found");
  }
}
