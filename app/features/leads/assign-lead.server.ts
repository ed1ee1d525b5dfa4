import { eq } from "drizzle-orm";
import { leadEvents, leads, user } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { activeMembers } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { reachableLead } from "./lead-access.server";
import { leadChanges } from "./leads";

/**
 * An admin gives the lead to an active team member, or to nobody (`memberId` null). The member who had it loses it
 * (and its live changes) at once; the new one sees it. The lead, its `assigned` event (with the member's name) and
 * the audit event in one transaction; the change is published for both members after the commit.
 */
export async function assignLead(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { leadId: string; memberId: string | null },
): Promise<void> {
  const admin = requireAdminActor(actor);
  const result = await db.transaction(async (tx) => {
    const lead = await reachableLead(tx, admin, input.leadId, { lock: true });
    if (lead.assignedTo === input.memberId) return null;
    let memberName: string | null = null;
    if (input.memberId) {
      const [active] = await activeMembers(tx, [input.memberId]).catch(() => []);
      if (!active) throw new AppError("member_not_active");
      const [member] = await tx.select({ name: user.name }).from(user).where(eq(user.id, active));
      memberName = member?.name ?? null;
    }
    await tx.update(leads).set({ assignedTo: input.memberId }).where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      kind: "assigned",
      actorId: admin.id,
      detail: { memberId: input.memberId, memberName },
    });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "lead.assign",
      detail: { leadId: lead.id, memberId: input.memberId },
    });
    return { lead: { id: lead.id, assignedTo: input.memberId }, previous: lead.assignedTo };
  });
  if (result) await publishChanges(bus, leadChanges(result.lead, result.previous));
}
