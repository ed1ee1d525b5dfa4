import type { LeadSource } from "~db/schema";
import type { ContactPreference, LeadIndustry, LeadStage, LeadWants } from "./leads";

/** A row of the Leads list. */
export interface ListedLead {
  id: string;
  name: string;
  businessName: string | null;
  email: string | null;
  phone: string | null;
  industry: LeadIndustry;
  stage: LeadStage;
  assignedTo: string | null;
  createdAt: string;
}

/** One entry of a lead's timeline, who did it (null: the lead themself, or the product) and when. */
export interface LeadTimelineEntry {
  id: string;
  kind: "received" | "message" | "stage" | "note" | "assigned" | "invited" | "linked" | "email";
  actorName: string | null;
  detail: Record<string, unknown>;
  at: string;
}

/** A lead's page: everything they sent, where they came from, where the agency stands, and what happened. */
export interface LeadDetail {
  id: string;
  stage: LeadStage;
  name: string;
  businessName: string | null;
  email: string | null;
  phone: string | null;
  industry: LeadIndustry;
  wants: LeadWants;
  city: string | null;
  state: string | null;
  contactPreference: ContactPreference;
  language: string;
  source: LeadSource;
  customerId: string | null;
  assignedTo: string | null;
  lostReason: string | null;
  createdAt: string;
  timeline: LeadTimelineEntry[];
}
