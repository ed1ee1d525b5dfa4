import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { translate } from "~/lib/i18n/translate";
import { BLOCKER_TEXTS, isDeletionBlocker } from "~/features/account-deletion/account-deletion";
import { CREDENTIAL_CARDS } from "~/features/credentials/credentials.schemas";
import { PROGRESS_STEP_MESSAGES } from "~/domain/progress-steps";
import { isServiceType } from "~/domain/service-catalog";
import { serviceNameMessage } from "~/domain/service-texts";
import { TEAM_ROLE_NAMES } from "~/features/team/team-views";
import type { AuditAction } from "~/lib/auth/audit.server";

/** A message in a language: `i18n._` of the request's instance; `translate` (English on the server) by default. */
export type Translator = (descriptor: MessageDescriptor) => string;

/**
 * The audited actions as the activity log names them (the kinds of its filter), one for each action: an action
 * without its label fails the type check.
 */
const ACTIVITY_LABELS = {
  "payment.approve": msg`Approved a payment`,
  "payment.reject": msg`Rejected a payment`,
  "payment.refund": msg`Refunded a payment`,
  "progress.toggle": msg`Updated progress`,
  "credentials.save": msg`Saved credentials`,
  "secret.reveal": msg`Revealed a secret`,
  "note.create": msg`Created a note`,
  "note.update": msg`Edited a note`,
  "note.delete": msg`Deleted a note`,
  "message.send": msg`Sent a message`,
  "approval.request": msg`Requested approval`,
  "approval.decide": msg`Answered an approval request`,
  "file.deliver": msg`Delivered a file`,
  "file.remove": msg`Removed a delivered file`,
  "settings.update": msg`Changed settings`,
  "two-factor.reset": msg`Reset an admin's two-factor`,
  "two-factor.enable": msg`Turned two-factor on`,
  "two-factor.disable": msg`Turned two-factor off`,
  "account.sign-in": msg`Sign-in`,
  "account.lockout": msg`Account locked`,
  "account.password-change": msg`Changed their password`,
  "account.password-reset": msg`Reset their password`,
  "session.revoke": msg`Ended sessions`,
  "team.invite": msg`Invited a team member`,
  "team.resend-invite": msg`Resent a team invitation`,
  "team.revoke-invite": msg`Revoked a team invitation`,
  "team.join": msg`Joined the team`,
  "team.change-role": msg`Changed a team member's role`,
  "team.deactivate": msg`Deactivated a team member`,
  "team.reactivate": msg`Reactivated a team member`,
  "customer.assign": msg`Changed who a customer is assigned to`,
  "customer.delete": msg`Deleted a customer's account`,
  "customer.deletion-request": msg`Asked to delete their account`,
  "customer.deletion-decline": msg`Declined a deletion request`,
  "customer.deletion-withdraw": msg`Withdrew their deletion request`,
  "customers.export": msg`Exported the customer list`,
  "promotion.create": msg`Created a promotion code`,
  "promotion.deactivate": msg`Deactivated a promotion code`,
  "promotion.redeem": msg`Paid with a promotion code`,
  "lead.stage": msg`Moved a lead to another stage`,
  "lead.note": msg`Added a note to a lead`,
  "lead.assign": msg`Changed who a lead is assigned to`,
  "lead.delete": msg`Deleted a lead`,
  "leads.export": msg`Exported the leads`,
  "lead.invite": msg`Invited a lead to sign up`,
  "plan.create": msg`Created a care plan`,
  "plan.update": msg`Changed a care plan`,
  "plan.retire": msg`Retired a care plan`,
  "plan.offer-again": msg`Offered a care plan again`,
  "plan.cancel": msg`Cancelled a care plan at the end of its period`,
  "plan.keep": msg`Kept a care plan they had cancelled`,
  "reminder.send": msg`Sent a customer a reminder`,
  "reminders.pause": msg`Paused a customer's reminders`,
  "reminders.resume": msg`Let a customer's reminders run again`,
} as const satisfies Record<AuditAction, MessageDescriptor>;

/** An action's label in a language; an action the table does not have is shown as it is. */
export function activityLabel(action: string, tr: Translator = translate): string {
  return Object.hasOwn(ACTIVITY_LABELS, action) ? tr(ACTIVITY_LABELS[action as AuditAction]) : action;
}

/**
 * Who an event names as its actor: their name; else, with nobody's account, the system's own act (an automatic
 * approval) or, for an account-security event, an attempt at an address no account has.
 */
export function actorName(event: Pick<ActivityEvent, "actor" | "action">, tr: Translator = translate): string {
  if (event.actor) return event.actor.name;
  return event.action.startsWith("account.") ? tr(msg`Unknown account`) : tr(msg`System`);
}

export const ACTIVITY_PAGE_SIZE = 25;

interface ActivityEvent {
  id: string;
  action: string;
  /** ISO timestamp. */
  createdAt: string;
  /** Who did it: null for the system itself (e.g. an auto-approval) or a deleted account. */
  actor: { id: string; name: string } | null;
  customer: { id: string; name: string } | null;
  /** A short reading of the event's detail (the section, the note's title, the payment...). */
  summary: string;
}

export interface ActivityFilters {
  adminId: string | null;
  customerId: string | null;
  action: string | null;
}

export interface ActivityPage {
  events: ActivityEvent[];
  page: number;
  pageCount: number;
  total: number;
  filters: ActivityFilters;
  /** The choices of the filters: people who appear in the log. */
  admins: { id: string; name: string }[];
  customers: { id: string; name: string }[];
  actions: string[];
}

/** How a sign-in attempt ended, as the log reads it. */
const SIGN_IN_OUTCOMES: Record<string, MessageDescriptor> = {
  success: msg`succeeded`,
  failure: msg`failed`,
  locked: msg`refused (account locked)`,
};

/** The second step of a sign-in an event is about. */
const SIGN_IN_METHODS: Record<string, MessageDescriptor> = {
  code: msg`with an authentication code`,
  "backup code": msg`with a backup code`,
};

/** Which sessions an account ended. */
const SESSION_SCOPES: Record<string, MessageDescriptor> = {
  one: msg`one session`,
  all: msg`all sessions`,
  others: msg`every other session`,
};

/** The settings tabs and their values, named as the settings screen labels them. */
const SETTINGS_SECTION_NAMES: Record<string, MessageDescriptor> = {
  general: msg`General settings`,
  notifications: msg`Notification settings`,
  security: msg`Security settings`,
  retention: msg`Data Retention`,
};
const SETTING_NAMES: Record<string, MessageDescriptor> = {
  maintenanceMode: msg`Maintenance Mode`,
  autoApproveSubmissions: msg`Auto-approve Submissions`,
  companyName: msg`Company Name`,
  supportEmail: msg`Support Email`,
  zelleRecipientName: msg`Zelle Recipient Name`,
  messagesReplyTime: msg`Reply Time`,
  reviewLink: msg`Review Link`,
  bookingLink: msg`Booking Link`,
  assignNewCustomersTo: msg`Assign new customers to`,
  companyAddress: msg`Company Address`,
  taxId: msg`Tax ID`,
  emailNotifications: msg`Email Notifications`,
  pushNotifications: msg`Push Notifications`,
  newUserRegistration: msg`New user registration`,
  newSubmission: msg`New submission received`,
  profileUpdates: msg`User profile updates`,
  systemErrors: msg`System errors`,
  newMessage: msg`New message received`,
  newLead: msg`New lead received`,
  twoFactor: msg`Two-Factor Authentication`,
  sessionTimeout: msg`Session Timeout`,
  sessionDurationMinutes: msg`Session Duration (minutes)`,
  maxLoginAttempts: msg`Max Login Attempts`,
  readNotificationsDays: msg`Read notifications (days)`,
  auditEventsDays: msg`Audit events (days)`,
  sentEmailsDays: msg`Sent e-mails (days)`,
};

/** The customer list's counter filter, as its cards name it. */
const CUSTOMER_STATES: Record<string, MessageDescriptor> = {
  active: msg`Active`,
  inactive: msg`Inactive`,
  in_progress: msg`In Progress`,
};

/** The secrets a reveal names: a credential's fields (the Google Business form's Gmail password has its own line). */
const SECRET_NAMES: Record<string, MessageDescriptor> = {
  password: msg`Password`,
  pin: msg`PIN`,
  details: msg`Details`,
};

/**
 * A one-line reading of an audit event's detail, as a person would write it ('Marked "Verification Completed"
 * done for Google Business Profile'); never a stored key, never a secret (the detail holds none). A key this
 * version does not know (an older or newer event) is left out rather than shown raw.
 */
export function summarize(action: string, detail: Record<string, unknown>, tr: Translator = translate): string {
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const named = (names: Record<string, MessageDescriptor>, key: unknown) => {
    const message = typeof key === "string" && Object.hasOwn(names, key) ? names[key] : undefined;
    return message ? tr(message) : "";
  };
  const serviceName = (key: unknown) => (isServiceType(key) ? tr(serviceNameMessage(key)) : "");
  const paymentNumber = text(detail.paymentNumber);
  switch (action) {
    case "payment.approve":
    case "payment.reject":
      return [
        detail.serviceType === "google_business"
          ? tr(msg`Google Business Profile payment`)
          : detail.serviceType === "website"
            ? tr(msg`Website payment ${paymentNumber}`)
            : "",
        detail.auto ? tr(msg`(automatic)`) : "",
      ]
        .filter(Boolean)
        .join(" ");
    case "payment.refund": {
      const amount = typeof detail.amount === "number" ? `$${detail.amount.toFixed(2)}` : "";
      return [amount, text(detail.reason)].filter(Boolean).join(": ");
    }
    case "note.create":
    case "note.update":
    case "note.delete":
      return text(detail.title);
    case "message.send": {
      const files = typeof detail.files === "number" ? detail.files : 0;
      return [
        text(detail.preview),
        files > 0 ? tr(msg`${plural(files, { one: "# file", other: "# files" })}`) : "",
        detail.source === "email" ? tr(msg`(by e-mail)`) : "",
      ]
        .filter(Boolean)
        .join(" · ");
    }
    case "approval.request":
    case "approval.decide": {
      const service = serviceName(detail.service);
      const version = typeof detail.version === "number" ? detail.version : 0;
      if (!service || !version) return "";
      if (action === "approval.request") return `${service} v${version}: ${text(detail.title)}`;
      return detail.decision === "approved"
        ? tr(msg`Approved ${service} v${version}`)
        : tr(msg`Asked for changes to ${service} v${version}`);
    }
    case "file.deliver":
    case "file.remove": {
      const service = serviceName(detail.service);
      return [service, text(detail.name)].filter(Boolean).join(": ");
    }
    case "settings.update": {
      const section = named(SETTINGS_SECTION_NAMES, detail.section);
      const changed = detail.changed && typeof detail.changed === "object" ? Object.keys(detail.changed) : [];
      const settings = changed
        .map((key) => named(SETTING_NAMES, key))
        .filter(Boolean)
        .join(", ");
      return [section, settings].filter(Boolean).join(": ");
    }
    case "progress.toggle": {
      const step = named(PROGRESS_STEP_MESSAGES, detail.step);
      const service = serviceName(detail.service);
      if (!step || !service) return "";
      if (detail.done === true) return tr(msg`Marked "${step}" done for ${service}`);
      if (detail.done === false) return tr(msg`Marked "${step}" not done for ${service}`);
      return "";
    }
    case "secret.reveal": {
      if (detail.kind === "data_export") return tr(msg`Every stored password, in their data export`);
      if (detail.kind === "google_business_info")
        return detail.field === "gmail_password" ? tr(msg`Gmail password (Google Business Profile)`) : "";
      const secret = named(SECRET_NAMES, detail.field);
      if (detail.kind === "website_credentials") return secret ? tr(msg`${secret} (Credentials)`) : "";
      return secret;
    }
    case "two-factor.enable":
    case "two-factor.disable":
    case "account.sign-in":
    case "account.lockout":
    case "account.password-change":
    case "account.password-reset":
    case "session.revoke": {
      const outcome = SIGN_IN_OUTCOMES[text(detail.outcome)];
      const method = SIGN_IN_METHODS[text(detail.method)];
      const scope = SESSION_SCOPES[text(detail.scope)];
      return [
        outcome ? tr(outcome) : "",
        method ? tr(method) : "",
        scope ? tr(scope) : "",
        text(detail.email),
        detail.ip ? tr(msg`from ${addressText(text(detail.ip), tr)}`) : "",
      ]
        .filter(Boolean)
        .join(" ");
    }
    case "customer.assign": {
      // The members' names as they were when assigned (the detail keeps them).
      const names = (value: unknown) =>
        (Array.isArray(value) ? value : [])
          .map((member: unknown) =>
            member && typeof member === "object" ? text((member as { name?: unknown }).name) : "",
          )
          .filter(Boolean)
          .join(", ");
      const assignee = names(detail.added);
      const removed = names(detail.removed);
      return [
        assignee ? tr(msg`Assigned to ${assignee}`) : "",
        removed ? tr(msg`No longer assigned to ${removed}`) : "",
        detail.automatic ? tr(msg`(automatic)`) : "",
      ]
        .filter(Boolean)
        .join(" · ");
    }
    case "customer.delete": {
      // Who the customer was is gone with them: who did it, why (an admin's reason), and what stayed.
      const reason = text(detail.reason);
      const kept = typeof detail.paymentsKept === "number" ? detail.paymentsKept : 0;
      return [
        detail.by === "customer"
          ? tr(msg`By the customer`)
          : detail.requested
            ? tr(msg`At the customer's request`)
            : "",
        reason,
        kept > 0
          ? tr(msg`${plural(kept, { one: "# payment kept for the books", other: "# payments kept for the books" })}`)
          : "",
      ]
        .filter(Boolean)
        .join(" · ");
    }
    case "customer.deletion-request":
      // What held it back for an admin's word.
      return (Array.isArray(detail.blockers) ? detail.blockers : [])
        .map((blocker: unknown) => (isDeletionBlocker(blocker) ? tr(BLOCKER_TEXTS[blocker]) : ""))
        .filter(Boolean)
        .join("; ");
    case "customer.deletion-decline":
      return text(detail.reason);
    case "customers.export": {
      // The filter the export used, never the search's text (the detail keeps only whether there was one).
      const status = named(CUSTOMER_STATES, detail.status);
      const assigned =
        detail.assigned === "none"
          ? tr(msg`Unassigned`)
          : typeof detail.assigned === "string"
            ? tr(msg`One team member's customers`)
            : "";
      return (
        [status, assigned, detail.searched ? tr(msg`with a search`) : ""].filter(Boolean).join(" · ") ||
        tr(msg`All customers`)
      );
    }
    case "team.invite":
    case "team.resend-invite":
    case "team.revoke-invite":
    case "team.join":
    case "team.deactivate":
    case "team.reactivate": {
      const role = named(TEAM_ROLE_NAMES, detail.role);
      return [text(detail.email), role ? `(${role})` : ""].filter(Boolean).join(" ");
    }
    case "promotion.create":
    case "promotion.deactivate":
    case "promotion.redeem": {
      const service = serviceName(detail.serviceType);
      return [text(detail.code), service].filter(Boolean).join(" · ");
    }
    case "plan.create":
    case "plan.update":
    case "plan.retire":
    case "plan.offer-again":
    case "plan.cancel":
    case "plan.keep":
      return text(detail.planName);
    case "team.change-role": {
      const from = named(TEAM_ROLE_NAMES, detail.from);
      const to = named(TEAM_ROLE_NAMES, detail.role);
      return [text(detail.email), from && to ? `${from} → ${to}` : ""].filter(Boolean).join(": ");
    }
    case "credentials.save": {
      const types: unknown[] = Array.isArray(detail.types) ? detail.types : [];
      return CREDENTIAL_CARDS.filter((card) => types.includes(card.type))
        .map((card) => tr(card.labelText))
        .join(", ");
    }
    default:
      return "";
  }
}

/**
 * A client address as a person reads it: the loopback (a browser on the server itself: `::1`, `127.0.0.1`) in words,
 * an IPv4 address written as IPv6 (`::ffff:198.51.100.7`) as the IPv4 one, any other as it is.
 */
export function addressText(ip: string, tr: Translator = translate): string {
  const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (plain === "::1" || /^127\.\d+\.\d+\.\d+$/.test(plain)) return tr(msg`this server (localhost)`);
  return plain;
}
