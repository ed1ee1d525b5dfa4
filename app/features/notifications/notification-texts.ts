import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { formatMoney } from "~/lib/i18n/format";
import { decisionNotification, SYSTEM_PAYMENT_NOTES } from "~/features/notifications/payment-notifications";
import { refundNotification } from "~/features/notifications/payment-notifications";
import {
  PROOF_NOTIFICATION_TITLE_TEXT,
  proofNotificationMessage,
} from "~/features/notifications/payment-notifications";
import { serviceNameIn } from "~/domain/service-texts";
import { PROGRESS_NOTIFICATION_TYPE, progressNotification } from "~/features/notifications/progress-notifications";
import { isProgressStep } from "~/domain/progress-steps";
import { planNotification, planNotificationData } from "~/features/notifications/plan-notifications";
import {
  reminderLink,
  reminderNotification,
  reminderNotificationData,
} from "~/features/notifications/reminder-notifications";
import { href } from "react-router";
import {
  CUSTOMER_HOME,
  customerPagePath,
  leadPagePath,
  PLAN_CARD_PAGE,
  PLANS_PAGE,
  SERVICE_PAGE,
} from "~/lib/http/paths";

/**
 * A notification is stored as its type and a little data (which service, which payment, which step, which
 * customer) and worded when somebody reads it, in the reader's language at that moment: a customer who switches
 * language reads their earlier notifications in the new one. Pure: the bell renders on both sides, notify words
 * the e-mails and the row's fallback text with it.
 */

const service = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]]);

/** A customer the admins are told about: who they are (as they were when it happened) and where their page is. */
const customerRef = z.object({
  customerId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
});

const paymentData = z.discriminatedUnion("kind", [
  /** To the admins: a customer sent a Zelle proof. */
  customerRef.extend({
    kind: z.literal("proof_submitted"),
    service,
    paymentNumber: z.number().int(),
    amount: z.number(),
  }),
  /** To the customer: their payment was approved or rejected, with the admin's notes or a note the system wrote. */
  z.object({
    kind: z.literal("decision"),
    decision: z.enum(["approve", "reject"]),
    service,
    paymentNumber: z.number().int(),
    notes: z.string().nullable(),
    systemNote: z.enum(Object.keys(SYSTEM_PAYMENT_NOTES) as [keyof typeof SYSTEM_PAYMENT_NOTES]).optional(),
  }),
  /** To the customer: money given back on their payment (all of it, or part), and why; a plan's charge names its plan. */
  z.object({
    kind: z.literal("refund"),
    service: service.optional(),
    plan: z.object({ en: z.string(), es: z.string() }).optional(),
    paymentNumber: z.number().int(),
    amount: z.number(),
    full: z.boolean(),
    reason: z.string().nullable(),
  }),
]);

const progressData = z.object({ step: z.string() });

/**
 * A message in a customer's conversation: to the customer when the agency wrote (the author: an admin's name, or
 * null for a former team member), to the admins when the customer did. The start of its text, and how many files.
 */
const messageData = customerRef.extend({
  fromAgency: z.boolean(),
  author: z.string().nullable(),
  preview: z.string(),
  files: z.number().int().min(0),
});

/** To the customer: the agency sent a round of a service for approval. */
const reviewRoundData = z.object({ service, version: z.number().int().min(1), title: z.string() });

/** To the admins: the customer approved a round, or asked for changes (with what to change). */
const reviewDecisionData = customerRef.extend({
  service,
  version: z.number().int().min(1),
  decision: z.enum(["approved", "changes_requested"]),
  comment: z.string().nullable(),
});

/** To the customer: the agency added a finished file to a service. */
const deliveredFileData = z.object({ service, name: z.string() });

/** To the admins: a customer asked to delete their account, which waits for the agency's word (what held it back). */
const deletionRequestedData = customerRef.extend({ blockers: z.array(z.string()) });

/**
 * To the admins: a card payment with a promotion code was paid after its checkout's hold on the code's use had
 * lapsed, when every use was taken: recorded at the price paid, but not counted as a use (what was paid, the code and
 * its maximum).
 */
const promotionOverLimitData = customerRef.extend({
  service,
  paymentNumber: z.number().int(),
  amount: z.number(),
  code: z.string(),
  maxUses: z.number().int().min(1),
});

/** To the customer: the agency declined their request to delete their account, and why. */
const deletionDeclinedData = z.object({ reason: z.string() });

const DATA_SCHEMAS = {
  payment: paymentData,
  google_business_progress: progressData,
  website_progress: progressData,
  google_business_submitted: customerRef,
  google_business_updated: customerRef,
  website_submitted: customerRef,
  website_updated: customerRef,
  profile_updated: customerRef,
  new_user: customerRef,
  message: messageData,
  review_round: reviewRoundData,
  review_decision: reviewDecisionData,
  delivered_file: deliveredFileData,
  review_request: z.object({ service }),
  deletion_requested: deletionRequestedData,
  deletion_declined: deletionDeclinedData,
  promotion_over_limit: promotionOverLimitData,
  /** To the customer: the export of their data they asked for can be downloaded (for 24 hours). */
  data_export_ready: z.object({ withSecrets: z.boolean() }),
  security: z.object({ email: z.string() }),
  /** To the admins: a sign-up asked for an address invited to the team (refused: only the invitation's link takes it). */
  invited_address_claimed: z.object({ email: z.string() }),
  /** To a team member: an admin put a customer in their care. */
  customer_assigned: customerRef,
  system_error: z.object({ kind: z.string(), detail: z.string() }),
  /** To the admins: a visitor asked for a free quote (a new lead), or wrote again within a day (`again`). */
  new_lead: z.object({ leadId: z.string(), name: z.string(), businessName: z.string().nullable(), again: z.boolean() }),
  plan: planNotificationData,
  /** To the customer: something waits on them (a reminder), the form, the round, the payment or the thread. */
  reminder: reminderNotificationData,
} as const;

type DataSchemas = typeof DATA_SCHEMAS;
type NotificationType = keyof DataSchemas;

/** What `notify` is given: a type and its data (`{ type: "payment", data: { kind: "decision", ... } }`). */
export type NotificationEvent = {
  [T in NotificationType]: { type: T; data: z.infer<DataSchemas[T]> };
}[NotificationType];

/** A stored row as the renderer needs it: its type, its data (null on old rows) and the text stored with it. */
interface StoredNotification {
  type: string;
  data: unknown;
  title: string;
  message: string;
}

interface RenderedNotification {
  title: string;
  message: string;
  /** The page the notification is about (a path), or null when there is none. */
  href: string | null;
}

/** The event a row holds, or null when it has no data or data this version cannot read (then its stored text is shown). */
function notificationEvent(row: { type: string; data: unknown }): NotificationEvent | null {
  if (row.data === null || row.data === undefined || !Object.hasOwn(DATA_SCHEMAS, row.type)) return null;
  const parsed = DATA_SCHEMAS[row.type as NotificationType].safeParse(row.data);
  return parsed.success ? ({ type: row.type, data: parsed.data } as NotificationEvent) : null;
}

function customerLabel(i18n: I18n, customer: { fullName: string; companyName: string | null }): string {
  const name = customer.fullName.trim() || i18n._(msg`A customer`);
  const company = customer.companyName?.trim();
  return company ? i18n._(msg`${name} from ${company}`) : name;
}

/** The words of an event in the i18n instance's language. */
export function eventText(i18n: I18n, event: NotificationEvent): { title: string; message: string } {
  switch (event.type) {
    case "payment": {
      const data = event.data;
      if (data.kind === "proof_submitted") {
        return {
          title: i18n._(PROOF_NOTIFICATION_TITLE_TEXT),
          message: proofNotificationMessage(
            i18n,
            { fullName: data.fullName.trim() || i18n._(msg`A customer`), companyName: data.companyName },
            data.service,
            data.paymentNumber,
            data.amount,
          ),
        };
      }
      if (data.kind === "refund") return refundNotification(i18n, data);
      const notes = data.systemNote ? SYSTEM_PAYMENT_NOTES[data.systemNote] : data.notes;
      return decisionNotification(i18n, data.decision, notes, data);
    }
    case "google_business_progress":
    case "website_progress": {
      const serviceType = event.type === PROGRESS_NOTIFICATION_TYPE.website ? "website" : "google_business";
      const step = event.data.step;
      if (!isProgressStep(serviceType, step)) return { title: i18n._(msg`Progress updated`), message: step };
      return progressNotification(i18n, serviceType, step);
    }
    case "google_business_submitted": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`Google Business Information Submitted`),
        message: i18n._(msg`${who} submitted their Google Business information`),
      };
    }
    case "google_business_updated": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`Google Business Information Updated`),
        message: i18n._(msg`${who} updated their Google Business information`),
      };
    }
    case "website_submitted": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`Website Information Submitted`),
        message: i18n._(msg`${who} submitted their website information`),
      };
    }
    case "website_updated": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`Website Information Updated`),
        message: i18n._(msg`${who} updated their website information`),
      };
    }
    case "profile_updated": {
      const { fullName, companyName } = event.data;
      return {
        title: i18n._(msg`Profile Updated`),
        message: companyName
          ? i18n._(msg`${fullName} from ${companyName} updated their profile`)
          : i18n._(msg`${fullName} updated their profile`),
      };
    }
    case "new_user": {
      const name = event.data.fullName.trim() || i18n._(msg`A new customer`);
      const company = event.data.companyName?.trim();
      return {
        title: i18n._(msg`New User Registration`),
        message: company ? i18n._(msg`${name} from ${company} just registered`) : i18n._(msg`${name} just registered`),
      };
    }
    case "new_lead": {
      const name = event.data.name.trim() || i18n._(msg`A visitor`);
      const company = event.data.businessName?.trim();
      const who = company ? i18n._(msg`${name} from ${company}`) : name;
      return event.data.again
        ? { title: i18n._(msg`New lead message`), message: i18n._(msg`${who} wrote again about their quote request`) }
        : { title: i18n._(msg`New lead received`), message: i18n._(msg`${who} asked for a free quote`) };
    }
    case "plan": {
      const data = event.data;
      return planNotification(i18n, data, "customerId" in data ? customerLabel(i18n, data) : null);
    }
    case "reminder":
      return reminderNotification(i18n, event.data);
    case "message": {
      const { fromAgency, author, preview, files } = event.data;
      const who = fromAgency ? (author ?? i18n._(msg`A former team member`)) : customerLabel(i18n, event.data);
      const what = preview || i18n._(msg`${plural(files, { one: "Sent # file", other: "Sent # files" })}`);
      return {
        title: fromAgency ? i18n._(msg`New message from the team`) : i18n._(msg`New message`),
        message: `${who}: ${what}`,
      };
    }
    case "review_round": {
      const { version, title } = event.data;
      const what = serviceNameIn(i18n, event.data.service);
      return {
        title: i18n._(msg`Waiting for your approval`),
        message: i18n._(msg`${what}: ${title} (v${version}). Approve it or tell us what to change.`),
      };
    }
    case "review_decision": {
      const { version, decision, comment } = event.data;
      const who = customerLabel(i18n, event.data);
      const what = serviceNameIn(i18n, event.data.service);
      return decision === "approved"
        ? { title: i18n._(msg`Approval received`), message: i18n._(msg`${who} approved ${what} v${version}`) }
        : {
            title: i18n._(msg`Changes requested`),
            message: i18n._(msg`${who} asked for changes to ${what} v${version}: ${commentPreview(comment)}`),
          };
    }
    case "delivered_file": {
      const { name } = event.data;
      const what = serviceNameIn(i18n, event.data.service);
      return {
        title: i18n._(msg`A file is ready for you`),
        message: i18n._(msg`${what}: ${name} is ready to download.`),
      };
    }
    case "review_request": {
      const what = serviceNameIn(i18n, event.data.service);
      return {
        title: i18n._(msg`How did we do?`),
        message: i18n._(msg`Your ${what} is finished. Would you leave us a review? It helps other customers find us.`),
      };
    }
    case "deletion_requested": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`Deletion requested`),
        message: i18n._(msg`${who} asked to delete their account. Approve or decline it in the work queue.`),
      };
    }
    case "deletion_declined": {
      const { reason } = event.data;
      return {
        title: i18n._(msg`Deletion request declined`),
        message: i18n._(msg`The agency declined your request to delete your account: ${reason}`),
      };
    }
    case "promotion_over_limit": {
      const { code, maxUses } = event.data;
      const who = customerLabel(i18n, event.data);
      const what = paymentSubtitleIn(i18n, event.data.service, event.data.paymentNumber);
      const money = formatMoney(event.data.amount, i18n.locale);
      return {
        title: i18n._(msg`Promotion code over its limit`),
        message: i18n._(
          msg`${who} paid ${money} by card for ${what} with code ${code} after every one of its uses (${maxUses}) was taken. The payment is recorded at the price paid but does not count as a use of the code.`,
        ),
      };
    }
    case "data_export_ready":
      return {
        title: i18n._(msg`Your data is ready to download`),
        message: event.data.withSecrets
          ? i18n._(
              msg`Download it from your Profile page within 24 hours; then the file is deleted. It includes the passwords you stored with us: keep it somewhere safe.`,
            )
          : i18n._(msg`Download it from your Profile page within 24 hours; then the file is deleted.`),
      };
    case "security": {
      const email = event.data.email;
      return {
        title: i18n._(msg`Admin account locked`),
        message: i18n._(
          msg`Too many failed sign-ins locked the admin account ${email}. See the activity log for where they came from.`,
        ),
      };
    }
    case "invited_address_claimed": {
      const email = event.data.email;
      return {
        title: i18n._(msg`Invited address taken`),
        message: i18n._(
          msg`Someone tried to sign up with ${email}, an address invited to the team. The sign-up was refused: only the invitation's link can create that account. If the invitee did not do this, someone knows of the invitation.`,
        ),
      };
    }
    case "customer_assigned": {
      const who = customerLabel(i18n, event.data);
      return {
        title: i18n._(msg`A customer was assigned to you`),
        message: i18n._(msg`${who} is now one of your customers.`),
      };
    }
    case "system_error": {
      const { kind, detail } = event.data;
      return {
        title: i18n._(msg`System Error`),
        message: i18n._(msg`A server error occurred (${kind}): ${detail}`).slice(0, SYSTEM_ERROR_MESSAGE_MAX),
      };
    }
  }
}

/** The start of a customer's comment, as a notification quotes it. */
const COMMENT_PREVIEW_MAX = 140;
function commentPreview(comment: string | null): string {
  const text = (comment ?? "").replace(/\s+/g, " ").trim();
  return text.length > COMMENT_PREVIEW_MAX ? `${text.slice(0, COMMENT_PREVIEW_MAX - 1)}…` : text;
}

/** A system error's message is cut here: the error's own text can be long. */
const SYSTEM_ERROR_MESSAGE_MAX = 200;

/**
 * The page an event is about, for its recipient: the customer's service or progress page, or the customer's admin page.
 * A staff member hears only of the events about a customer assigned to them (notify's `about`), and each of those
 * links to that customer's page, which they may open; the proofs and payments over a code's limit (the payments tab), the security alerts (the
 * activity log) and the system errors reach the admins only.
 */
export function eventLink(event: NotificationEvent): string | null {
  switch (event.type) {
    case "payment":
      // A refund: the progress page, whose payment card says what was refunded and leads to the receipt.
      if (event.data.kind === "refund") return CUSTOMER_HOME;
      return event.data.kind === "decision"
        ? SERVICE_PAGE[event.data.service]
        : customerPagePath(event.data.customerId, "payments");
    case "google_business_progress":
    case "website_progress":
    case "review_request":
      return CUSTOMER_HOME;
    case "google_business_submitted":
    case "google_business_updated":
      return customerPagePath(event.data.customerId, "google-business");
    case "website_submitted":
    case "website_updated":
      return customerPagePath(event.data.customerId, "website");
    case "profile_updated":
    case "new_user":
    case "customer_assigned":
      return customerPagePath(event.data.customerId);
    case "message":
      return event.data.fromAgency ? href("/dashboard/messages") : customerPagePath(event.data.customerId, "messages");
    case "review_round":
    case "delivered_file":
      return SERVICE_PAGE[event.data.service];
    case "review_decision":
      return customerPagePath(event.data.customerId, event.data.service === "website" ? "website" : "google-business");
    case "deletion_requested":
      return customerPagePath(event.data.customerId);
    case "promotion_over_limit":
      return customerPagePath(event.data.customerId, "payments");
    case "deletion_declined":
      return href("/dashboard/profile");
    case "data_export_ready":
      return href("/dashboard/profile");
    case "security":
      return href("/admin/activity");
    case "invited_address_claimed":
      return href("/admin/settings");
    case "new_lead":
      return leadPagePath(event.data.leadId);
    case "plan":
      // A failed charge: the page that opens the card provider's billing portal, where the card is changed.
      if (event.data.kind === "failed") return PLAN_CARD_PAGE;
      return "customerId" in event.data ? customerPagePath(event.data.customerId) : PLANS_PAGE;
    case "reminder":
      return reminderLink(event.data);
    case "system_error":
      return null;
  }
}

/** Whether a row tells of an admin's business (a customer's page in the back office, an alert): its data names customers. */
export function isAdminNotice(row: StoredNotification): boolean {
  const event = notificationEvent(row);
  return event !== null && (event.type === "system_error" || (eventLink(event)?.startsWith("/admin") ?? false));
}

/** The page of an old row (no data), where its type alone says it. */
function typeLink(type: string): string | null {
  return type === "google_business_progress" || type === "website_progress" ? CUSTOMER_HOME : null;
}

/** A stored notification in the reader's language, with its link; rows without (readable) data keep their stored text. */
export function renderNotification(i18n: I18n, row: StoredNotification): RenderedNotification {
  const event = notificationEvent(row);
  if (!event) return { title: row.title, message: row.message, href: typeLink(row.type) };
  return { ...eventText(i18n, event), href: eventLink(event) };
}
