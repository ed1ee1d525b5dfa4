import { eq } from "drizzle-orm";
import { leadEvents, leads } from "~db/schema";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { LOST_REASON_MAX } from "./lead-actions.schemas";
import { reachableLead } from "./lead-access.server";
import { LEAD_STAGES, leadChanges, type LeadStage } from "./leads";

/**
 * A team member who may work on the lead moves it to another stage; Lost needs its reason, kept on the lead and in
 * the timeline (another stage clears it). Moving to the stage it is in changes nothing. The lead, its `stage` event
 * and the audit event in one transaction; the change is published after the commit.
 */
export async function changeLeadStage(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { leadId: string; stage: LeadStage; lostReason?: string },
): Promise<void> {
  const member = requireTeamActor(actor);
  if (!LEAD_STAGES.includes(input.stage)) throw new AppError("invalid_input");
  const reason = input.lostReason?.trim() || null;
  if (input.stage === "lost" && !reason) throw new AppError("lost_reason_required");
  if (reason && reason.length > LOST_REASON_MAX) throw new AppError("invalid_input");
  const lead = await db.transaction(async (tx) => {
    const lead = await reachableLead(tx, member, input.leadId, { lock: true });
    if (lead.stage === input.stage && (input.stage !== "lost" || lead.lostReason === reason)) return null;
    const lostReason = input.stage === "lost" ? reason : null;
    await tx
      .update(leads)
      .set({ stage: input.stage, lostReason, wonAt: input.stage === "won" ? (lead.wonAt ?? new Date()) : lead.wonAt })
      .where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      kind: "stage",
      actorId: member.id,
      detail: { from: lead.stage, to: input.stage, ...(lostReason ? { reason: lostReason } : {}) },
    });
    // Only the lead's id and the stages: the audit log outlives a deleted lead and keeps nothing of who they were.
    await recordAuditEvent(tx, {
      actorId: member.id,
      action: "lead.stage",
      detail: { leadId: lead.id, from: lead.stage, to: input.stage },
    });
    return lead;
  });
  if (lead) await publishChanges(bus, leadChanges(lead));
}
