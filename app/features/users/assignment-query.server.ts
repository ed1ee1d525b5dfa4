import { asc, eq, inArray } from "drizzle-orm";
import { customerAssignments, profiles } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { AssigneeView } from "./assignment-views";

/**
 * The team members a customer is assigned to, by name. They are active: deactivating a member removes their
 * assignments, and only active members can be assigned.
 */
export async function assignees(executor: Executor, customerId: string): Promise<AssigneeView[]> {
  return executor
    .select({ id: customerAssignments.memberId, name: profiles.fullName })
    .from(customerAssignments)
    .innerJoin(profiles, eq(profiles.id, customerAssignments.memberId))
    .where(eq(customerAssignments.customerId, customerId))
    .orderBy(asc(profiles.fullName), asc(customerAssignments.memberId));
}

/** These members' ids with their names as they are now, for an audit event's detail (names outlive a later rename there). */
export async function memberNames(executor: Executor, ids: readonly string[]): Promise<AssigneeView[]> {
  if (ids.length === 0) return [];
  return executor
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]))
    .orderBy(asc(profiles.fullName), asc(profiles.id));
}
