import { href } from "react-router";

// The pages are named by their patterns in the route table (`href` reads the generated route types), so a renamed
// or removed route fails the type check here rather than leading a person to the not-found page.
export const CUSTOMER_HOME = href("/dashboard/progress");
/** The customer's page of each service (its payment, its form, its progress). */
export const SERVICE_PAGE = {
  google_business: href("/dashboard/google-business"),
  website: href("/dashboard/website"),
} as const;

/**
 * The sign-up page for a service ordered on the landing page (`/signup?service=website`): after sign-up (or at once,
 * signed in already) the customer lands on that service's page, where it is paid.
 */
export function orderPath(service: keyof typeof SERVICE_PAGE): string {
  return `${href("/signup")}?service=${service}`;
}

/** Where sign-up leads: the ordered service's page when the address names one, else the progress page. */
export function afterSignUpPath(search: URLSearchParams): string {
  const service = search.get("service");
  return service !== null && Object.hasOwn(SERVICE_PAGE, service)
    ? SERVICE_PAGE[service as keyof typeof SERVICE_PAGE]
    : CUSTOMER_HOME;
}
/** A service page's parameter that opens the payment dialog of that payment number at once (a reminder's link). */
export const PAY_PARAM = "pay";

/** A service's page with the dialog of one of its payments open. */
export function payPath(service: keyof typeof SERVICE_PAGE, paymentNumber: number): string {
  return `${SERVICE_PAGE[service]}?${PAY_PARAM}=${paymentNumber}`;
}

/** A reminder e-mail's link: notes that it was opened, then leads to where the thing is done. */
export function reminderOpenPath(reminderId: string): string {
  return href("/reminders/:reminderId", { reminderId });
}

/** The page that turns a customer's reminders off from the e-mail, signed out (the token names them). */
export function unsubscribeRemindersPath(token: string): string {
  return `${href("/reminders/unsubscribe")}?${new URLSearchParams({ token })}`;
}

export const CUSTOMER_LOGIN = href("/login");

/** The login page's parameter naming the portal page to open after the sign-in. */
export const LOGIN_NEXT_PARAM = "next";

/** The login page that opens `path` (a portal page) once the customer has signed in. */
export function loginThen(path: string): string {
  return `${CUSTOMER_LOGIN}?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: path })}`;
}

/** Where the sign-in leads: the portal page asked for, when it is one (`/dashboard/...`), else the progress page. */
export function afterLoginPath(next: string | null): string {
  const path = next === null ? null : sitePath(next);
  return path !== null && /^\/dashboard(\/|$)/.test(path) ? path : CUSTOMER_HOME;
}

/** The customer's care plans: the ones on offer and their own. */
export const PLANS_PAGE = href("/dashboard/plans");
/**
 * Opens the card provider's billing portal for the signed-in customer (where the card is changed): the link of the
 * e-mail about a failed charge, and the Plans page's 'Change card'.
 */
export const PLAN_CARD_PAGE = href("/dashboard/plans/card");

/** The sign-up link's parameter that carries an invited lead's token (their enquiry fills in the form). */
export const LEAD_TOKEN_PARAM = "lead";

/** The sign-up page an invited lead's e-mail links to: the form opens with what they sent in it. */
export function leadSignUpPath(token: string): string {
  return `${href("/signup")}?${new URLSearchParams({ [LEAD_TOKEN_PARAM]: token })}`;
}

export const ADMIN_HOME = href("/admin/dashboard");
/** The back office's customer list. */
export const CUSTOMER_LIST = href("/admin/users");
export const ADMIN_LOGIN = href("/admin/login");
/** Where an admin without two-factor enrols while the Security setting Two-Factor is on. */
export const ADMIN_TWO_FACTOR_SETUP = href("/admin/two-factor");
/** The admin login page shows 'Access Denied' when it is reached with this flag. */
export const ACCESS_DENIED_FLAG = "denied";

const PATH_BASE = "http://site.invalid";

/**
 * `value` when it is a path on this site to send a browser to, else null. It must start with one `/`, hold no
 * control character or backslash (browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example`
 * would leave the site; a control character cannot go in a Location header at all) and stay on the site once
 * resolved.
 */
export function sitePath(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    return new URL(value, PATH_BASE).origin === PATH_BASE ? value : null;
  } catch {
    return null;
  }
}

/** The tabs of a customer's page in the back office, in the order the page shows them. */
export const CUSTOMER_TABS = ["payments", "messages", "notes", "google-business", "website", "credentials"] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

export function isCustomerTab(value: unknown): value is CustomerTab {
  return typeof value === "string" && (CUSTOMER_TABS as readonly string[]).includes(value);
}

/** Each tab's page in the route table: the first, Payments, is the customer's own path. */
const CUSTOMER_TAB_PAGES = {
  payments: "/admin/users/:userId",
  messages: "/admin/users/:userId/messages",
  notes: "/admin/users/:userId/notes",
  "google-business": "/admin/users/:userId/google-business",
  website: "/admin/users/:userId/website",
  credentials: "/admin/users/:userId/credentials",
} as const satisfies Record<CustomerTab, string>;

/** A customer's page in the back office, on one of its tabs (`/admin/users/<id>/notes`), Payments by default. */
export function customerPagePath(customerId: string, tab: CustomerTab = "payments"): string {
  return href(CUSTOMER_TAB_PAGES[tab], { userId: encodeURIComponent(customerId) });
}

/** The tab a path of a customer's page shows: its last segment when that names a tab, else the first tab. */
export function customerTabAt(pathname: string): CustomerTab {
  const last = pathname.replace(/\/+$/, "").split("/").at(-1);
  return isCustomerTab(last) ? last : "payments";
}

/** The back office's Leads list. */
export const LEAD_LIST = href("/admin/leads");

/** A lead's page in the back office. */
export function leadPagePath(leadId: string): string {
  return href("/admin/leads/:leadId", { leadId });
}
