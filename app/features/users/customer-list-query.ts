import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CUSTOMER_ACTIVITIES, type CustomerActivity } from "./user-counters";
import { CUSTOMER_LIST } from "~/lib/http/paths";

export const CUSTOMERS_PER_PAGE = 50;
export const SEARCH_MAX_LENGTH = 100;
/** Far past any real list (500,000 customers); a bigger number is a typo or a probe, not a page. */
const PAGE_MAX = 10_000;

/** The 'Assigned to' filter's choice for the customers no active team member looks after. */
export const UNASSIGNED = "none";

/**
 * The 'Care plan' filter: the customers on a plan (a subscription active or past due: charged, or being retried),
 * or only those whose plan's charge is failing (past due).
 */
export const CUSTOMER_PLAN_FILTERS = ["on_plan", "past_due"] as const;
export type CustomerPlanFilter = (typeof CUSTOMER_PLAN_FILTERS)[number];

/**
 * What the admin customer list shows: a search over name, e-mail, company and phone, a counter state, whom the
 * customers are assigned to (a member's id, UNASSIGNED, or null for anyone), their care plans' standing (null for
 * any), a page.
 */
export interface CustomerListQuery {
  search: string;
  activity: CustomerActivity | null;
  assigned: string | null;
  plan: CustomerPlanFilter | null;
  page: number;
}

export const FIRST_PAGE: CustomerListQuery = { search: "", activity: null, assigned: null, plan: null, page: 1 };

const searchMax = SEARCH_MAX_LENGTH;
/** What can be wrong with the list's address, each with its message. */
const LIST_ERRORS = {
  searchTooLong: msg`Search must be ${searchMax} characters or fewer`,
  unknownFilter: msg`Unknown filter: choose Total Users, Active, Inactive or In Progress`,
  badPage: msg`Page must be a whole number of 1 or more`,
  unknownAssignee: msg`Unknown 'Assigned to' filter: choose Anyone, Unassigned or a team member`,
  unknownPlanFilter: msg`Unknown 'Care plan' filter: choose Any, On a plan or Plan past due`,
} as const satisfies Record<string, MessageDescriptor>;

export type ListError = keyof typeof LIST_ERRORS;

/** The address's problems in the request's language, one sentence each, or null when there is none. */
export function listErrorMessage(errors: readonly ListError[], i18n: I18n): string | null {
  return errors.length ? errors.map((error) => i18n._(LIST_ERRORS[error])).join(". ") : null;
}

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the list's state from the URL (`q`, `status`, `assigned`, `plan`, `page`). A bad part falls back to its default and
 * comes with its problem to show, so a mistyped or hand-edited address never fails the page.
 */
export function parseCustomerListQuery(params: URLSearchParams): { query: CustomerListQuery; errors: ListError[] } {
  const errors: ListError[] = [];
  let search = (params.get("q") ?? "").replace(/\s+/g, " ").trim();
  if (search.length > SEARCH_MAX_LENGTH) {
    errors.push("searchTooLong");
    search = "";
  }
  const status = params.get("status") ?? "";
  let activity: CustomerActivity | null = null;
  if ((CUSTOMER_ACTIVITIES as readonly string[]).includes(status)) activity = status as CustomerActivity;
  else if (status !== "") errors.push("unknownFilter");
  const assignedText = params.get("assigned") ?? "";
  let assigned: string | null = null;
  if (assignedText === UNASSIGNED || MEMBER_ID.test(assignedText)) assigned = assignedText.toLowerCase();
  else if (assignedText !== "") errors.push("unknownAssignee");
  const planText = params.get("plan") ?? "";
  let plan: CustomerPlanFilter | null = null;
  if ((CUSTOMER_PLAN_FILTERS as readonly string[]).includes(planText)) plan = planText as CustomerPlanFilter;
  else if (planText !== "") errors.push("unknownPlanFilter");
  const pageText = params.get("page") ?? "";
  let page = 1;
  if (/^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 && Number(pageText) <= PAGE_MAX) page = Number(pageText);
  else if (pageText !== "") errors.push("badPage");
  return { query: { search, activity, assigned, plan, page }, errors };
}

/** The list's address for a state: only what differs from the defaults, so the plain list stays /admin/users. */
export function customerListHref(query: CustomerListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.activity) params.set("status", query.activity);
  if (query.assigned) params.set("assigned", query.assigned);
  if (query.plan) params.set("plan", query.plan);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${CUSTOMER_LIST}?${text}` : CUSTOMER_LIST;
}

/** Up to `width` page numbers around the current one, always with the first and the last; null marks a gap. */
export function pageWindow(page: number, pageCount: number, width = 5): (number | null)[] {
  const half = Math.floor(width / 2);
  const start = Math.max(1, Math.min(page - half, pageCount - width + 1));
  const end = Math.min(pageCount, start + width - 1);
  const pages: (number | null)[] = [];
  if (start > 1) pages.push(1, ...(start > 2 ? [null] : []));
  for (let n = start; n <= end; n++) pages.push(n);
  if (end < pageCount) pages.push(...(end < pageCount - 1 ? [null] : []), pageCount);
  return pages;
}
