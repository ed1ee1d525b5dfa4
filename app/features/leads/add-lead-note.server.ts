import { eq } from "drizzle-orm";
import { leadEvents, leads } from "~db/schema";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { LEAD_NOTE_MAX } from "./lead-actions.schemas";
import { reachableLead } from "./lead-access.server";
import { leadChanges } from "./leads";

/** A team member who may work on the lead adds a note to its timeline (a call made, what was said). */
export async function addLeadNote(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { leadId: string; note: string },
): Promise<void> {
  const member = requireTeamActor(actor);
  const note = input.note.trim();
  if (!note) throw new AppError("lead_note_required");
  if (note.length > LEAD_NOTE_MAX) throw new AppError("invalid_input");
  const lead = await db.transaction(async (tx) => {
    const lead = await reachableLead(tx, member, input.leadId, { lock: true });
    await tx.insert(leadEvents).values({ leadId: lead.id, kind: "note", actorId: member.id, detail: { note } });
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, lead.id));
    await recordAuditEvent(tx, { actorId: member.id, action: "lead.note", detail: { leadId: lead.id } });
    return lead;
  });
  await publishChanges(bus, leadChanges(lead));
}
