import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { INDUSTRIES, INDUSTRY_NAMES, type Industry } from "~/domain/industries";
import type { Change } from "~/lib/realtime/realtime";

/** Where a lead stands, in the order a lead moves (the table's check lists the same, a test holds them equal). */
export const LEAD_STAGES = ["new", "contacted", "quote_sent", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Each stage's name, as the filters, the lead's page and its timeline say it. */
export const LEAD_STAGE_NAMES: Record<LeadStage, MessageDescriptor> = {
  new: msg`New`,
  contacted: msg`Contacted`,
  quote_sent: msg`Quote sent`,
  won: msg`Won`,
  lost: msg`Lost`,
};

/** What a quote request can name as the business's trade: one of the landing page's, or another. */
export const LEAD_INDUSTRIES = [...INDUSTRIES, "other"] as const;
export type LeadIndustry = (typeof LEAD_INDUSTRIES)[number];

export const LEAD_INDUSTRY_NAMES: Record<LeadIndustry, MessageDescriptor> = {
  ...INDUSTRY_NAMES,
  other: msg`Other`,
} satisfies Record<Industry | "other", MessageDescriptor>;

/** What the visitor wants from the agency. */
export const LEAD_WANTS = ["google_business", "website", "both", "not_sure"] as const;
export type LeadWants = (typeof LEAD_WANTS)[number];

export const LEAD_WANTS_NAMES: Record<LeadWants, MessageDescriptor> = {
  google_business: msg`Google Business Profile`,
  website: msg`Website`,
  both: msg`Both`,
  not_sure: msg`Not sure yet`,
};

/** How the visitor prefers to be contacted. */
export const CONTACT_PREFERENCES = ["call", "text", "email", "whatsapp"] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

export const CONTACT_PREFERENCE_NAMES: Record<ContactPreference, MessageDescriptor> = {
  call: msg`Phone call`,
  text: msg`Text message`,
  email: msg`E-mail`,
  whatsapp: msg`WhatsApp`,
};

/** A second quote request from the same e-mail or phone within this long is a message on the first one's lead. */
export const SAME_LEAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A new lead nobody has contacted for this long is the work queue's. */
export const UNCONTACTED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * What a change to a lead publishes on the live stream: admins see every lead's; a staff member sees only the leads
 * assigned to them (their own id on the change), so an unassigned lead's change names the lead itself, which no
 * viewer's id matches. A reassignment tells the member who had it too.
 */
export function leadChanges(
  lead: { id: string; assignedTo: string | null },
  previousAssignee?: string | null,
): Change[] {
  const owners = new Set([lead.assignedTo ?? lead.id]);
  if (previousAssignee && previousAssignee !== lead.assignedTo) owners.add(previousAssignee);
  return [...owners].map((userId) => ({ table: "leads", userId }));
}
