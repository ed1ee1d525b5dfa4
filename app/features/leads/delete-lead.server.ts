import { eq } from "drizzle-orm";
import { leads } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { reachableLead } from "./lead-access.server";
import { leadChanges } from "./leads";

/**
 * An admin deletes a lead and its timeline (a person who asked to be forgotten, a test, spam that got through). The
 * audit event keeps only the lead's id: who they were goes with the lead.
 */
export async function deleteLead(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { leadId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  const lead = await db.transaction(async (tx) => {
    const lead = await reachableLead(tx, admin, input.leadId, { lock: true });
    await tx.delete(leads).where(eq(leads.id, lead.id));
    await recordAuditEvent(tx, { actorId: admin.id, action: "lead.delete", detail: { leadId: lead.id } });
    return lead;
  });
  await publishChanges(bus, leadChanges(lead));
}
