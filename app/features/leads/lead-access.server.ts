import { eq } from "drizzle-orm";
import { leads } from "~db/schema";
import { isStaff } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a team member works on this lead: an admin on every one, a staff member on those assigned to them. */
function reachesLead(member: Actor, lead: { assignedTo: string | null }): boolean {
  return member.isAdmin || (isStaff(member) && lead.assignedTo === member.id);
}

/**
 * The lead, for a team member who may work on it (locked for the writer's transaction with `lock`); a lead that does
 * not exist and one another member has answer the same 404, so a staff member learns nothing of the others'.
 */
export async function reachableLead(db: Executor, member: Actor, leadId: string, { lock = false } = {}) {
  if (!UUID.test(leadId)) throw new AppError("lead_not_found");
  const query = db.select().from(leads).where(eq(leads.id, leadId));
  const [lead] = lock ? await query.for("update") : await query;
  if (!lead || !reachesLead(member, lead)) throw new AppError("lead_not_found");
  return lead;
}
