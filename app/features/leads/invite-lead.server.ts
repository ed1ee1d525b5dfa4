import { msg } from "@lingui/core/macro";
import { and, eq, sql } from "drizzle-orm";
import { leadEvents, leads, user } from "~db/schema";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { queueEmail } from "~/lib/email/email.server";
import { AppError } from "~/lib/http/app-error";
import { leadSignUpPath } from "~/lib/http/paths";
import { i18nFor } from "~/lib/i18n/instances.server";
import { isLocale } from "~/lib/i18n/locales";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { reachableLead } from "./lead-access.server";
import { signLeadToken } from "./lead-token.server";
import { leadChanges, type LeadStage } from "./leads";

export interface InviteLeadInput {
  leadId: string;
}

/**
 * Invites a lead to sign up (admins, or the staff member the lead is assigned to): an e-mail in the lead's language
 * with a sign-up link whose signed token names the lead (30 days), so the form opens with what they sent and the
 * account is linked to the lead. Refused for a lead without an e-mail address, one already linked to a customer, or
 * one whose address already has an account. The e-mail, the `invited` event, the move from New to Contacted (a
 * `stage` event) and the audit event `lead.invite` are written in one transaction; the lead's change is published
 * after the commit. Inviting again sends a new link (the earlier ones keep working until they expire).
 */
export async function inviteLead(
  deps: Pick<Deps, "db" | "bus" | "env" | "siteUrl" | "now">,
  actor: Actor | null,
  input: InviteLeadInput,
): Promise<{ stage: LeadStage }> {
  const member = requireTeamActor(actor);
  const now = deps.now?.() ?? new Date();
  const { lead, stage } = await deps.db.transaction(async (tx) => {
    const lead = await reachableLead(tx, member, input.leadId, { lock: true });
    if (lead.customerId) throw new AppError("lead_already_customer");
    if (!lead.email) throw new AppError("lead_without_email");
    const [account] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, lead.email.toLowerCase()))
      .limit(1);
    if (account) throw new AppError("lead_has_account");

    const i18n = i18nFor(isLocale(lead.language) ? lead.language : "en");
    const link = `${deps.siteUrl.replace(/\/$/, "")}${leadSignUpPath(signLeadToken(deps.env.AUTH_SECRET, lead.id, now))}`;
    const name = lead.name;
    await queueEmail(tx, {
      to: lead.email,
      subject: i18n._(msg`Create your account to get started`),
      text: [
        i18n._(msg`Hello ${name},`),
        i18n._(
          msg`Thank you for your quote request. To get started, create your account with this link: the form is already filled in with what you sent us (it works for 30 days).`,
        ),
        link,
        i18n._(msg`If you did not ask us for a quote, you can ignore this e-mail.`),
      ].join("\n\n"),
      // The link fills the sign-up form with the lead's details: the log of sent e-mails keeps no copy of it.
      forgetBodyAfterSend: true,
    });
    await tx.insert(leadEvents).values({ leadId: lead.id, kind: "invited", actorId: member.id, detail: {} });
    let stage = lead.stage as LeadStage;
    if (stage === "new") {
      await tx
        .update(leads)
        .set({ stage: "contacted" })
        .where(and(eq(leads.id, lead.id), eq(leads.stage, "new")));
      await tx.insert(leadEvents).values({
        leadId: lead.id,
        kind: "stage",
        actorId: member.id,
        detail: { from: "new", to: "contacted" },
      });
      stage = "contacted";
    }
    // Only the lead's id: the audit log outlives a lead deleted by retention, and must not keep who they were.
    await recordAuditEvent(tx, { actorId: member.id, action: "lead.invite", detail: { leadId: lead.id } });
    return { lead, stage };
  });
  await publishChanges(deps.bus, leadChanges(lead));
  return { stage };
}
