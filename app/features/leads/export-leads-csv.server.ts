import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, desc, eq } from "drizzle-orm";
import { leads, user } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { CSV_BOM, csvRow } from "~/lib/http/csv";
import type { Deps } from "~/lib/services.server";
import { leadListErrorMessage, parseLeadListQuery } from "./lead-list-query";
import {
  CONTACT_PREFERENCE_NAMES,
  type ContactPreference,
  LEAD_INDUSTRY_NAMES,
  LEAD_STAGE_NAMES,
  LEAD_WANTS_NAMES,
  type LeadIndustry,
  type LeadStage,
  type LeadWants,
} from "./leads";
import { leadSearchCondition } from "./list-leads.server";

const HEADER = [
  msg`Received`,
  msg`Stage`,
  msg`Name`,
  msg`Business`,
  msg`Email`,
  msg`Phone`,
  msg`Industry`,
  msg`Wants`,
  msg`City`,
  msg`State`,
  msg`Preferred contact`,
  msg`Source`,
  msg`Referring site`,
  msg`Assigned to`,
  msg`Lost reason`,
] as const;

/**
 * The Leads list as CSV with the list's search and stage (every page, newest first), in the admin's language. Leads
 * are personal data: admins only, and each export is audited (`leads.export`) with its stage and whether there was a
 * search, never the search's text. Every cell goes through the CSV rules, so a name typed as a formula stays text.
 */
export async function exportLeadsCsv(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: URLSearchParams,
  i18n: I18n,
  now = new Date(),
): Promise<{ fileName: string; body: string }> {
  const admin = requireAdminActor(actor);
  input = new URLSearchParams(input);
  input.delete("page");
  const { query, errors } = parseLeadListQuery(input);
  const error = leadListErrorMessage(errors, i18n);
  if (error) throw new AppError("invalid_request", { detail: error });
  const rows = await db
    .select({ lead: leads, assignee: user.name })
    .from(leads)
    .leftJoin(user, eq(user.id, leads.assignedTo))
    .where(and(leadSearchCondition(query.search), query.stage ? eq(leads.stage, query.stage) : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  await recordAuditEvent(db, {
    actorId: admin.id,
    action: "leads.export",
    detail: { searched: query.search !== "", stage: query.stage },
  });
  const lines = rows.map(({ lead, assignee }) =>
    csvRow([
      lead.createdAt.toISOString(),
      i18n._(LEAD_STAGE_NAMES[lead.stage as LeadStage]),
      lead.name,
      lead.businessName,
      lead.email,
      lead.phone,
      i18n._(LEAD_INDUSTRY_NAMES[lead.industry as LeadIndustry] ?? LEAD_INDUSTRY_NAMES.other),
      i18n._(LEAD_WANTS_NAMES[lead.wants as LeadWants]),
      lead.city,
      lead.state,
      i18n._(CONTACT_PREFERENCE_NAMES[lead.contactPreference as ContactPreference]),
      lead.source.utmSource,
      lead.source.referrer,
      assignee,
      lead.lostReason,
    ]),
  );
  return {
    fileName: `leads-${now.toISOString().slice(0, 10)}.csv`,
    body: CSV_BOM + csvRow(HEADER.map((label) => i18n._(label))) + lines.join(""),
  };
}
