import { and, eq, isNull } from "drizzle-orm";
import { leadEvents, leads } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import type { Deps } from "~/lib/services.server";
import { readLeadToken } from "./lead-token.server";
import { leadChanges } from "./leads";
import type { SignUpInvitation } from "./link-lead";
import { formatUsPhone } from "~/features/auth/phone";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n/locales";

/**
 * Links a new account to the lead whose invitation it was made from, in the sign-up's transaction: the token names
 * the lead (signed, not expired), and a lead not linked to a customer yet gets this one and a `linked` event (no
 * actor: the lead did it). A bad or expired token, or a lead gone or already linked, links nothing: the account
 * stands as any other. Returns the lead's change, for after the commit, and the member the lead is assigned to (who
 * then follows the customer too).
 */
export async function linkInvitedLead(
  tx: Executor,
  { env, now }: Pick<Deps, "env" | "now">,
  customerId: string,
  token: string | undefined,
): Promise<{ changes: Change[]; assignedTo: string | null }> {
  const none = { changes: [], assignedTo: null };
  const leadId = readLeadToken(env.AUTH_SECRET, token, now?.() ?? new Date());
  if (!leadId) return none;
  const [linked] = await tx
    .update(leads)
    .set({ customerId })
    .where(and(eq(leads.id, leadId), isNull(leads.customerId)))
    .returning({ id: leads.id, assignedTo: leads.assignedTo });
  if (!linked) return none;
  await tx.insert(leadEvents).values({ leadId: linked.id, kind: "linked", actorId: null, detail: { customerId } });
  return { changes: leadChanges(linked), assignedTo: linked.assignedTo };
}

/**
 * What the sign-up form opens with for an invitation's token: the lead's name, e-mail, phone and business, only for a
 * token that is valid and a lead not yet linked to an account; anything else is null (an empty form, no error). The
 * page is public: it shows nothing but what the link's owner sent.
 */
export async function readSignUpInvitation(
  { db, env, now }: Pick<Deps, "db" | "env" | "now">,
  token: string | null,
): Promise<SignUpInvitation | null> {
  const leadId = readLeadToken(env.AUTH_SECRET, token, now?.() ?? new Date());
  if (!leadId || !token) return null;
  const [lead] = await db
    .select({
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      businessName: leads.businessName,
      language: leads.language,
    })
    .from(leads)
    .where(and(eq(leads.id, leadId), isNull(leads.customerId)));
  if (!lead) return null;
  return {
    token,
    fullName: lead.name,
    email: lead.email ?? "",
    phone: lead.phone ? formatUsPhone(lead.phone) : "",
    companyName: lead.businessName ?? "",
    language: isLocale(lead.language) ? lead.language : DEFAULT_LOCALE,
  };
}
