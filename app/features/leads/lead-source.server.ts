import { asc, eq } from "drizzle-orm";
import { leads } from "~db/schema";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { leadOrigin, type CustomerLeadSource } from "./lead-source";

/**
 * The lead a customer's account is linked to (the earliest, when several enquiries became the same customer), for a
 * team member who reaches the customer; null for a customer who came without one.
 */
export async function getCustomerLeadSource(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { customerId }: { customerId: string },
): Promise<CustomerLeadSource | null> {
  requireTeamReach(actor, customerId);
  const [lead] = await db
    .select({ id: leads.id, source: leads.source, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.customerId, customerId))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(1);
  return lead ? { leadId: lead.id, origin: leadOrigin(lead.source), receivedAt: lead.createdAt.toISOString() } : null;
}
