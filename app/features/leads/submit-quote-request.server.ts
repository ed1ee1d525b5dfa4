import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { leadEvents, leads, profiles, user, userRoles, type LeadSource } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import type { Locale } from "~/lib/i18n/locales";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { leadChanges, SAME_LEAD_WINDOW_MS } from "./leads";
import type { QuoteRequest } from "./leads.schemas";

export interface QuoteRequestInput {
  request: QuoteRequest;
  /** The language of the page it was written from. */
  language: Locale;
  /** The landing visit's advert and referring site. */
  source: LeadSource;
}

/**
 * A visitor's quote request (the landing page's form), which anybody may send, signed in or not: it only ever creates
 * (a lead, or a message on one). A request from an e-mail or phone that wrote within SAME_LEAD_WINDOW_MS is a second
 * message on that lead, not a new one. A lead whose e-mail or phone is a customer account's is linked to it. The
 * admins hear of it (bell and e-mail, per the New lead received switch) in the same transaction; an admin's open
 * Leads page reloads after the commit.
 */
export async function submitQuoteRequest(
  deps: Pick<Deps, "db" | "bus" | "now">,
  _actor: Actor | null,
  { request, language, source }: QuoteRequestInput,
): Promise<{ leadId: string; created: boolean }> {
  // The schema holds this already; the use case does not trust that every caller parsed with it.
  if (!request.email && !request.phone) throw new AppError("invalid_input");
  const now = deps.now?.() ?? new Date();
  const { result, changes } = await deps.db.transaction(async (tx) => {
    await lockContacts(tx, request);
    const customerId = await customerReachedAt(tx, request);
    const earlier = await recentLead(tx, request, new Date(now.getTime() - SAME_LEAD_WINDOW_MS));
    if (earlier) {
      await tx
        .update(leads)
        .set({ lastMessageAt: now, updatedAt: now, ...(earlier.customerId ? {} : { customerId }) })
        .where(eq(leads.id, earlier.id));
      await tx
        .insert(leadEvents)
        .values({ leadId: earlier.id, kind: "message", detail: messageDetail(request), createdAt: now });
      if (!earlier.customerId && customerId) await recordLink(tx, earlier.id, customerId, now);
      const notified = await notifyAdmins(tx, earlier.id, request, true);
      return { result: { leadId: earlier.id, created: false }, changes: [...leadChanges(earlier), ...notified] };
    }
    const [lead] = await tx
      .insert(leads)
      .values({
        name: request.name,
        businessName: request.businessName,
        email: request.email,
        phone: request.phone,
        industry: request.industry,
        wants: request.wants,
        city: request.city,
        state: request.state,
        contactPreference: request.contactPreference,
        language,
        consentedAt: now,
        source,
        customerId,
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: leads.id, assignedTo: leads.assignedTo });
    if (!lead) throw new Error("The lead was not saved");
    await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: "received", detail: messageDetail(request), createdAt: now });
    if (customerId) await recordLink(tx, lead.id, customerId, now);
    const notified = await notifyAdmins(tx, lead.id, request, false);
    return { result: { leadId: lead.id, created: true }, changes: [...leadChanges(lead), ...notified] };
  });
  await publishChanges(deps.bus, changes);
  return result;
}

/** What a request said, as its event keeps it: the message, and the details that may differ from the lead's. */
function messageDetail(request: QuoteRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({
      message: request.message,
      name: request.name,
      businessName: request.businessName,
      email: request.email,
      phone: request.phone,
    }).filter(([, value]) => value !== null),
  );
}

/**
 * Holds, until the transaction ends, a lock per e-mail and phone the request names (in one order, so two requests
 * never wait on each other): the same form sent twice at once (a double click, a retried POST) then finds the lead
 * the first one made instead of making a second.
 */
async function lockContacts(tx: Executor, request: QuoteRequest): Promise<void> {
  const keys = [request.email && `lead-email:${request.email}`, request.phone && `lead-phone:${request.phone}`]
    .filter((key): key is string => Boolean(key))
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The latest lead this e-mail or phone wrote from since `since`, if any. */
async function recentLead(tx: Executor, request: QuoteRequest, since: Date) {
  const sameContact = or(
    request.email ? eq(leads.email, request.email) : undefined,
    request.phone ? eq(leads.phone, request.phone) : undefined,
  );
  const [lead] = await tx
    .select({ id: leads.id, assignedTo: leads.assignedTo, customerId: leads.customerId })
    .from(leads)
    .where(and(sameContact, gte(leads.lastMessageAt, since)))
    .orderBy(desc(leads.lastMessageAt))
    .limit(1);
  return lead ?? null;
}

/**
 * The customer account (not a team member's) with this e-mail, else with this phone (a profile keeps the phone as it
 * was typed, so its digits are compared).
 */
async function customerReachedAt(tx: Executor, request: QuoteRequest): Promise<string | null> {
  const notTeam = isNull(userRoles.userId);
  const customer = (condition: ReturnType<typeof eq>) =>
    tx
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(and(condition, notTeam))
      .orderBy(profiles.createdAt)
      .limit(1);
  if (request.email) {
    const [byEmail] = await customer(eq(sql`lower(${user.email})`, request.email));
    if (byEmail) return byEmail.id;
  }
  if (request.phone) {
    const [byPhone] = await customer(eq(sql`regexp_replace(${profiles.phone}, '\\D', '', 'g')`, request.phone));
    if (byPhone) return byPhone.id;
  }
  return null;
}

async function recordLink(tx: Executor, leadId: string, customerId: string, at: Date): Promise<void> {
  await tx.insert(leadEvents).values({ leadId, kind: "linked", detail: { customerId }, createdAt: at });
}

function notifyAdmins(tx: Executor, leadId: string, request: QuoteRequest, again: boolean): Promise<Change[]> {
  return notify(tx, {
    to: { admins: "newLead" },
    type: "new_lead",
    data: { leadId, name: request.name, businessName: request.businessName, again },
  });
}
