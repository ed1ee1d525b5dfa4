import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { listActiveMembers } from "~/features/team/list-active-members.server";
import { assignees } from "./assignment-query.server";
import type { CustomerAssignmentView } from "./assignment-views";

/**
 * The customer page's 'Assigned to': the active members who look after the customer, for the team members who reach
 * them (a staff member on another customer 404); the choices only for an admin, the one who may change them.
 */
export async function getCustomerAssignment(
  deps: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<CustomerAssignmentView> {
  const member = requireTeamReach(actor, userId);
  const [assigned, choices] = await Promise.all([
    assignees(deps.db, userId),
    member.isAdmin ? listActiveMembers(deps, member) : null,
  ]);
  return { assigned, choices: choices?.map(({ id, name }) => ({ id, name })) ?? null };
}
