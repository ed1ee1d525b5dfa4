import { auditEvents } from "~db/schema";
import type { Executor } from "../db/db.server";

/**
 * Every audited action, named `area.verb`. Add a name here when an admin action or a reveal arrives, and its label
 * in the activity log (ACTIVITY_LABELS, app/features/activity/activity-views.ts: the type check asks for it).
 */
export const AUDIT_ACTIONS = [
  "payment.approve",
  "payment.reject",
  "payment.refund",
  "progress.toggle",
  "credentials.save",
  "secret.reveal",
  "note.create",
  "note.update",
  "note.delete",
  "message.send",
  "approval.request",
  "approval.decide",
  "file.deliver",
  "file.remove",
  "settings.update",
  "two-factor.reset",
  "two-factor.enable",
  "two-factor.disable",
  "account.sign-in",
  "account.lockout",
  "account.password-change",
  "account.password-reset",
  "session.revoke",
  "team.invite",
  "team.resend-invite",
  "team.revoke-invite",
  "team.join",
  "team.change-role",
  "team.deactivate",
  "team.reactivate",
  "customer.assign",
  "customer.delete",
  "customer.deletion-request",
  "customer.deletion-decline",
  "customer.deletion-withdraw",
  "customers.export",
  "promotion.create",
  "promotion.deactivate",
  "promotion.redeem",
  "lead.stage",
  "lead.note",
  "lead.assign",
  "lead.delete",
  "leads.export",
  "lead.invite",
  "plan.create",
  "plan.update",
  "plan.retire",
  "plan.offer-again",
  "plan.cancel",
  "plan.keep",
  "reminder.send",
  "reminders.pause",
  "reminders.resume",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEvent {
  /** Who did it; null only for the system itself. */
  actorId: string | null;
  action: AuditAction;
  /** The customer whose data it touched, when there is one. */
  customerId?: string | null;
  /** A small JSON detail: ids, the decision, which field. Never a secret's value. */
  detail?: Record<string, unknown>;
}

/** The one audit writer: called inside the action's own transaction, so an action never lacks its record. */
export async function recordAuditEvent(executor: Executor, event: AuditEvent): Promise<void> {
  await executor.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    customerId: event.customerId ?? null,
    detail: event.detail ?? {},
  });
}
