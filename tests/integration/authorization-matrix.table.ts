/**
 * The authorization matrix's expectations: who may do what, per route (app/routes.ts) and Express endpoint
 * (server/app.ts), per method, per role. authorization-matrix.test.ts walks the real route table and the real
 * Express stack and fails when a route/method or endpoint has no row here.
 *
 * Adding a route: add one row with its pattern exactly as the route table spells it (`/admin/users/:userId`),
 * its method, and the outcome per role; add a POST row too when its module exports an `action`. Use the
 * shorthands below (`customerPage`, `adminPage`, ...) when they fit. `{a.xxx}` in `url` and `body` is filled
 * with customer A's real ids (see `Fixtures`), so a row can check that customer B never reaches A's data;
 * `{unique}` is a value of its own for each request (a failed sign-in's address, so the walk never locks it).
 *
 * Each route row is also requested as a data request (`<url>.data`) and must answer the same, unless
 * its `data` field says otherwise for a role (e.g. an action already done by the document request).
 *
 * Outcomes: "ok" (2xx), a status number (401, 403, 404...), or "to:<path>" (a redirect there, query included;
 * `{a.xxx}` placeholders are filled there too).
 * An outcome is an "allow" when it is 2xx or a redirect to anything but a login page or two-factor enrolment.
 *
 * The roles: a visitor, customers A and B, staff member A (assigned to customer A) and staff member B (assigned to
 * customer B only), and an admin. Beyond the roles written here, the walk also tries every row with an expired session and with an admin stopped
 * at the password step (both expected to answer as a visitor), and with the admin while two-factor is required and
 * not yet enrolled (admin pages send them to enrolment, anything else answers as for customer B; `unenrolledAdmin`
 * says otherwise). Every POST is sent again from another site (403, the card webhook excepted), every route and
 * endpoint gets PUT, PATCH and DELETE (405), a page's every exported intent needs its row, and so does every Better
 * Auth endpoint that answers.
 */

import { ENDPOINTS } from "~/lib/http/endpoints";
import { CATALOG_SCRIPTS } from "~/lib/i18n/catalogs.server";
import { LIVE_STREAM_PATH } from "~/lib/realtime/realtime";

export const ROLES = ["anonymous", "customerA", "customerB", "staffA", "staffB", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = "ok" | `to:${string}` | number;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Row {
  /** A route pattern from app/routes.ts ("/", "/admin/users/:userId", "/*"), or an Express endpoint's path. */
  route: string;
  method: Method;
  /** The URL requested, when it is not the pattern itself; `{a.xxx}` placeholders are filled from the fixtures. */
  url?: string;
  /** A POST body: form fields (sent as multipart) or, with `json: true`, a JSON value. Placeholders are filled. */
  body?: Record<string, string | FileField>;
  json?: boolean;
  expect: Record<Role, Outcome>;
  /**
   * Route rows are also requested as React Router data requests (`<url>.data`, what `fetcher`s and client
   * navigations fetch), expected to answer as `expect` unless overridden here per role.
   */
  data?: Partial<Record<Role, Outcome>>;
  /**
   * The walk's admin while two-factor is required and they have not enrolled, when not what the walk derives (admin
   * pages send them to enrolment; anything else answers as for customer B).
   */
  unenrolledAdmin?: Outcome;
  /** The row ends the caller's session: the walk signs the role in again after it. */
  endsSession?: boolean;
  /** Why a cell is what it is, when it is not obvious. */
  note?: string;
}

/** A file field in a multipart body: a small real PNG. */
interface FileField {
  file: "png";
  name: string;
}

/** Customer A's ids and stored files, made before the walk; placeholders name these fields. */
export interface Fixtures {
  id: string;
  email: string;
  paymentId: string;
  /** A's completed payment (it has a receipt). */
  completedPaymentId: string;
  notificationId: string;
  /** A's stored website credential (with an encrypted password). */
  credentialId: string;
  avatar: string;
  "google-logo": string;
  "google-photo": string;
  "website-logo": string;
  "founder-photo": string;
  "payment-proof": string;
  "payment-proof-thumb": string;
  "note-photo": string;
  "note-photo-thumb": string;
  "message-attachment": string;
  "message-attachment-thumb": string;
  "approval-file": string;
  "approval-file-thumb": string;
  "delivered-file": string;
  /** A's website round waiting for their decision. */
  roundId: string;
  /** A's ready data export, and its ZIP's key in the exports bucket. */
  dataExportId: string;
  "data-export": string;
  /** A lead from the quote form assigned to staff member A, and A's id (the assignment that keeps it theirs). */
  leadId: string;
  staffAId: string;
  /** A retired care plan, and A's subscription to it at the fake card provider. */
  planId: string;
  planSubscriptionId: string;
}

const LOGIN = "to:/login";
const ADMIN_LOGIN = "to:/admin/login";
const DENIED = "to:/admin/login?denied=1";
const HOME = "to:/dashboard/progress";
const ADMIN_HOME = "to:/admin/dashboard";

const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  customerA: outcome,
  customerB: outcome,
  staffA: outcome,
  staffB: outcome,
  admin: outcome,
});
/** A signed-in page: visitors go to the login page, every signed-in user sees their own. */
const customerPage = {
  anonymous: LOGIN,
  customerA: "ok",
  customerB: "ok",
  staffA: "ok",
  staffB: "ok",
  admin: "ok",
} as const;
/** A back-office page for the whole team: visitors go to the admin login, customers are signed out and sent there with 'Access Denied'. */
const adminPage = {
  anonymous: ADMIN_LOGIN,
  customerA: DENIED,
  customerB: DENIED,
  staffA: "ok",
  staffB: "ok",
  admin: "ok",
} as const;
/** An admin-only page (settings and the team, analytics, the activity log): staff get 403. */
const adminOnlyPage = { ...adminPage, staffA: 403, staffB: 403 } as const;
/** Customer A's page in the back office: staff member B, not assigned to A, gets 404 as for a customer that does not exist. */
const customerAPage = { ...adminPage, staffB: 404 } as const;
/** Where customer A's page opens for A's staff member: payments are the admins', the first tab is theirs. */
const STAFF_A_OPENS_MESSAGES = "to:/admin/users/{a.id}/messages";
/** Own data for any signed-in user, 401 for visitors. */
const signedIn = (outcome: Outcome = "ok") => ({
  anonymous: 401,
  customerA: outcome,
  customerB: outcome,
  staffA: outcome,
  staffB: outcome,
  admin: outcome,
});
/** A's own file: A, staff member A and admins read it; B and staff member B get 404 as if it did not exist; visitors 401. */
const ownFile = { anonymous: 401, customerA: "ok", customerB: 404, staffA: "ok", staffB: 404, admin: "ok" } as const;

const fileRow = (bucket: string, field: keyof Fixtures, expect: Record<Role, Outcome> = ownFile): Row => ({
  route: `${ENDPOINTS.files}/:bucket/*key`,
  method: "GET",
  url: `/files/${bucket}/{a.${field}}`,
  expect,
});

export const ROWS: Row[] = [
  // Express endpoints (server/app.ts) and the card endpoints. They run first: the checkout rows need no proof pending yet.
  {
    route: "/api/auth/*splat",
    method: "GET",
    url: "/api/auth/get-session",
    expect: everyone("ok"),
    note: "each gets only their own session (null for visitors)",
  },
  { route: "/api/auth/*splat", method: "GET", url: "/api/auth/list-sessions", expect: signedIn() },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/sign-in/email",
    body: { email: "nobody-matrix-{unique}@example.com", password: "Wr0ng!Password" },
    json: true,
    expect: everyone(401),
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/sign-out",
    body: {},
    json: true,
    expect: everyone("ok"),
    note: "ends only the caller's own session (the walk signs the user in again)",
  },
  // Better Auth's endpoints the product uses, each tried by every role (the rest answer 404: UNUSED_AUTH_PATHS).
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/sign-up/email",
    body: {
      name: "Matrix Signup",
      email: "matrix-{unique}@example.com",
      password: "Matrix!Password-1",
      phone: "(555) 123-4567",
      companyName: "Matrix Co",
    },
    json: true,
    expect: everyone("ok"),
    note: "anyone may open an account; a signed-in browser gets the new account's session (the walk keeps its own cookies)",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/change-password",
    body: { currentPassword: "Wr0ng!Password-x", newPassword: "Matrix!Password-2" },
    json: true,
    expect: signedIn(400),
    note: "the caller's own password, only with the current one",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/request-password-reset",
    body: { email: "nobody-{unique}@example.test" },
    json: true,
    expect: everyone("ok"),
    note: "the same answer for any address, known or not",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/reset-password",
    body: { token: "not-a-token", newPassword: "Matrix!Password-2" },
    json: true,
    expect: everyone(400),
    note: "only the e-mailed token resets a password, whoever asks",
  },
  {
    route: "/api/auth/*splat",
    method: "GET",
    url: "/api/auth/reset-password/not-a-token?callbackURL=/reset-password",
    expect: everyone("to:/reset-password?error=INVALID_TOKEN"),
    note: "the e-mail link's check: a wrong token goes back to the reset page with the error, for anyone",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/revoke-session",
    body: { token: "not-a-token" },
    json: true,
    expect: signedIn(),
    note: "ends one of the caller's own sessions by its token; another's token or none ends nothing",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/revoke-other-sessions",
    body: {},
    json: true,
    expect: signedIn(),
    note: "ends the caller's other sessions only",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/revoke-sessions",
    body: {},
    json: true,
    expect: signedIn(),
    endsSession: true,
    note: "ends every session of the caller's own account (the walk signs in again)",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/enable",
    body: { password: "Wr0ng!Password-x" },
    json: true,
    expect: { anonymous: 401, customerA: 403, customerB: 403, staffA: 400, staffB: 400, admin: 400 },
    unenrolledAdmin: 400,
    note: "the team only, with their password; a member who must enrol may (that is how they do)",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/disable",
    body: { password: "Wr0ng!Password-x", code: "000000" },
    json: true,
    expect: everyone(401),
    note: "only with a current code or a backup code of the caller's own account",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/get-totp-uri",
    body: { password: "Wr0ng!Password-x" },
    json: true,
    expect: signedIn(400),
    note: "the caller's own secret, only with the password",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/generate-backup-codes",
    body: { password: "Wr0ng!Password-x" },
    json: true,
    expect: signedIn(400),
    note: "the caller's own codes, only with the password",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/verify-totp",
    body: { code: "000000" },
    json: true,
    expect: { anonymous: 401, customerA: 400, customerB: 400, staffA: 400, staffB: 400, admin: 400 },
    note: "a code signs in only the account whose password step set the two-factor cookie; a signed-in account without two-factor has nothing to verify (400)",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/two-factor/verify-backup-code",
    body: { code: "not-a-code" },
    json: true,
    expect: { anonymous: 401, customerA: 400, customerB: 400, staffA: 400, staffB: 400, admin: 400 },
    note: "as the TOTP code",
  },
  {
    route: "/api/auth/*splat",
    method: "GET",
    url: "/api/auth/ok",
    expect: everyone("ok"),
    note: "Better Auth's liveness answer: no data",
  },
  {
    route: "/api/auth/*splat",
    method: "GET",
    url: "/api/auth/error",
    expect: everyone("ok"),
    note: "Better Auth's error page: no data",
  },
  {
    route: "/api/auth/*splat",
    method: "GET",
    url: "/api/auth/callback/google",
    expect: everyone("to:/api/auth/error?error=state_not_found"),
    note: "a social sign-in's return: the product has no social providers, so no sign-in was started and nothing happens",
  },
  {
    route: "/api/auth/*splat",
    method: "POST",
    url: "/api/auth/update-user",
    body: { name: "Matrix User", image: "/files/google-business-photos/{a.google-photo}" },
    json: true,
    expect: everyone(404),
    note: "not used by the product (a name changes on the profile page): closed, so no client sets the account's image to somebody's file",
  },
  { route: "/api/auth/*splat", method: "GET", url: "/api/auth/no-such-endpoint", expect: everyone(404) },
  {
    route: "/healthz",
    method: "GET",
    expect: everyone("ok"),
    note: "public: says only that the process is alive (server/health.ts)",
  },
  {
    route: "/readyz",
    method: "GET",
    expect: everyone("ok"),
    note: "public: ready or not and a short reason, no data (tests/integration/health-and-logs.test.ts)",
  },
  {
    route: LIVE_STREAM_PATH,
    method: "GET",
    expect: signedIn(),
    note: "the stream forwards only what the viewer may see (tests/integration/realtime.test.ts)",
  },
  {
    route: ENDPOINTS.cardCheckout,
    method: "POST",
    body: { serviceType: "google_business", paymentNumber: "1" },
    json: true,
    expect: { anonymous: 401, customerA: "ok", customerB: "ok", staffA: 403, staffB: 403, admin: 403 },
    unenrolledAdmin: 409,
    note: "each customer's own checkout session, at the fake card provider; the team pays nothing here, as for the quote (the unenrolled admin counts as a customer, and their own payment is pending by then: the proof row below)",
  },
  {
    route: ENDPOINTS.cardCheckout,
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only: a document GET is refused; a data GET answers only the root's public site settings (the leak check covers it)",
  },
  {
    route: ENDPOINTS.cardWebhook,
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the checkout",
  },
  {
    route: ENDPOINTS.cardWebhook,
    method: "POST",
    body: { type: "checkout.session.completed" },
    json: true,
    expect: everyone(400),
    note: "no session counts here: only the card provider's signature does, and this body is unsigned",
  },
  fileRow("avatars", "avatar"),
  fileRow("business-logos", "google-logo"),
  fileRow("google-business-photos", "google-photo"),
  fileRow("business-logos", "website-logo"),
  fileRow("avatars", "founder-photo"),
  // Payments are the admins': staff never read a proof, even their own customer's.
  fileRow("admin-note-photos", "payment-proof", { ...ownFile, staffA: 404 }),
  fileRow("admin-note-photos", "payment-proof-thumb", { ...ownFile, staffA: 404 }),
  // Note photos are the team's: not even the customer the note is about reads them.
  fileRow("admin-note-photos", "note-photo", {
    anonymous: 401,
    customerA: 404,
    customerB: 404,
    staffA: "ok",
    staffB: 404,
    admin: "ok",
  }),
  fileRow("admin-note-photos", "note-photo-thumb", {
    anonymous: 401,
    customerA: 404,
    customerB: 404,
    staffA: "ok",
    staffB: 404,
    admin: "ok",
  }),
  fileRow("message-attachments", "message-attachment"),
  fileRow("message-attachments", "message-attachment-thumb"),
  fileRow("job-files", "approval-file"),
  fileRow("job-files", "approval-file-thumb"),
  fileRow("job-files", "delivered-file"),
  // A data export may hold a customer's passwords in clear: the files route serves it to nobody, admins included.
  fileRow("exports", "data-export", { ...everyone(404), anonymous: 401 }),
  {
    route: "/__test/notifications",
    method: "POST",
    body: { email: "{a.email}", type: "payment", title: "Matrix", message: "From the test hook" },
    json: true,
    expect: everyone("ok"),
    note: "test hooks exist only with E2E_TEST_HOOKS in tests; no session is involved",
  },
  {
    route: "/__test/progress/delete",
    method: "POST",
    body: { email: "{a.email}", service: "website" },
    json: true,
    expect: everyone("ok"),
    note: "test hook: deletes A's website progress record (none here) through the one deletion writer",
  },
  {
    route: "/__test/progress/received",
    method: "POST",
    body: { email: "{a.email}", service: "website" },
    json: true,
    expect: everyone("ok"),
    note: "test hook: what a received form marks on A's checklist, through the one step writer",
  },
  {
    route: "/__test/emails/due",
    method: "POST",
    body: { email: "{a.email}" },
    json: true,
    expect: everyone("ok"),
    note: "test hook: ends the waiting time of A's gathered e-mails (none here)",
  },
  {
    route: "/__test/admins",
    method: "POST",
    body: { email: "nobody-matrix@example.test" },
    json: true,
    expect: everyone(404),
    note: "test hook: promotes an e2e user to admin (the two-factor end-to-end test's own admin); an unknown address here, so the matrix's roles stay as they are",
  },
  {
    route: "/__test/customers/state",
    method: "POST",
    body: { email: "{a.email}" },
    json: true,
    expect: everyone(400),
    note: "test hook: brings an e2e customer to a state (paid, information sent...); without the state here it is refused, so A stays as they are",
  },
  {
    route: "/__test/settings/restore",
    method: "POST",
    body: { sections: "none" },
    json: true,
    expect: everyone(400),
    note: "test hook: puts settings sections back as a fresh server has them after a server-wide spec; no section named here, so the matrix's settings stay",
  },
  {
    route: "/__test/customers/seed",
    method: "POST",
    body: { count: "0", prefix: "matrix" },
    json: true,
    expect: everyone(400),
    note: "test hook: inserts customers directly (the admin list's pages in e2e); a count of 0 here is refused, so the matrix's customers stay as they are",
  },
  {
    route: "/__test/messages/seed",
    method: "POST",
    body: { email: "nobody-matrix@example.test", count: "1", text: "Matrix" },
    json: true,
    expect: everyone(404),
    note: "test hook: writes a long conversation directly (the thread's paging in e2e); an unknown address here, so no conversation changes",
  },
  {
    route: "/__test/information/reviewed",
    method: "POST",
    body: {},
    json: true,
    expect: everyone("ok"),
    note: "test hook: marks every information form opened (the work-queue end-to-end test's information row is then the only one waiting)",
  },
  // The lead funnel's test hooks (tests/e2e/lead-funnel.spec.ts).
  {
    route: "/__test/leads",
    method: "POST",
    body: { name: "Matrix" },
    json: true,
    expect: everyone(400),
    note: "test hook: writes a quote request as the website's form leaves it; without an e-mail here it is refused, so no lead is made",
  },
  {
    route: "/__test/leads/:leadId",
    url: "/__test/leads/00000000-0000-4000-8000-000000000000",
    method: "GET",
    expect: everyone(404),
    note: "test hook: where a lead stands (its stage, its customer); no such lead here",
  },

  {
    route: "/__test/quote-visit/aged",
    method: "POST",
    body: { value: "not-a-visit" },
    json: true,
    expect: everyone(400),
    note: "test hook: ages a quote form's visit cookie (e2e fills the form faster than a person); a value this server did not sign is refused",
  },
  {
    route: "/__test/leads/by-email",
    method: "POST",
    body: { email: "nobody-matrix@example.test" },
    json: true,
    expect: everyone("ok"),
    note: "test hook: the leads a quote request left under an address (none here); reads only",
  },
  {
    route: "/__test/plan-subscriptions/by-email",
    method: "POST",
    body: { email: "nobody-matrix@example.test" },
    json: true,
    expect: everyone("ok"),
    note: "test hook: a customer's plan subscriptions at the card provider (none here); reads only",
  },

  {
    route: "/__test/reminders/run",
    method: "POST",
    body: { email: "nobody-matrix@example.test", days: "2" },
    json: true,
    expect: everyone(404),
    note: "test hook: the reminders job's run for one customer with its clock moved ahead; no such account here",
  },

  // Pages and resource routes (app/routes.ts).
  { route: "/", method: "GET", expect: everyone("ok") },
  { route: "/es", method: "GET", expect: everyone("ok") },
  ...["/privacy", "/terms", "/refunds", "/es/privacy", "/es/terms", "/es/refunds"].map(
    (route): Row => ({
      route,
      method: "GET",
      expect: everyone("ok"),
      note: "a legal page: public, the same text for everyone (no action)",
    }),
  ),
  ...["/quote", "/es/quote"].flatMap((route): Row[] => [
    { route, method: "GET", expect: everyone("ok"), note: "the free quote form: public, the same for everyone" },
    {
      route,
      method: "POST",
      body: { name: "Matrix", email: "nobody-matrix@example.test", consent: "on" },
      expect: everyone("ok"),
      note: "a quote request: anybody may send one and everybody gets the same thank-you; without a served page's visit cookie it is a robot's and leaves no lead",
    },
  ]),
  { route: "/signup", method: "GET", expect: { ...everyone(HOME), anonymous: "ok" } },
  { route: "/login", method: "GET", expect: { ...everyone(HOME), anonymous: "ok" } },
  {
    route: "/forgot-password",
    method: "GET",
    expect: { ...everyone(HOME), anonymous: "ok" },
    note: "the form posts to Better Auth's /api/auth/request-password-reset (same answer for any address)",
  },
  {
    route: "/reset-password",
    method: "GET",
    url: "/reset-password?token=not-a-real-token",
    expect: everyone("ok"),
    note: "public: the token is checked (single use, one hour) by /api/auth/reset-password when the form is sent",
  },
  {
    route: "/account-deleted",
    method: "GET",
    expect: everyone("ok"),
    note: "where a customer lands once their account is deleted (signed out by then): public, the same words for everyone, no action",
  },
  {
    route: "/reminders/:reminderId",
    url: "/reminders/00000000-0000-4000-8000-000000000000",
    method: "GET",
    expect: everyone("to:/dashboard/progress"),
    note: "a reminder e-mail's link: anyone holding it may open it (its id is unguessable, it notes the opening and leads to the page the server wrote when it sent it, whose own guard decides); an unknown one leads to the progress page",
  },
  {
    route: "/reminders/unsubscribe",
    url: "/reminders/unsubscribe?token=not-a-token",
    method: "GET",
    expect: everyone("ok"),
    note: "the unsubscribe page, signed out: its signed token names the customer; a forged one says the link does not work. A GET never unsubscribes",
  },
  {
    route: "/reminders/unsubscribe",
    url: "/reminders/unsubscribe?token=not-a-token",
    method: "POST",
    body: {},
    expect: everyone("ok"),
    note: "turns off the reminders of the customer the signed token names (the page's button, or a mail program's one-click POST), whoever sends it: the token is the right; a forged one changes nothing",
  },
  { route: "/robots.txt", method: "GET", expect: everyone("ok") },
  { route: "/sitemap.xml", method: "GET", expect: everyone("ok") },
  {
    route: "/dashboard",
    method: "GET",
    expect: everyone(HOME),
    data: { anonymous: LOGIN },
    note: "the index sends everyone on; /dashboard/progress then sends visitors to /login (a data request runs the layout's guard too)",
  },
  { route: "/dashboard/progress", method: "GET", expect: customerPage },
  {
    route: "/receipts/:paymentId",
    method: "GET",
    url: "/receipts/{a.completedPaymentId}",
    expect: { anonymous: LOGIN, customerA: "ok", customerB: 404, staffA: 404, staffB: 404, admin: "ok" },
    unenrolledAdmin: "to:/admin/two-factor",
    note: "a completed payment's receipt: its owner and admins (money is not the staff's); another customer gets 404 as if it did not exist; an admin who must enrol goes to enrolment",
  },
  {
    route: "/receipts/:paymentId",
    method: "GET",
    url: "/receipts/{a.paymentId}",
    expect: { ...everyone(404), anonymous: LOGIN },
    unenrolledAdmin: "to:/admin/two-factor",
    note: "A's pending payment has no receipt yet, for anyone",
  },
  {
    route: "/receipts/:paymentId/pdf",
    method: "GET",
    url: "/receipts/{a.completedPaymentId}/pdf",
    expect: { anonymous: LOGIN, customerA: "ok", customerB: 404, staffA: 404, staffB: 404, admin: "ok" },
    unenrolledAdmin: "to:/admin/two-factor",
    note: "the receipt as a PDF: exactly the receipt page's readers",
  },
  {
    route: "/receipts/:paymentId/pdf",
    method: "GET",
    url: "/receipts/{a.paymentId}/pdf",
    expect: { ...everyone(404), anonymous: LOGIN },
    unenrolledAdmin: "to:/admin/two-factor",
    note: "A's pending payment has no receipt, so no PDF either",
  },
  { route: "/dashboard/google-business", method: "GET", expect: customerPage },
  { route: "/dashboard/website", method: "GET", expect: customerPage },
  {
    route: "/dashboard/google-business",
    method: "POST",
    body: {
      userId: "{a.id}",
      gmailEmail: "owner@gmail.com",
      gmailPassword: "secret",
      legalBusinessName: "Acme",
      serviceType: "Plumbing",
      openingDate: "2020-01-01",
      phoneNumber: "(555) 123-4567",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zip: "73301",
      "serviceCities[0]": "Austin",
      "keepPhotos[0]": "/files/google-business-photos/{a.google-photo}",
      logo: { file: "png", name: "logo.png" },
    },
    expect: { ...everyone(403), anonymous: LOGIN },
    data: { anonymous: 401 },
    note: "a visitor's data request (the form's fetcher) gets 401 'You must be logged in to submit this form', a document POST goes to the login page (the layout's guard); the save writes the caller's own record only (a userId field is ignored); nobody here has a completed Google payment, so every save is refused (403) before a file is stored",
  },
  {
    route: "/dashboard/website",
    method: "POST",
    body: {
      userId: "{a.id}",
      legalBusinessName: "Acme",
      phoneNumber: "(555) 123-4567",
      "serviceTypes[0]": "Painting",
      "serviceCities[0]": "Austin",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zip: "73301",
      founderPhoto: { file: "png", name: "founder.png" },
    },
    expect: { ...everyone(403), anonymous: LOGIN },
    data: { anonymous: 401 },
    note: "as the Google save: own record only; A's website payment 1 is pending, not completed, so the save is refused (403)",
  },
  { route: "/dashboard/credentials", method: "GET", expect: customerPage },
  {
    route: "/dashboard/credentials",
    method: "POST",
    body: { intent: "save-card", credentialType: "domain", title: "Matrix Provider", password: "Matrix-Secret-1" },
    expect: customerPage,
    data: { anonymous: 401 },
    note: "a card of the caller's own credentials (the page never takes a user id). A visitor's document POST ends at the layout's guard (to /login); the page's fetcher (a data request) gets 401 'You must be logged in to save credentials'",
  },
  {
    route: "/dashboard/credentials",
    method: "POST",
    body: { intent: "acknowledge-warning", userId: "{a.id}" },
    expect: customerPage,
    data: { anonymous: 401 },
    note: "marks the caller's own warning read; a userId in the body is ignored",
  },
  {
    route: "/dashboard/messages",
    method: "GET",
    expect: { ...customerPage, staffA: 404, staffB: 404, admin: 404 },
    unenrolledAdmin: 404,
    note: "the caller's own conversation; a team account has none of its own (404: theirs are on each customer's page)",
  },
  {
    route: "/dashboard/messages",
    method: "POST",
    body: {
      intent: "send-message",
      body: "Matrix hello",
      userId: "{a.id}",
      files: { file: "png", name: "message.png" },
    },
    expect: { ...customerPage, staffA: 404, staffB: 404, admin: 404 },
    data: { anonymous: 401 },
    unenrolledAdmin: 404,
    note: "a message with a file in the caller's own conversation (a userId in the body is ignored); an admin has no conversation of their own (404)",
  },
  {
    route: "/dashboard/messages",
    method: "POST",
    body: { intent: "mark-messages-read", userId: "{a.id}" },
    expect: { ...customerPage, staffA: 404, staffB: 404, admin: 404 },
    data: { anonymous: 401 },
    unenrolledAdmin: 404,
    note: "marks the caller's own conversation read; a userId in the body is ignored",
  },
  { route: "/dashboard/plans", method: "GET", expect: customerPage },
  {
    route: "/dashboard/plans",
    method: "POST",
    body: { intent: "subscribe", planId: "{a.planId}" },
    expect: { anonymous: LOGIN, customerA: 409, customerB: 409, staffA: 403, staffB: 403, admin: 403 },
    data: { anonymous: 401 },
    note: "a checkout for a plan: A holds this (retired) plan, nobody new may take it, the team pays for nothing (403)",
  },
  ...(
    [
      ["cancel-plan", "A cancels their own plan at the period's end (at the fake card provider)"],
      ["keep-plan", "A keeps their own cancelled plan"],
    ] as const
  ).map(
    ([intent, what]): Row => ({
      route: "/dashboard/plans",
      method: "POST",
      body: { intent, subscriptionId: "{a.planSubscriptionId}" },
      expect: { anonymous: LOGIN, customerA: "ok", customerB: 404, staffA: 403, staffB: 403, admin: 403 },
      data: { anonymous: 401 },
      note: `${what}; another customer's is not found; the team may not`,
    }),
  ),
  {
    route: "/dashboard/plans/card",
    method: "GET",
    expect: {
      anonymous: "to:/login?next=%2Fdashboard%2Fplans%2Fcard",
      customerA: "to:another site",
      customerB: 404,
      staffA: 403,
      staffB: 403,
      admin: 403,
    },
    // The page's data request meets the dashboard layout's guard first: plain /login.
    data: { anonymous: LOGIN },
    note: "the card provider's billing portal for the caller's own card: A has one (sent to the provider's page), B has none yet (404), the team never; a visitor signs in first and comes back",
  },
  { route: "/dashboard/profile", method: "GET", expect: customerPage },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "update-profile", fullName: "Matrix Person", phone: "(555) 123-4567", companyName: "Matrix Co" },
    expect: customerPage,
    data: { anonymous: 401 },
    note: "the caller's own profile only (the page never takes a user id); as the credentials page, a visitor's document POST ends at the layout's guard",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "email-preferences", emailUpdates: "on", reminders: "on", userId: "{a.id}" },
    expect: customerPage,
    data: { anonymous: 401 },
    note: "the caller's own e-mail choices (both on, as they start); a userId in the body is ignored",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "upload-avatar", avatar: { file: "png", name: "avatar.png" }, userId: "{a.id}" },
    expect: customerPage,
    data: { anonymous: 401 },
    note: "the caller's own picture; a userId in the body is ignored",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: {
      intent: "change-password",
      currentPassword: "Wr0ng!Password-x",
      newPassword: "Matrix!Password-2",
      confirmPassword: "Matrix!Password-2",
    },
    expect: { ...everyone(400), anonymous: LOGIN },
    data: { anonymous: 401 },
    note: "the caller's own password only, and only with the current one (a wrong one here, so the walk's sign-ins still work)",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "delete-account", password: "Wr0ng!Password-x", confirmation: "DELETE", userId: "{a.id}" },
    expect: { anonymous: LOGIN, customerA: 400, customerB: 400, staffA: 403, staffB: 403, admin: 403 },
    data: { anonymous: 401 },
    unenrolledAdmin: 403,
    note: "'Delete my account': the caller's own account only (a userId in the body is ignored), and only with its password (a wrong one here, so A stays for the walk: 400); a team account 403 (the admins close those)",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "withdraw-deletion", userId: "{b.id}" },
    expect: { anonymous: LOGIN, customerA: 404, customerB: 404, staffA: 403, staffB: 403, admin: 403 },
    data: { anonymous: 401 },
    unenrolledAdmin: 403,
    note: "'Withdraw request': the caller's own deletion request only (a userId in the body is ignored; none waits here: 404); a team account 403",
  },
  {
    route: "/dashboard/profile",
    method: "POST",
    body: { intent: "request-data-export", password: "", userId: "{a.id}" },
    expect: { ...customerPage, customerA: 429, staffA: 403, staffB: 403, admin: 403 },
    data: { anonymous: 401, customerA: 429, customerB: 429, staffA: 403, staffB: 403, admin: 403 },
    unenrolledAdmin: 403,
    note: "'Download my data': an export of the caller's own data (a userId in the body is ignored), a customer's only (a team account has none of its own); one a day, so A (whose ready export is a fixture) and the walk's second request (.data) are refused",
  },
  {
    route: "/exports/:exportId/download",
    method: "GET",
    url: "/exports/{a.dataExportId}/download",
    expect: { anonymous: 401, customerA: "ok", customerB: 404, staffA: 404, staffB: 404, admin: 404 },
    note: "A's data export, to A alone: it may hold A's passwords in clear, which the team otherwise reveals one at a time, on the record",
  },
  {
    route: "/admin/login",
    method: "GET",
    expect: {
      anonymous: "ok",
      customerA: "ok",
      customerB: "ok",
      staffA: ADMIN_HOME,
      staffB: ADMIN_HOME,
      admin: ADMIN_HOME,
    },
    unenrolledAdmin: ADMIN_HOME,
    note: "a signed-in team member goes on to the back office (whose guard sends one who must enrol to enrolment)",
  },
  {
    route: "/admin/two-factor",
    method: "GET",
    expect: adminPage,
    unenrolledAdmin: "ok",
    note: "two-factor enrolment: only a team member who has not enrolled sees it (an enrolled one is sent to the dashboard)",
  },
  {
    route: "/admin",
    method: "GET",
    expect: { ...adminPage, staffA: ADMIN_HOME, staffB: ADMIN_HOME, admin: ADMIN_HOME },
  },
  { route: "/admin/dashboard", method: "GET", expect: adminPage },
  {
    route: "/admin/dashboard",
    method: "POST",
    body: { intent: "decide", paymentId: "00000000-0000-4000-8000-000000000000", decision: "reject", notes: "" },
    expect: { ...adminPage, staffA: 403, staffB: 403, admin: 404 },
    note: "the work queue's decision form (the customer page's decidePaymentAction): customers are refused by the admin layout's guard before the action, staff by the use case (payments are the admins'); an admin deciding an unknown payment gets 404",
  },
  {
    route: "/admin/dashboard",
    method: "POST",
    body: { intent: "approve-deletion", requestId: "00000000-0000-4000-8000-000000000000" },
    expect: { ...adminPage, staffA: 403, staffB: 403, admin: 404 },
    note: "the work queue's 'Approve and delete' of a customer's deletion request: admins only (staff 403 from the use case); an unknown request 404 (account-deletion.test.ts approves real ones)",
  },
  {
    route: "/admin/dashboard",
    method: "POST",
    body: { intent: "decline-deletion", requestId: "00000000-0000-4000-8000-000000000000", reason: "Matrix: not yet" },
    expect: { ...adminPage, staffA: 403, staffB: 403, admin: 404 },
    note: "the work queue's 'Decline' of a deletion request, with its reason: admins only; an unknown request 404",
  },
  { route: "/admin/users", method: "GET", expect: adminPage },
  // A customer's page: the header (its own path, the layout's action), then each tab, a page of its own with its own
  // loader and action. Payments is the index route: its forms post to `?index`. A form posted to that path as a
  // document (without JavaScript) is answered with the page once the action ran: for A's staff member, whom the
  // action refuses (the data request says how), the page opens on Messages.
  {
    route: "/admin/users/:userId",
    method: "GET",
    url: "/admin/users/{a.id}",
    expect: { ...customerAPage, staffA: STAFF_A_OPENS_MESSAGES },
    note: "the header and the Payments tab; payments are the admins', so A's staff member's page opens on Messages",
  },
  {
    route: "/admin/users/:userId",
    method: "GET",
    url: "/admin/users/{a.id}?tab=notes",
    expect: { ...customerAPage, staffA: "to:/admin/users/{a.id}/notes", admin: "to:/admin/users/{a.id}/notes" },
    note: "an address naming the tab in ?tab= (e-mails already sent link so): on to that tab's path, for those who reach A",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}?index",
    body: {
      intent: "decide",
      paymentId: "{a.paymentId}",
      decision: "reject",
      notes: "Matrix: the amount does not match",
    },
    expect: { ...adminPage, staffA: STAFF_A_OPENS_MESSAGES, staffB: 403 },
    data: { staffA: 403, admin: 409 },
    note: "the Payments tab deciding A's payment: only an admin; the admin layout's middleware refuses customers before the action, the use case staff, even A's. As a data request the payment is already decided (409: the action ran)",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}?index",
    body: { intent: "refund-payment", paymentId: "{a.paymentId}", amount: "1", reason: "Matrix: refund" },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 409 },
    data: { staffA: 403 },
    note: "refunding A's payment: admins only (audited), staff 403 even A's; A's matrix payment is still pending, so there is nothing to refund (409); refunds.test.ts refunds real ones",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}?index",
    body: {
      intent: "refund-payment",
      paymentId: "00000000-0000-4000-8000-000000000000",
      amount: "1",
      reason: "Matrix: refund",
    },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 404 },
    data: { staffA: 403 },
    note: "refunding a payment that is not A's (or not there): 404 for an admin",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}?index",
    body: { intent: "assign-customer", memberIds: "00000000-0000-4000-8000-000000000000" },
    expect: { ...adminPage, staffA: STAFF_A_OPENS_MESSAGES, staffB: 400, admin: 400 },
    data: { staffA: 400 },
    note: "a header's form sent to the Payments tab: not one of its intents (400), nothing runs",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}",
    body: { intent: "assign-customer", memberIds: "00000000-0000-4000-8000-000000000000" },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 400 },
    data: { staffA: 403 },
    note: "'Assigned to' in A's header: admins only (audited); a member who does not exist is refused (400), so staff member A stays A's; staff 403, even A's own",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}",
    body: { intent: "delete-customer", reason: "", confirmation: "" },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 400 },
    data: { staffA: 403 },
    note: "'Delete customer' in A's header: admins only, staff 403 even A's (refused before the form is read); without a reason and the word DELETE an admin is refused (400), so A stays for the walk",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/00000000-0000-4000-8000-000000000000",
    body: { intent: "delete-customer", reason: "Matrix: asked by phone", confirmation: "DELETE" },
    expect: { ...adminOnlyPage, admin: 404 },
    note: "'Delete customer' of an id that is no customer's: 404 for an admin (account-deletion.test.ts deletes real ones)",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}",
    body: { intent: "approve-deletion", requestId: "00000000-0000-4000-8000-000000000000" },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 404 },
    data: { staffA: 403 },
    note: "'Approve and delete' of A's deletion request from A's header: admins only (staff 403, even A's); a request that is not A's 404 (account-deletion.test.ts answers real ones)",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}",
    body: { intent: "decline-deletion", requestId: "00000000-0000-4000-8000-000000000000", reason: "Matrix: not yet" },
    expect: { ...adminOnlyPage, staffA: STAFF_A_OPENS_MESSAGES, admin: 404 },
    data: { staffA: 403 },
    note: "'Decline' of A's deletion request from A's header: admins only; a request that is not A's 404",
  },
  {
    route: "/admin/users/:userId",
    method: "POST",
    url: "/admin/users/{a.id}",
    body: { intent: "decide", paymentId: "{a.paymentId}", decision: "approve", notes: "" },
    expect: { ...adminPage, staffA: STAFF_A_OPENS_MESSAGES, staffB: 400, admin: 400 },
    data: { staffA: 400 },
    note: "a tab's form sent to the header: not one of its intents (400), nothing runs; customers never get past the guard",
  },
  {
    route: "/admin/users/:userId/messages",
    method: "GET",
    url: "/admin/users/{a.id}/messages",
    expect: customerAPage,
    note: "the Messages tab: the conversation with A (staff member B: 404)",
  },
  {
    route: "/admin/users/:userId/messages",
    method: "POST",
    url: "/admin/users/{a.id}/messages",
    body: { intent: "send-message", body: "Matrix answer", files: { file: "png", name: "answer.png" } },
    expect: customerAPage,
    note: "answering A on the Messages tab: an admin or A's staff member (staff member B: 404) (audited); the use case refuses another customer again past the guard (messages.test.ts)",
  },
  {
    route: "/admin/users/:userId/messages",
    method: "POST",
    url: "/admin/users/{a.id}/messages",
    body: { intent: "mark-messages-read" },
    expect: customerAPage,
    note: "the Messages tab shown marks A's messages read for the agency: an admin or A's staff member (staff member B: 404)",
  },
  {
    route: "/admin/users/:userId/messages",
    method: "POST",
    url: "/admin/users/{a.id}/messages",
    body: { intent: "send-reminder" },
    expect: customerAPage,
    note: "'Send a reminder now' to A (A's website round and the answers above wait on them): an admin or A's staff member (staff member B: 404) (audited); the use case refuses customers again past the guard (reminders-admin.test.ts)",
  },
  ...(
    [
      ["true", "'Pause reminders' of A's"],
      ["false", "'Resume reminders' of A's (the walk leaves them running)"],
    ] as const
  ).map(
    ([paused, what]): Row => ({
      route: "/admin/users/:userId/messages",
      method: "POST",
      url: "/admin/users/{a.id}/messages",
      body: { intent: "pause-reminders", paused },
      expect: customerAPage,
      note: `${what}: an admin or A's staff member (staff member B: 404) (audited); the use case refuses customers again past the guard (reminders-admin.test.ts)`,
    }),
  ),
  {
    route: "/admin/users/:userId/messages",
    method: "POST",
    url: "/admin/users/{a.id}/messages",
    body: { intent: "save-note", title: "Matrix note", description: "Elsewhere" },
    expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
    note: "another tab's form: not one of this tab's intents (400), nothing runs",
  },
  {
    route: "/admin/users/:userId/notes",
    method: "GET",
    url: "/admin/users/{a.id}/notes",
    expect: customerAPage,
    note: "the Notes tab: the team's notes about A (staff member B: 404)",
  },
  {
    route: "/admin/users/:userId/notes",
    method: "POST",
    url: "/admin/users/{a.id}/notes",
    body: {
      intent: "save-note",
      title: "Matrix note",
      description: "About A",
      photos: { file: "png", name: "note.png" },
    },
    expect: customerAPage,
    note: "a note about A with a photo: an admin or A's staff member (staff member B: 404) (audited); the use cases refuse customers again past the guard (notes.test.ts)",
  },
  {
    route: "/admin/users/:userId/notes",
    url: "/admin/users/{a.id}/notes",
    method: "POST",
    body: { intent: "delete-note", noteId: "00000000-0000-4000-8000-000000000000" },
    expect: { ...adminPage, staffA: 404, staffB: 404, admin: 404 },
    note: "deleting a note: only an admin; a note that is not there is 404 (notes.test.ts deletes real ones)",
  },
  {
    route: "/admin/users/:userId/notes",
    method: "POST",
    url: "/admin/users/{a.id}/notes",
    body: { intent: "no-such-intent" },
    expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
    note: "an intent the tab's table does not have: 400 for the team, nothing runs; customers never get past the guard",
  },
  ...(
    [
      ["google-business", "google_business", "profileCreation"],
      ["website", "website", "clientInfoReceived"],
    ] as const
  ).flatMap(([tab, service, step]): Row[] => [
    {
      route: `/admin/users/:userId/${tab}`,
      method: "GET",
      url: `/admin/users/{a.id}/${tab}`,
      expect: customerAPage,
      note: "a service tab: A's information form (secrets masked), checklist, rounds and delivered files (staff member B: 404)",
    },
    {
      route: `/admin/users/:userId/${tab}`,
      method: "POST",
      url: `/admin/users/{a.id}/${tab}`,
      body: { intent: "progress", service, step, done: "on" },
      expect: customerAPage,
      note: "ticking a step of A's checklist: an admin or A's staff member (staff member B: 404) (the use case refuses customers again past the guard, see progress.test.ts); ticking it again answers the same",
    },
    {
      route: `/admin/users/:userId/${tab}`,
      method: "POST",
      url: `/admin/users/{a.id}/${tab}`,
      body: { intent: "mark-reviewed", form: service, seenAt: "2020-01-01T00:00:00.000Z" },
      expect: customerAPage,
      note: "the information tab shown marks A's form seen: an admin or A's staff member (staff member B: 404) (the use case refuses customers again past the guard, see work-queue.test.ts)",
    },
    service === "google_business"
      ? {
          route: `/admin/users/:userId/${tab}`,
          method: "POST",
          url: `/admin/users/{a.id}/${tab}`,
          body: {
            intent: "request-approval",
            service,
            title: "Matrix draft",
            link: "https://example.com/preview",
            files: { file: "png", name: "draft.png" },
          },
          expect: customerAPage,
          note: "sending A a round to approve: an admin or A's staff member (staff member B: 404) (audited); the use case refuses customers again past the guard (approvals.test.ts)",
        }
      : {
          route: `/admin/users/:userId/${tab}`,
          method: "POST",
          url: `/admin/users/{a.id}/${tab}`,
          body: { intent: "request-approval", service, title: "", link: "https://example.com/preview" },
          expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
          note: "'Request approval' without a title: refused (400) before anything is read, so A's waiting website round stays for A's own rows below; customers never get past the guard (the Google Business tab's row sends a real round)",
        },
    {
      route: `/admin/users/:userId/${tab}`,
      method: "POST",
      url: `/admin/users/{a.id}/${tab}`,
      body: { intent: "add-delivered-file", service, file: { file: "png", name: "logo-set.png" } },
      expect: customerAPage,
      note: "delivering a finished file to A: an admin or A's staff member (staff member B: 404) (audited; delivered-files.test.ts refuses customers past the guard)",
    },
    {
      route: `/admin/users/:userId/${tab}`,
      method: "POST",
      url: `/admin/users/{a.id}/${tab}`,
      body: { intent: "remove-delivered-file", fileId: "00000000-0000-4000-8000-000000000000" },
      expect: { ...adminPage, staffA: 404, staffB: 404, admin: 404 },
      note: "removing a delivered file: only an admin; a file that is not A's (or not there) is 404 (delivered-files.test.ts removes real ones)",
    },
    {
      route: `/admin/users/:userId/${tab}`,
      method: "POST",
      url: `/admin/users/{a.id}/${tab}`,
      body: { intent: "save-credentials", "domain.title": "Elsewhere" },
      expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
      note: "another tab's form: not one of this tab's intents (400), nothing runs",
    },
  ]),
  {
    route: "/admin/users/:userId/credentials",
    method: "GET",
    url: "/admin/users/{a.id}/credentials",
    expect: customerAPage,
    note: "the Credentials tab: A's three cards, secrets masked (staff member B: 404)",
  },
  {
    route: "/admin/users/:userId/credentials",
    method: "POST",
    url: "/admin/users/{a.id}/credentials",
    body: { intent: "save-credentials", "domain.title": "Matrix Registrar", "hosting.password": "Matrix-Secret-2" },
    expect: customerAPage,
    note: "the Credentials tab saving A's three cards: an admin or A's staff member (staff member B: 404) (audited)",
  },
  {
    route: "/admin/users/:userId/credentials",
    method: "POST",
    url: "/admin/users/{a.id}/credentials",
    body: { intent: "progress", service: "google_business", step: "profileCreation", done: "on" },
    expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
    note: "another tab's form: not one of this tab's intents (400), nothing runs",
  },
  { route: "/admin/settings", method: "GET", expect: adminOnlyPage },
  {
    route: "/admin/activity",
    method: "GET",
    expect: adminOnlyPage,
    note: "the audit log: admins only, read-only (no action)",
  },
  {
    route: "/admin/analytics",
    method: "GET",
    expect: adminOnlyPage,
    note: "revenue, sign-ups and the funnel: admins only, read-only (no action)",
  },
  {
    route: "/admin/payments.csv",
    method: "GET",
    url: "/admin/payments.csv?from=2026-01-01&to=2026-12-31",
    expect: adminOnlyPage,
    note: "a period's payments for the bookkeeper: admins only, read-only",
  },
  // Leads: the list and a lead's page are the team's, a staff member's own leads only; the CSV and the deletion the admins'.
  { route: "/admin/leads", method: "GET", expect: adminPage },
  {
    route: "/admin/leads",
    method: "GET",
    url: "/admin/leads?stage=maybe&page=0",
    expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
    note: "a stage or page the list cannot read: the list with its message (400), never a failure",
  },
  {
    route: "/admin/leads/:leadId",
    method: "GET",
    url: "/admin/leads/{a.leadId}",
    expect: customerAPage,
    note: "a lead assigned to staff member A: B gets 404 as for a lead that does not exist",
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/{a.leadId}",
    body: { intent: "change-lead-stage", stage: "contacted" },
    expect: customerAPage,
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/{a.leadId}",
    body: { intent: "change-lead-stage", stage: "lost" },
    expect: { ...adminPage, staffA: 400, staffB: 400, admin: 400 },
    note: "Lost without its reason: refused before the lead is read, nothing changes",
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/{a.leadId}",
    body: { intent: "add-lead-note", note: "Matrix note" },
    expect: customerAPage,
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/{a.leadId}",
    body: { intent: "assign-lead", memberId: "{a.staffAId}" },
    expect: { ...customerAPage, staffA: 403, staffB: 403 },
    note: "the assignment is the admins': given to A again, so the lead stays A's for the other rows",
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/{a.leadId}",
    body: { intent: "invite-lead" },
    expect: customerAPage,
    note: "'Invite to sign up': an e-mail to the lead, for the admins and the member who has the lead",
  },
  {
    route: "/admin/leads/:leadId",
    method: "POST",
    url: "/admin/leads/00000000-0000-4000-8000-000000000000",
    body: { intent: "delete-lead" },
    expect: { ...adminPage, staffA: 403, staffB: 403, admin: 404 },
    note: "the deletion is the admins' (staff 403 before the lead is read); a lead that is not there, so the walk keeps A's",
  },
  {
    route: "/admin/leads.csv",
    method: "GET",
    url: "/admin/leads.csv?stage=new",
    expect: adminOnlyPage,
    note: "the leads as CSV (personal data): admins only (audited)",
  },
  {
    route: "/admin/customers.csv",
    method: "GET",
    url: "/admin/customers.csv?q=a&status=inactive",
    expect: adminOnlyPage,
    note: "the customer list as CSV (bulk personal data): admins only, read-only (audited); staff 403 even for their own customers",
  },
  {
    route: "/admin/settings",
    method: "POST",
    body: {
      intent: "save-settings",
      section: "notifications",
      emailNotifications: "on",
      pushNotifications: "on",
      newUserRegistration: "on",
      newSubmission: "on",
      profileUpdates: "on",
    },
    expect: adminOnlyPage,
    note: "saving the Notifications tab with its defaults (so the walk's other cells are unaffected): only an admin (audited)",
  },
  {
    route: "/admin/settings",
    method: "POST",
    body: {
      intent: "save-settings",
      section: "legal",
      privacyPolicy: "Matrix privacy policy.",
      termsOfService: "Matrix terms of service.",
      refundPolicy: "Matrix refund policy.",
      privacyPolicyEs: "Política de la matriz.",
      termsOfServiceEs: "Términos de la matriz.",
      refundPolicyEs: "Reembolsos de la matriz.",
    },
    expect: adminOnlyPage,
    note: "saving the Legal tab (the public legal pages' texts): only an admin (audited); visitors and customers change nothing",
  },
  {
    route: "/admin/settings",
    method: "POST",
    body: {
      intent: "save-settings",
      section: "retention",
      readNotificationsDays: "180",
      auditEventsDays: "730",
      sentEmailsDays: "90",
      lostLeadsDays: "365",
    },
    expect: adminOnlyPage,
    note: "saving the Database tab's retention with its defaults (how long records are kept before the daily clean-up): only an admin (audited)",
  },
  {
    route: "/admin/settings",
    method: "POST",
    body: { intent: "reset-two-factor", userId: "{a.id}" },
    expect: { ...adminOnlyPage, admin: 404 },
    note: "resets another admin's two-factor: customer A is no admin, so an admin gets 404; customers never get past the guard",
  },
  ...(
    [
      [
        "invite-member",
        { email: "matrix-invite-{unique}@example.test", role: "staff" },
        "ok",
        "inviting a new member (a new address each time)",
      ],
      [
        "resend-invitation",
        { invitationId: "00000000-0000-4000-8000-000000000000" },
        404,
        "resending an invitation that is not there",
      ],
      [
        "revoke-invitation",
        { invitationId: "00000000-0000-4000-8000-000000000000" },
        404,
        "revoking an invitation that is not there",
      ],
      [
        "change-member-role",
        { memberId: "{a.id}", role: "admin" },
        404,
        "making customer A an admin: A is no team member",
      ],
      ["deactivate-member", { memberId: "{a.id}" }, 404, "deactivating customer A: A is no team member"],
      ["reactivate-member", { memberId: "{a.id}" }, 404, "reactivating customer A: A is no team member"],
    ] as const
  ).map(
    ([intent, fields, admin, what]): Row => ({
      route: "/admin/settings",
      method: "POST",
      body: { intent, ...fields },
      expect: { ...adminOnlyPage, admin },
      note: `the Team tab, ${what}: admins only (audited); staff 403, customers never get past the guard`,
    }),
  ),
  {
    route: "/admin/invitations/:token",
    method: "GET",
    url: "/admin/invitations/not-a-token",
    expect: everyone("ok"),
    note: "an invitation's page is public (the invitee has no account yet); an unknown token shows that it is not valid, and nothing else",
  },
  {
    route: "/admin/invitations/:token",
    method: "POST",
    url: "/admin/invitations/not-a-token",
    body: { name: "Matrix Member", password: "Matrix!Password-1", confirmPassword: "Matrix!Password-1" },
    expect: everyone(410),
    note: "only the e-mailed token makes an account, once, within 7 days (team.test.ts); whoever asks, a wrong one makes nothing",
  },
  {
    route: "/resources/session",
    method: "GET",
    expect: everyone("ok"),
    note: "the caller's own id, name and role only",
  },
  {
    route: "/resources/catalog/:file",
    method: "GET",
    url: CATALOG_SCRIPTS.es.src,
    expect: everyone("ok"),
    note: "a language's compiled catalog: the interface's texts, the same for everyone",
  },
  {
    route: "/resources/language",
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the proof route",
  },
  {
    route: "/resources/language",
    method: "POST",
    body: { language: "en", redirectTo: "/dashboard/progress" },
    expect: everyone("to:/dashboard/progress"),
    note: "the language switcher: a visitor's choice in a cookie, a signed-in user's own account only",
  },
  { route: "/resources/notifications", method: "GET", expect: signedIn() },
  {
    route: "/resources/messages/:userId",
    method: "GET",
    url: "/resources/messages/{a.id}?before=00000000-0000-4000-8000-000000000000",
    expect: { anonymous: 401, customerA: "ok", customerB: 403, staffA: "ok", staffB: 404, admin: "ok" },
    note: "an earlier page of A's conversation: A, A's staff and admins only",
  },
  {
    route: "/resources/notifications",
    method: "POST",
    body: { intent: "mark-read", id: "{a.notificationId}" },
    expect: { ...everyone(404), anonymous: 401, customerA: "ok" },
    note: "A's notification: another user's answers exactly like a missing one, the team included",
  },
  {
    route: "/resources/notifications",
    method: "POST",
    body: { intent: "mark-all-read", userId: "{a.id}" },
    expect: signedIn(),
    note: "the caller's own notifications only; a userId in the body is ignored",
  },
  {
    route: "/resources/approvals",
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the proof route",
  },
  {
    route: "/resources/approvals",
    method: "POST",
    body: {
      intent: "decide-round",
      roundId: "{a.roundId}",
      decision: "request-changes",
      comment: "Matrix: a bigger logo",
    },
    expect: { anonymous: 401, customerA: "ok", customerB: 404, staffA: 403, staffB: 403, admin: 403 },
    data: { customerA: 409 },
    note: "A's round: only A decides it, once (the data request comes second: 409); another customer's answers as a missing round, the team is refused",
  },
  {
    route: "/resources/approvals",
    method: "POST",
    body: { intent: "review-response", service: "website", response: "dismissed" },
    expect: { anonymous: 401, customerA: "ok", customerB: "ok", staffA: 403, staffB: 403, admin: 403 },
    note: "the caller's own review card only (no user id is taken); the team is never asked for a review",
  },
  ...(
    [
      [
        "create-promotion-code",
        { code: "{unique}", kind: "percent", percentOff: "10", serviceTypes: "website" },
        "ok",
        "making a new code (a new name each time)",
      ],
      [
        "deactivate-promotion-code",
        { promotionCodeId: "00000000-0000-4000-8000-000000000000" },
        404,
        "deactivating a code that is not there",
      ],
    ] as const
  ).map(
    ([intent, fields, admin, what]): Row => ({
      route: "/admin/settings",
      method: "POST",
      body: { intent, ...fields },
      expect: { ...adminOnlyPage, admin },
      note: `the Promotions tab, ${what}: admins only (audited); staff 403, customers never get past the guard`,
    }),
  ),
  ...(
    [
      [
        "create-plan",
        { nameEn: "Matrix Plan", nameEs: "Plan de la matriz", price: "0", follows: "none" },
        400,
        "a plan without a price (the form is read after the guard, so nothing reaches the card provider)",
      ],
      [
        "update-plan",
        {
          planId: "00000000-0000-4000-8000-000000000000",
          nameEn: "Matrix Plan",
          nameEs: "Plan de la matriz",
          price: "49",
          follows: "none",
        },
        404,
        "changing a plan that is not there",
      ],
      ["retire-plan", { planId: "00000000-0000-4000-8000-000000000000" }, 404, "retiring a plan that is not there"],
      [
        "offer-plan-again",
        { planId: "00000000-0000-4000-8000-000000000000" },
        404,
        "offering again a plan that is not there",
      ],
    ] as const
  ).map(
    ([intent, fields, admin, what]): Row => ({
      route: "/admin/settings",
      method: "POST",
      body: { intent, ...fields },
      expect: { ...adminOnlyPage, admin },
      note: `the Plans tab, ${what}: admins only (audited); staff 403, customers never get past the guard`,
    }),
  ),
  {
    route: ENDPOINTS.paymentQuote,
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the proof route",
  },
  {
    route: ENDPOINTS.paymentQuote,
    method: "POST",
    body: { serviceType: "google_business", paymentNumber: "1", promotionCode: "NO-SUCH-CODE" },
    expect: { anonymous: 401, customerA: 400, customerB: 400, staffA: 403, staffB: 403, admin: 403 },
    unenrolledAdmin: 409,
    note: "a quote for the caller's own payment, customers only (nothing is written); an unknown code is 400 'Invalid or expired code'. Before the proof rows: Google Business is still payable (the admin who must enrol counts as a customer, and has sent a Google Business proof by then: 409)",
  },
  {
    route: ENDPOINTS.freePayment,
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the proof route",
  },
  {
    route: ENDPOINTS.freePayment,
    method: "POST",
    body: { serviceType: "google_business", paymentNumber: "1", promotionCode: "NO-SUCH-CODE" },
    expect: { anonymous: 401, customerA: 400, customerB: 400, staffA: 403, staffB: 403, admin: 403 },
    unenrolledAdmin: 409,
    note: "completes the caller's own payment when a code makes it free, customers only; an unknown code is 400 and writes nothing (the admin who must enrol: 409, as for the quote)",
  },
  {
    route: ENDPOINTS.paymentProof,
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only: a document GET is refused; a data GET answers only the root's public site settings (the leak check covers it)",
  },
  {
    route: ENDPOINTS.paymentProof,
    method: "POST",
    body: { serviceType: "google_business", paymentNumber: "1", proof: { file: "png", name: "proof.png" } },
    expect: signedIn(),
    data: { customerA: 409, customerB: 409, staffA: 409, staffB: 409, admin: 409 },
    unenrolledAdmin: 409,
    note: "each user's own proof; as a data request a second proof for the same payment is refused (409: the action ran), as for the admin again later",
  },
  {
    route: ENDPOINTS.paymentProof,
    method: "POST",
    body: { paymentId: "{a.paymentId}", proof: { file: "png", name: "new-proof.png" } },
    expect: { ...everyone(404), anonymous: 401, customerA: "ok" },
    data: { customerA: 409 },
    unenrolledAdmin: 404,
    note: "a new proof for A's rejected Zelle transfer (rejected by the admin row above): only A; B and the team answer as for a missing payment. As a data request it is back in review already (409: the action ran)",
  },
  {
    route: "/resources/secrets/reveal",
    method: "GET",
    expect: everyone(400),
    data: everyone("ok"),
    note: "an action only, as the proof route",
  },
  {
    route: "/resources/secrets/reveal",
    method: "POST",
    body: { kind: "credential", id: "{a.credentialId}", field: "password" },
    expect: ownFile,
    note: "A's credential password: its owner, A's staff and admins (audited); another customer's, or staff member B's, answers as a missing one",
  },
  {
    route: "/resources/secrets/reveal",
    method: "POST",
    body: { kind: "gmail-password", userId: "{a.id}" },
    expect: ownFile,
    note: "A's Gmail password: its owner, A's staff and admins (audited)",
  },
  { route: "/*", method: "GET", url: "/no-such-page", expect: everyone(404) },
];
