import { asc, eq } from "drizzle-orm";
import { leadEvents, user } from "~db/schema";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { reachableLead } from "./lead-access.server";
import type { LeadDetail, LeadTimelineEntry } from "./lead-views";
import type { ContactPreference, LeadIndustry, LeadStage, LeadWants } from "./leads";

/** A lead's page for a team member who may work on it (anyone else on the team: 404), its timeline oldest first. */
export async function getLead({ db }: Pick<Deps, "db">, actor: Actor | null, leadId: string): Promise<LeadDetail> {
  const member = requireTeamActor(actor);
  const lead = await reachableLead(db, member, leadId);
  const events = await db
    .select({
      id: leadEvents.id,
      kind: leadEvents.kind,
      actorName: user.name,
      detail: leadEvents.detail,
      at: leadEvents.createdAt,
    })
    .from(leadEvents)
    .leftJoin(user, eq(user.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, lead.id))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  return {
    id: lead.id,
    stage: lead.stage as LeadStage,
    name: lead.name,
    businessName: lead.businessName,
    email: lead.email,
    phone: lead.phone,
    industry: lead.industry as LeadIndustry,
    wants: lead.wants as LeadWants,
    city: lead.city,
    state: lead.state,
    contactPreference: lead.contactPreference as ContactPreference,
    language: lead.language,
    source: lead.source,
    customerId: lead.customerId,
    assignedTo: lead.assignedTo,
    lostReason: lead.lostReason,
    createdAt: lead.createdAt.toISOString(),
    timeline: events.map((event) => ({
      ...event,
      kind: event.kind as LeadTimelineEntry["kind"],
      at: event.at.toISOString(),
    })),
  };
}
