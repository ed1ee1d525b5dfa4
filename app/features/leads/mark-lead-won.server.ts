import { and, eq, isNull } from "drizzle-orm";
import { leadEvents, leads } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { leadChanges } from "./leads";

/**
 * A customer's payment has just completed, in the caller's transaction: the leads linked to them that were not won
 * yet become Won (`won_at` now, a `stage` event with no actor: the payment did it), whatever stage they were at. Only
 * the first completed payment finds such a lead, so the later ones change nothing. Returns the leads' changes, to
 * publish after the commit.
 */
export async function markLeadsWon(tx: Executor, customerId: string, now: Date = new Date()): Promise<Change[]> {
  const open = await tx
    .select({ id: leads.id, stage: leads.stage })
    .from(leads)
    .where(and(eq(leads.customerId, customerId), isNull(leads.wonAt)))
    .for("update");
  if (open.length === 0) return [];
  const won = await tx
    .update(leads)
    .set({ stage: "won", wonAt: now })
    .where(and(eq(leads.customerId, customerId), isNull(leads.wonAt)))
    .returning({ id: leads.id, assignedTo: leads.assignedTo });
  if (won.length === 0) return [];
  const from = new Map(open.map((lead) => [lead.id, lead.stage]));
  await tx.insert(leadEvents).values(
    won.map((lead) => ({
      leadId: lead.id,
      kind: "stage",
      actorId: null,
      detail: { from: from.get(lead.id) ?? null, to: "won" },
    })),
  );
  return won.flatMap((lead) => leadChanges(lead));
}
