import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { leads } from "~db/schema";
import { isStaff, requireTeamActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { LEADS_PER_PAGE, type LeadListQuery } from "./lead-list-query";
import type { ListedLead } from "./lead-views";
import { LEAD_STAGES, type LeadIndustry, type LeadStage } from "./leads";

/** What a search matches: the name, the business, the e-mail and the phone (its digits, however it was typed). */
export function leadSearchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = search.replace(/\D/g, "");
  return or(
    ilike(leads.name, pattern),
    ilike(leads.businessName, pattern),
    ilike(leads.email, pattern),
    ...(digits.length >= 3 ? [ilike(leads.phone, `%${digits}%`)] : []),
  );
}

/** The leads a team member sees: every one for an admin, a staff member's own for them. */
function leadsVisibleTo(member: Actor): SQL | undefined {
  return isStaff(member) ? eq(leads.assignedTo, member.id) : undefined;
}

/**
 * The Leads list, newest first, a page of it, with how many leads each stage holds (for the stage filters, over the
 * same search). Admins see every lead, a staff member the leads assigned to them; anyone else is refused.
 */
export async function listLeads(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  query: LeadListQuery,
): Promise<{ leads: ListedLead[]; total: number; pageCount: number; stages: Record<LeadStage, number> }> {
  const member = requireTeamActor(actor);
  const base = and(leadsVisibleTo(member), leadSearchCondition(query.search));
  const where = and(base, query.stage ? eq(leads.stage, query.stage) : undefined);
  const [rows, stageCounts] = await Promise.all([
    db
      .select({
        id: leads.id,
        name: leads.name,
        businessName: leads.businessName,
        email: leads.email,
        phone: leads.phone,
        industry: leads.industry,
        stage: leads.stage,
        assignedTo: leads.assignedTo,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(LEADS_PER_PAGE)
      .offset((query.page - 1) * LEADS_PER_PAGE),
    db.select({ stage: leads.stage, count: count() }).from(leads).where(base).groupBy(leads.stage),
  ]);
  const stages = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as Record<LeadStage, number>;
  for (const row of stageCounts) stages[row.stage as LeadStage] = row.count;
  const total = query.stage ? stages[query.stage] : Object.values(stages).reduce((sum, n) => sum + n, 0);
  return {
    leads: rows.map((row) => ({
      ...row,
      industry: row.industry as LeadIndustry,
      stage: row.stage as LeadStage,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / LEADS_PER_PAGE)),
    stages,
  };
}
