import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** When each done step of a progress record was marked done: `{ [stepKey]: { at, auto } }`; `auto` when the product ticked it (a received form). */
/** Each done step's date, whether the product marked it, and `by: "approval"` when the customer's approval did. */
export type ProgressStepDates = Record<string, { at: string; auto: boolean; by?: "approval" }>;
const stepDates = () => jsonb("step_dates").$type<ProgressStepDates>().notNull().default({});
const owner = () =>
  uuid("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
/** The customer of a bookkeeping row (payments, refunds): kept without them when their account is deleted. */
const bookkeepingOwner = () => uuid("user_id").references(() => user.id, { onDelete: "set null" });
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** The social links, address and service cities that both business-information forms collect. */
const businessContactColumns = () => ({
  facebookLink: text("facebook_link"),
  instagramLink: text("instagram_link"),
  linkedinLink: text("linkedin_link"),
  address: text("address"),
  aptSuite: text("apt_suite"),
  city: text("city"),
  state: text("state"),
  zip: text("zip"),
  serviceCities: textList("service_cities"),
});

/**
 * The work queue's information forms not yet seen by an admin in their latest version: a partial index
 * holding only those rows (few), ordered by when they were saved.
 */
const unreviewedIndex = (name: string, t: { updatedAt: AnyPgColumn; informationReviewedAt: AnyPgColumn }) =>
  index(name)
    .on(t.updatedAt)
    .where(sql`${t.informationReviewedAt} is null or ${t.updatedAt} > ${t.informationReviewedAt}`);

export const SERVICE_TYPES = ["google_business", "website"] as const;
/** `refunded`: completed, then refunded in full; a partly refunded payment stays `completed` with its refunded_amount. */
export const PAYMENT_STATUSES = ["pending", "completed", "rejected", "refunded"] as const;
/** `promotion`: a promotion code took the whole price off, so nothing was charged. */
export const PAYMENT_METHODS = ["zelle", "card", "promotion"] as const;
export const REFUND_STATUSES = ["pending", "completed", "failed"] as const;
export const DATA_EXPORT_STATUSES = ["pending", "running", "ready", "failed"] as const;
export const DELETION_REQUEST_STATUSES = ["pending", "approved", "declined"] as const;
export const PROMOTION_KINDS = ["percent", "amount"] as const;
export const CREDENTIAL_TYPES = ["domain", "hosting", "website"] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    companyName: text("company_name"),
    avatarUrl: text("avatar_url"),
    /** When the customer acknowledged the Credentials page's security warning; null until then. */
    credentialsWarningAcknowledgedAt: timestamp("credentials_warning_acknowledged_at", { withTimezone: true }),
    /** The customer turned e-mail off on the Profile page (in-app notifications still arrive). */
    emailOptOut: boolean("email_opt_out").notNull().default(false),
    /** The customer turned reminders off (the Profile page's switch, or the reminder e-mail's unsubscribe link). */
    remindersOptOut: boolean("reminders_opt_out").notNull().default(false),
    /** Since when the agency paused this customer's reminders (they asked for time); null while they run. */
    remindersPausedAt: timestamp("reminders_paused_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The admin list's order (newest first, id to break ties) read straight from the index, a page at a time;
  // NULLS FIRST is what ORDER BY ... DESC means, so the planner can walk the index.
  (t) => [index("profiles_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** The agency's team: an admin reaches everything, a staff member only the customers assigned to them. */
export const TEAM_ROLES = ["admin", "staff"] as const;

/** A team member's account: its role, and when it was deactivated (it then cannot sign in; its past work keeps its name). */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: owner().primaryKey(),
    role: text("role").notNull(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check("user_roles_role_check", sql`${t.role} in (${inList(TEAM_ROLES)})`)],
);

/**
 * An invitation to join the team: single use, valid until `expiresAt`; only the token's SHA-256 is kept. Resending
 * gives it a new token (the old link stops working). One open invitation per address.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * When a sign-up first tried to take the invited address while the invitation was open (refused: the address is
     * the link holder's); the inviting admin is told once.
     */
    addressClaimedAt: timestamp("address_claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("team_invitations_role_check", sql`${t.role} in (${inList(TEAM_ROLES)})`),
    uniqueIndex("team_invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("team_invitations_open_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** Which team members look after which customer (a staff member reaches only these customers). */
export const customerAssignments = pgTable(
  "customer_assignments",
  {
    customerId: owner(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.memberId] }), index("customer_assignments_member_idx").on(t.memberId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /**
     * What the notification is about (service, payment number, step, customer...): the bell and the e-mail render
     * it from `type` and this in the reader's language. Null on rows written before it existed: their stored
     * title and message are shown as they are.
     */
    data: jsonb("data").$type<Record<string, unknown>>(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`not ${t.isRead}`),
    // The retention job's daily sweep of old read notifications.
    index("notifications_read_created_idx").on(t.createdAt).where(sql`${t.isRead}`),
  ],
);

/**
 * Promotion codes: a percent or a fixed amount off the services listed, until an optional last day and for an
 * optional number of uses. A code is never edited or deleted once made (payments name it); it is deactivated.
 * A use is a payment that names the code and was not rejected; one per customer (payments_promotion_once_idx).
 */
export const promotionCodes = pgTable(
  "promotion_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** As the admin typed it; matched without regard to case. */
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    /** Whole percent, 1 to 100 (kind percent). */
    percentOff: integer("percent_off"),
    /** Dollars off (kind amount). */
    amountOff: numeric("amount_off", { precision: 10, scale: 2, mode: "number" }),
    serviceTypes: textList("service_types"),
    /** The last day the code can be applied (inclusive); null: no end. */
    expiresOn: date("expires_on", { mode: "string" }),
    /** How many payments may use it in all; null: no limit. */
    maxUses: integer("max_uses"),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotion_codes_code_idx").on(sql`upper(${t.code})`),
    check("promotion_codes_kind_check", sql`${t.kind} in (${inList(PROMOTION_KINDS)})`),
    check(
      "promotion_codes_value_check",
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOff} is null) or (${t.kind} = 'amount' and ${t.amountOff} > 0 and ${t.percentOff} is null)`,
    ),
    check("promotion_codes_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);

/**
 * A use of a promotion code held for a card checkout until its session is paid (the payment then is the use) or
 * expires: counted with the payments, so a code with one use left cannot be spent by two checkouts at once. A
 * customer holds at most one per code (a new checkout replaces it); it lapses at `expires_at`, the session's own end,
 * or earlier when the card provider says the session expired.
 */
export const promotionReservations = pgTable(
  "promotion_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promotionCodeId: uuid("promotion_code_id")
      .notNull()
      .references(() => promotionCodes.id, { onDelete: "cascade" }),
    userId: owner(),
    /** The checkout session holding it; null for the moment between the reservation and the session's creation. */
    stripeSessionId: text("stripe_session_id").unique("promotion_reservations_session_unique"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotion_reservations_customer_idx").on(t.promotionCodeId, t.userId),
    index("promotion_reservations_code_idx").on(t.promotionCodeId, t.expiresAt),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the customer's account is deleted: the payment stays for the books, without who paid. */
    userId: bookkeepingOwner(),
    /** The service a one-off payment pays; null for a care plan's monthly charge. */
    serviceType: text("service_type"),
    paymentNumber: integer("payment_number").notNull().default(1),
    /** The plan subscription a monthly charge belongs to; null for a one-off payment. */
    planSubscriptionId: uuid("plan_subscription_id").references((): AnyPgColumn => planSubscriptions.id, {
      onDelete: "restrict",
    }),
    /** The card provider's invoice a monthly charge paid: one payment per invoice, however often its event comes. */
    stripeInvoiceId: text("stripe_invoice_id").unique("payments_stripe_invoice_unique"),
    /** The month a plan's charge pays for. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** What was charged. The list price it was charged against is amount + discount. */
    amount: numeric("amount", { precision: 10, scale: 2, mode: "number" }).notNull(),
    /** What a promotion code took off the list price. */
    discount: numeric("discount", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    promotionCodeId: uuid("promotion_code_id").references(() => promotionCodes.id, { onDelete: "restrict" }),
    /** The code as it was applied, for receipts and exports (codes never change). */
    promotionCode: text("promotion_code"),
    /** The sum of the completed refunds; the payment becomes `refunded` when it reaches the amount. */
    refundedAmount: numeric("refunded_amount", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    paymentMethod: text("payment_method").notNull(),
    proofUrl: text("proof_url"),
    status: text("status").notNull().default("pending"),
    adminNotes: text("admin_notes"),
    /** The Stripe Checkout Session that paid this payment (card payments only). */
    stripeSessionId: text("stripe_session_id").unique("payments_stripe_session_unique"),
    /** The session's PaymentIntent: what a card refund names. */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /**
     * The receipt's number, one sequence without gaps: set by the payments_receipt_number trigger (migration
     * 0018) in the transaction that completes the payment, whichever path completes it.
     */
    receiptNumber: integer("receipt_number").unique("payments_receipt_number_unique"),
    /** When the payment was completed (set by the same trigger); revenue counts in this month. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_service_type_check", sql`${t.serviceType} in (${inList(SERVICE_TYPES)})`),
    // A payment is a service's one-off payment or a plan's monthly charge, never both or neither.
    check("payments_kind_check", sql`(${t.serviceType} is null) = (${t.planSubscriptionId} is not null)`),
    check("payments_status_check", sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check("payments_method_check", sql`${t.paymentMethod} in (${inList(PAYMENT_METHODS)})`),
    check(
      "payments_number_check",
      sql`${t.paymentNumber} between 1 and 2 and (${t.serviceType} = 'website' or ${t.paymentNumber} = 1)`,
    ),
    check("payments_amount_check", sql`${t.amount} >= 0 and ${t.discount} >= 0`),
    check("payments_refunded_check", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
    index("payments_user_created_idx").on(t.userId, t.createdAt.desc()),
    // At most one live (pending or completed) payment per service and number; a rejected or refunded one may be paid again.
    uniqueIndex("payments_live_unique_idx")
      .on(t.userId, t.serviceType, t.paymentNumber)
      .where(sql`${t.status} in ('pending', 'completed')`),
    // One use of a promotion code per customer: a rejected payment gives its use back.
    uniqueIndex("payments_promotion_once_idx")
      .on(t.promotionCodeId, t.userId)
      .where(sql`${t.promotionCodeId} is not null and ${t.status} <> 'rejected'`),
    // The admin work queue: proofs waiting for review, oldest first (few rows, whatever the customer count).
    index("payments_pending_created_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("payments_completed_at_idx").on(t.completedAt).where(sql`${t.completedAt} is not null`),
    index("payments_plan_subscription_idx")
      .on(t.planSubscriptionId, t.createdAt)
      .where(sql`${t.planSubscriptionId} is not null`),
  ],
);

/**
 * Money given back on a completed payment. A Zelle refund is recorded completed (the transfer is made outside);
 * a card refund is `pending` from the Stripe call until the `charge.refunded` webhook confirms it.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The payment's customer, as on every customer row: who may read it, and whose live pages change. Null once deleted. */
    userId: bookkeepingOwner(),
    amount: numeric("amount", { precision: 10, scale: 2, mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    stripeRefundId: text("stripe_refund_id").unique("payment_refunds_stripe_refund_unique"),
    refundedBy: uuid("refunded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_refunds_amount_check", sql`${t.amount} > 0`),
    check("payment_refunds_status_check", sql`${t.status} in (${inList(REFUND_STATUSES)})`),
    index("payment_refunds_payment_idx").on(t.paymentId, t.createdAt),
  ],
);

/** The last receipt number given; one row. Its row lock is what keeps the sequence free of gaps. */
export const receiptSequence = pgTable(
  "receipt_sequence",
  {
    id: integer("id").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("receipt_sequence_one_row", sql`${t.id} = 1`)],
);

/**
 * Stripe webhook events already handled: Stripe delivers at least once, so a replayed event id is
 * recorded here in the same transaction as its effect and changes nothing the second time.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** What handling the event did, for support: completed, already-paid, ignored (and why). */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const googleBusinessInfo = pgTable(
  "google_business_info",
  {
    userId: owner().primaryKey(),
    gmailEmail: text("gmail_email"),
    gmailPassword: text("gmail_password"),
    logoUrl: text("logo_url"),
    legalBusinessName: text("legal_business_name"),
    serviceType: text("service_type"),
    openingDate: date("opening_date"),
    phoneNumber: text("phone_number"),
    website: text("website"),
    ...businessContactColumns(),
    photoUrls: textList("photo_urls"),
    /** The `updated_at` an admin last saw on the customer's detail page; null until one opens it. */
    informationReviewedAt: timestamp("information_reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unreviewedIndex("google_business_info_unreviewed_idx", t)],
);

export const googleBusinessProgress = pgTable("google_business_progress", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: owner().unique("google_business_progress_user_unique"),
  informationCollection: boolean("information_collection").notNull().default(false),
  profileCreation: boolean("profile_creation").notNull().default(false),
  submittedVerification: boolean("submitted_verification").notNull().default(false),
  verificationCompleted: boolean("verification_completed").notNull().default(false),
  profileOptimization: boolean("profile_optimization").notNull().default(false),
  seoLocalSetup: boolean("seo_local_setup").notNull().default(false),
  stepDates: stepDates(),
  updatedAt: updatedAt(),
});

export const websiteInfo = pgTable(
  "website_info",
  {
    userId: owner().primaryKey(),
    hasDomain: boolean("has_domain").notNull().default(false),
    domainProvider: text("domain_provider"),
    hasHosting: boolean("has_hosting").notNull().default(false),
    hostingProvider: text("hosting_provider"),
    primaryColor: text("primary_color"),
    logoUrl: text("logo_url"),
    founderPhotoUrl: text("founder_photo_url"),
    legalBusinessName: text("legal_business_name"),
    serviceTypes: textList("service_types"),
    phoneNumber: text("phone_number"),
    ...businessContactColumns(),
    /** The `updated_at` an admin last saw on the customer's detail page; null until one opens it. */
    informationReviewedAt: timestamp("information_reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unreviewedIndex("website_info_unreviewed_idx", t)],
);

export const websiteProgress = pgTable(
  "website_progress",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner().unique("website_progress_user_unique"),
    currentStep: integer("current_step").notNull().default(0),
    clientInfoReceived: boolean("client_info_received").notNull().default(false),
    domainHostingSetup: boolean("domain_hosting_setup").notNull().default(false),
    planningStructure: boolean("planning_structure").notNull().default(false),
    designLayout: boolean("design_layout").notNull().default(false),
    websiteDevelopment: boolean("website_development").notNull().default(false),
    seoOptimization: boolean("seo_optimization").notNull().default(false),
    reviewApproval: boolean("review_approval").notNull().default(false),
    websiteLaunch: boolean("website_launch").notNull().default(false),
    stepDates: stepDates(),
    updatedAt: updatedAt(),
  },
  (t) => [check("website_progress_current_step_check", sql`${t.currentStep} between 0 and 8`)],
);

/**
 * Per customer and paid service: when it was last paid (its last completed payment), when it last moved
 * (that payment or a later change of its checklist) and whether every step is done. Kept by triggers on
 * payments and the two progress tables (migration 0008), so every way a payment completes (decision,
 * auto-approve, card webhook) and every progress write keep it; a care plan's monthly charge pays no service and
 * moves none (migration 0023). The admin work queue reads its stalled services through the partial index instead of
 * aggregating every payment.
 */
export const serviceActivity = pgTable(
  "service_activity",
  {
    userId: owner(),
    serviceType: text("service_type").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
    finished: boolean("finished").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.serviceType] }),
    check("service_activity_service_type_check", sql`${t.serviceType} in (${inList(SERVICE_TYPES)})`),
    index("service_activity_unfinished_moved_idx").on(t.movedAt).where(sql`not ${t.finished}`),
  ],
);

export const websiteCredentials = pgTable(
  "website_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    credentialType: text("credential_type").notNull(),
    title: text("title"),
    websiteLink: text("website_link"),
    username: text("username"),
    password: text("password"),
    pin: text("pin"),
    details: text("details"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("website_credentials_type_check", sql`${t.credentialType} in (${inList(CREDENTIAL_TYPES)})`),
    uniqueIndex("website_credentials_user_type_idx").on(t.userId, t.credentialType),
  ],
);

export const adminUserNotes = pgTable(
  "admin_user_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    photoUrls: textList("photo_urls"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("admin_user_notes_user_created_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * What admins did and which secrets were revealed: who, what, for which customer, when, with a small
 * JSON detail. Written only through `recordAuditEvent` in the same transaction as the action itself.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    customerId: uuid("customer_id").references(() => user.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_customer_created_idx").on(t.customerId, t.createdAt.desc()),
    index("audit_events_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Counters in fixed windows, shared by every app instance: failed sign-ins per account (lockout) and
 * checkout sessions per user (rate limit). Keys are `purpose:subject`. Written only through `lib/attempt-counter.server.ts`.
 */
export const attemptCounters = pgTable("attempt_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * The last TOTP time step each account signed in with (30-second steps since the epoch): a code is accepted once,
 * never again in its step or the next one it stays valid in. Written only through
 * `app/lib/auth/totp-replay.server.ts`.
 */
export const totpLastSteps = pgTable("totp_last_steps", {
  userId: owner().primaryKey(),
  step: bigint("step", { mode: "number" }).notNull(),
});

/**
 * The admin settings screen's values: one row (`id = 'global'`), the values as JSON by section
 * (app/domain/admin-settings.ts parses them; a missing value takes its default, so new settings need no
 * migration). Read through app/lib/config/settings.server.ts.
 */
export const adminSettings = pgTable(
  "admin_settings",
  {
    id: text("id").primaryKey(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
    updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("admin_settings_singleton_check", sql`${t.id} = 'global'`)],
);

/**
 * The durable e-mail queue: a message is inserted in the transaction of the change that causes it (only
 * through `queueEmail` in app/lib/email/email.server.ts) and sent after commit by the sender. Status:
 * queued -> sending -> sent; a failed send goes back to queued with a later next_attempt_at, and to
 * failed after the last attempt; a row left in sending by a crash is never resent (see email.server.ts).
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "interrupted"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The page the message is about (a path): the sender writes it as an absolute link from SITE_URL. */
    link: text("link"),
    /**
     * A message that gathers several events (a customer's progress steps): while it waits (queued, not yet due)
     * later events update it instead of queueing another; at most one waiting message per key.
     */
    gatherKey: text("gather_key"),
    gathered: jsonb("gathered").$type<unknown[]>(),
    /** Where a reply goes (a conversation's reply address), when not to the sender. */
    replyTo: text("reply_to"),
    /** The last message to a deleted account: once sent, its address and body are blanked (the sender does it). */
    forgetAfterSend: boolean("forget_after_send").notNull().default(false),
    /**
     * The body holds a secret only its reader may use (an invitation link, a password-reset link): once sent, the
     * body is blanked and the address and subject stay, for the log.
     */
    forgetBodyAfterSend: boolean("forget_body_after_send").notNull().default(false),
    /** Where the reader unsubscribes in one click (a path or URL): sent as the List-Unsubscribe header. */
    unsubscribeLink: text("unsubscribe_link"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_messages_due_idx").on(t.status, t.nextAttemptAt),
    uniqueIndex("email_messages_gathering_idx").on(t.gatherKey).where(sql`${t.status} = 'queued'`),
    // The retention job's daily sweep of old sent, failed and interrupted messages.
    index("email_messages_created_idx").on(t.createdAt),
  ],
);

/** A file sent with a message: where it is stored, and what the thread shows of it. */
export interface MessageAttachment {
  /** The files route's path for the file. */
  url: string;
  /** Its preview (images only; null for a PDF). */
  thumbnailUrl: string | null;
  /** The name the sender's file had (cleaned), for the download link. */
  name: string;
  size: number;
  contentType: string;
}

/**
 * One conversation per customer, between them and the agency: who has read up to when, how many messages each
 * side has not read, and since when the customer has been waiting for an answer (null when the agency spoke
 * last). Kept in the transaction of every message and every read, so the navigation's count, the admin list's
 * marker and the work queue read one row instead of counting messages.
 */
export const conversations = pgTable(
  "conversations",
  {
    userId: owner().primaryKey(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    customerUnread: integer("customer_unread").notNull().default(0),
    agencyUnread: integer("agency_unread").notNull().default(0),
    customerReadAt: timestamp("customer_read_at", { withTimezone: true }),
    agencyReadAt: timestamp("agency_read_at", { withTimezone: true }),
  },
  // The work queue's unanswered conversations, oldest wait first (few rows, whatever the customer count).
  (t) => [index("conversations_waiting_idx").on(t.waitingSince).where(sql`${t.waitingSince} is not null`)],
);

/**
 * The reply addresses of message e-mails: one per conversation and reader (the customer, or one team member), so a
 * reply posts only as the person the address was sent to. The address carries this row's id, signed with the
 * server's secret (lib/email/reply-address.server.ts), so the database alone makes none. It works until
 * `expires_at` (pushed back by each e-mail that carries it); removing the row revokes it.
 */
export const replyAddresses = pgTable(
  "reply_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The conversation's customer. */
    userId: owner(),
    /** Who the address was sent to, and the only one who may post through it. */
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reply_addresses_pair_idx").on(t.userId, t.recipientId),
    index("reply_addresses_recipient_idx").on(t.recipientId),
  ],
);

export const MESSAGE_SOURCES = ["portal", "email"] as const;

/**
 * The messages of each customer's conversation (`user_id` is the customer's, whoever wrote it). An agency message
 * keeps its text when its author's account is removed: `author_id` goes null and the thread says a former team
 * member wrote it.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    fromAgency: boolean("from_agency").notNull(),
    body: text("body").notNull().default(""),
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default([]),
    /** Written in the portal, or a reply to a message e-mail. */
    source: text("source").notNull().default("portal"),
    /** A reply by e-mail's Message-ID: the same mail delivered again is not posted twice. */
    emailMessageId: text("email_message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_source_check", sql`${t.source} in (${inList(MESSAGE_SOURCES)})`),
    uniqueIndex("messages_email_message_id_idx")
      .on(t.userId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
    check("messages_not_empty_check", sql`length(${t.body}) > 0 or jsonb_array_length(${t.attachments}) > 0`),
    // Spelled as the thread's ORDER BY (DESC means NULLS FIRST), so the newest page is read off the index, unsorted.
    index("messages_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A file sent for approval with a review round: where it is stored, and what both sides show of it. */
export interface ReviewRoundFile {
  /** The files route's path for the file. */
  url: string;
  /** Its preview (images only; null for a PDF). */
  thumbnailUrl: string | null;
  /** The name the admin's file had (cleaned), for the download link. */
  name: string;
  size: number;
  contentType: string;
}

/** The customer approved the round or asked for changes; or the agency sent a newer round before they decided. */
export const REVIEW_DECISIONS = ["approved", "changes_requested", "superseded"] as const;
/**
 * What a round asks the customer to approve: a draft (approving it changes nothing on the checklist), or the finished
 * website for launch, whose approval ticks 'Review & Client Approval' (and so makes the second payment due).
 */
export const ROUND_PURPOSES = ["draft", "launch"] as const;

/**
 * What an admin sends a customer to approve for one service (v1, v2, ... per customer and service): a title, a
 * message, a preview link and files. The customer decides once, approving it or asking for changes with a
 * comment (a round still waiting when the next one is sent is superseded by it); a decided round is kept as it
 * was, the history of the job's approvals. The author and the decider
 * go null when their account is removed, the round stays.
 */
export const reviewRounds = pgTable(
  "review_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    service: text("service").notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    purpose: text("purpose", { enum: ROUND_PURPOSES }).notNull().default("draft"),
    message: text("message").notNull().default(""),
    link: text("link"),
    files: jsonb("files").$type<ReviewRoundFile[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decision: text("decision"),
    comment: text("comment"),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("review_rounds_service_check", sql`${t.service} in (${inList(SERVICE_TYPES)})`),
    check("review_rounds_decision_check", sql`${t.decision} is null or ${t.decision} in (${inList(REVIEW_DECISIONS)})`),
    // Only a website is launched.
    check(
      "review_rounds_purpose_check",
      sql`${t.purpose} = 'draft' or (${t.purpose} = 'launch' and ${t.service} = 'website')`,
    ),
    // A decision comes with its time; asking for changes, with what to change.
    check("review_rounds_decided_check", sql`(${t.decision} is null) = (${t.decidedAt} is null)`),
    check(
      "review_rounds_comment_check",
      sql`${t.decision} is distinct from 'changes_requested' or length(${t.comment}) > 0`,
    ),
    uniqueIndex("review_rounds_version_idx").on(t.userId, t.service, t.version),
    // The work queue's rounds waiting for the customer, and those sent back with changes (few rows, whatever the history).
    index("review_rounds_waiting_idx").on(t.createdAt).where(sql`${t.decision} is null`),
    index("review_rounds_changes_idx").on(t.decidedAt).where(sql`${t.decision} = 'changes_requested'`),
  ],
);

/**
 * The finished files of a customer's service (logo set, site backup, hand-over document), any type, which admins
 * add and the customer downloads at any time. `file_url` is the files route's path (the start-up sweep keeps what a
 * `*_url` column names); `name` is what it downloads as.
 */
export const deliveredFiles = pgTable(
  "delivered_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    service: text("service").notNull(),
    fileUrl: text("file_url").notNull(),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("delivered_files_service_check", sql`${t.service} in (${inList(SERVICE_TYPES)})`),
    uniqueIndex("delivered_files_file_url_idx").on(t.fileUrl),
    index("delivered_files_user_idx").on(t.userId, t.service, t.createdAt),
  ],
);

/**
 * The review request of a finished service: sent once, when its last step is first ticked with a review link set;
 * the progress page's 'Leave us a review' card (with the link as the settings have it now) shows until the
 * customer opens the link or dismisses it.
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    userId: owner(),
    service: text("service").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.service] }),
    check("review_requests_service_check", sql`${t.service} in (${inList(SERVICE_TYPES)})`),
  ],
);

/**
 * A customer's "Download my data": prepared in the background into one ZIP in the private `exports` bucket,
 * downloadable by that customer only until `expires_at` (24 hours after it is ready), then removed with its file.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    status: text("status").notNull().default("pending"),
    /** Whether the customer confirmed their password, so the credentials' secrets are written decrypted. */
    withSecrets: boolean("with_secrets").notNull().default(false),
    /** How far the preparation got, 0 to 100, for the page's progress bar. */
    progress: integer("progress").notNull().default(0),
    /** The ZIP's key in the exports bucket, once written. */
    fileKey: text("file_key"),
    size: bigint("size", { mode: "number" }),
    error: text("error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("data_exports_status_check", sql`${t.status} in (${inList(DATA_EXPORT_STATUSES)})`),
    index("data_exports_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("data_exports_waiting_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'running')`),
  ],
);

/**
 * A customer's request to delete their account that needs the agency's word first (a payment under review or a
 * job in progress): the work queue's 'Deletion requested', approved (the account is deleted, and this row with it)
 * or declined with a reason.
 */
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    status: text("status").notNull().default("pending"),
    /** What held the deletion back when it was asked for: `payment_pending`, `job_in_progress`. */
    blockers: textList("blockers"),
    declineReason: text("decline_reason"),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("deletion_requests_status_check", sql`${t.status} in (${inList(DELETION_REQUEST_STATUSES)})`),
    uniqueIndex("deletion_requests_one_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("deletion_requests_pending_created_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Where a lead stands with the agency, from the enquiry to a paying customer (or not). */
export const LEAD_STAGES = ["new", "contacted", "quote_sent", "won", "lost"] as const;
/** What a lead's timeline records: the enquiry and each later message, and what the team did. */
export const LEAD_EVENT_KINDS = [
  "received",
  "message",
  "stage",
  "note",
  "assigned",
  "invited",
  "linked",
  "email",
] as const;

/**
 * An enquiry from the website's quote form: who asked, for what, from which advert or site, and where the agency
 * stands with them. A lead is not an account: `customerId` links it to the customer it became (or already was).
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stage: text("stage").notNull().default("new"),
    name: text("name").notNull(),
    businessName: text("business_name"),
    /** Lower-cased, as accounts' e-mails are. */
    email: text("email"),
    /** Ten digits, as the sign-up form keeps a phone. */
    phone: text("phone"),
    industry: text("industry").notNull(),
    /** What they want: `google_business`, `website`, `both`, `not_sure`. */
    wants: text("wants").notNull(),
    city: text("city"),
    state: text("state"),
    /** `call`, `text`, `email`, `whatsapp`. */
    contactPreference: text("contact_preference").notNull(),
    /** The language of the page they wrote from, which the agency's e-mails to them use. */
    language: text("language").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    /** The visit's advert and referring site, as the landing page was reached. */
    source: jsonb("source").$type<LeadSource>().notNull().default({}),
    customerId: uuid("customer_id").references(() => user.id, { onDelete: "set null" }),
    assignedTo: uuid("assigned_to").references(() => user.id, { onDelete: "set null" }),
    lostReason: text("lost_reason"),
    wonAt: timestamp("won_at", { withTimezone: true }),
    /** When they last wrote: a second enquiry within a day is a message on this lead. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("leads_stage_check", sql`${t.stage} in (${inList(LEAD_STAGES)})`),
    check("leads_reachable_check", sql`${t.email} is not null or ${t.phone} is not null`),
    index("leads_created_idx").on(t.createdAt.desc()),
    index("leads_stage_created_idx").on(t.stage, t.createdAt.desc()),
    index("leads_email_idx").on(t.email),
    index("leads_phone_idx").on(t.phone),
    index("leads_assigned_idx").on(t.assignedTo),
    index("leads_customer_idx").on(t.customerId),
  ],
);

/** The visit a lead came from: the advert's UTM parameters and the referring site, each only when it was there. */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  /** The referring site's host (`google.com`), never its full address. */
  referrer?: string;
}

/** A lead's timeline: what they sent and what the team did, who and when (`actorId` null for the lead themselves). */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("lead_events_kind_check", sql`${t.kind} in (${inList(LEAD_EVENT_KINDS)})`),
    index("lead_events_lead_created_idx").on(t.leadId, t.createdAt),
  ],
);

/**
 * A subscription's standing, from the card provider's: `incomplete` until its first charge is paid, `active`,
 * `past_due` while a charge has failed and the provider still retries, `ended` once cancelled or given up on.
 */
export const PLAN_SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "ended"] as const;

/**
 * A monthly care plan the agency sells (Google Business Profile management, website care...), made in the admin
 * settings; none exists until the agency makes one. Its price is the card provider's price `stripe_price_id`: a price
 * change makes a new provider price for new subscribers, and the ones already subscribed keep theirs. A retired plan
 * keeps its subscribers and takes no new ones.
 */
export const carePlans = pgTable(
  "care_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    /** The monthly price, in dollars, new subscribers pay. */
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    /** The service it follows (offered on that service's page once its last step is done), or null for none. */
    follows: text("follows").$type<(typeof SERVICE_TYPES)[number]>(),
    /** Whether a customer may take it before the service it follows is finished. */
    beforeFinished: boolean("before_finished").notNull().default(false),
    stripeProductId: text("stripe_product_id").notNull(),
    stripePriceId: text("stripe_price_id").notNull(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("care_plans_price_check", sql`${t.price} > 0`),
    check("care_plans_follows_check", sql`${t.follows} is null or ${t.follows} in (${inList(SERVICE_TYPES)})`),
  ],
);

/**
 * A customer's subscription to a plan, as the card provider's webhooks last described it (made by whichever of its
 * events arrives first). `price` is what this subscription is charged a month (its own provider price, kept when the
 * plan's price changes later).
 */
export const planSubscriptions = pgTable(
  "plan_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bookkeepingOwner(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => carePlans.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("incomplete"),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique("plan_subscriptions_stripe_unique"),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripePriceId: text("stripe_price_id").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** The end of the period paid for: the next charge's date, or the plan's last day when it is cancelled. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Since when a charge has been failing (null unless past due). */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("plan_subscriptions_status_check", sql`${t.status} in (${inList(PLAN_SUBSCRIPTION_STATUSES)})`),
    index("plan_subscriptions_user_idx").on(t.userId, t.createdAt.desc()),
    index("plan_subscriptions_past_due_idx").on(t.pastDueSince).where(sql`${t.status} = 'past_due'`),
  ],
);

/** The kinds of reminder (app/domain/reminder-schedules.ts). */
export const REMINDER_KIND_VALUES = [
  "unpaid_signup",
  "information_form",
  "approval_round",
  "second_payment",
  "rejected_payment",
  "unread_messages",
] as const;

/**
 * Each reminder a customer was sent: what it was about (its kind, and `subject`, which thing of that kind: a service,
 * a round's id, a rejected payment's id, the oldest unread message's id), which step of its schedule (0: sent by hand
 * from the customer's page, by `sent_by`), when, and when its link was first opened. A scheduled step is sent at most
 * once: the unique index is what makes several instances, restarts and a clock that jumps send it once.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull().default(""),
    step: integer("step").notNull(),
    /** What the reminder said, as the bell words it (app/features/notifications/reminder-notifications.ts). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** Where its link leads (a portal path the server made): its e-mail's link opens it through /reminders/{id}. */
    link: text("link").notNull(),
    /** Whether an e-mail went with it: one sent by hand to a customer who turned reminders off is in the bell only. */
    emailed: boolean("emailed").notNull().default(true),
    sentBy: uuid("sent_by").references(() => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
  },
  (t) => [
    check("reminders_kind_check", sql`${t.kind} in (${inList(REMINDER_KIND_VALUES)})`),
    check("reminders_step_check", sql`${t.step} between 0 and 100`),
    uniqueIndex("reminders_step_once_idx").on(t.userId, t.kind, t.subject, t.step).where(sql`${t.step} > 0`),
    index("reminders_user_sent_idx").on(t.userId, t.sentAt.desc()),
  ],
);
