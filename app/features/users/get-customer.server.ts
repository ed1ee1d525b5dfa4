import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "~db/schema";
import { requireTeamActor, requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { customerColumns, isCustomer } from "./customer-query.server";
import { toCustomer, type Customer } from "./customer-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * One customer's profile for the admin detail page; an unknown id, a malformed one, a team member's, or (for a staff
 * member) a customer not assigned to them gives 404.
 */
export async function getCustomer(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<Customer> {
  requireTeamActor(actor);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  requireTeamReach(actor, userId);
  const [row] = await db
    .select(customerColumns)
    .from(profiles)
    .where(and(eq(profiles.id, userId), isCustomer));
  if (!row) throw new AppError("customer_not_found");
  return toCustomer(row);
}
