import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { href } from "react-router";
import { LEAD_LIST } from "~/lib/http/paths";
import { LEAD_STAGES, type LeadStage } from "./leads";

export const LEADS_PER_PAGE = 50;
const LEAD_SEARCH_MAX_LENGTH = 100;
/** Far past any real list; a bigger number is a typo or a probe, not a page. */
const PAGE_MAX = 10_000;

/** What the Leads list shows: a search over name, business, e-mail and phone, one stage or all, a page. */
export interface LeadListQuery {
  search: string;
  stage: LeadStage | null;
  page: number;
}

const searchMax = LEAD_SEARCH_MAX_LENGTH;
/** What can be wrong with the list's address, each with its message. */
const LIST_ERRORS = {
  searchTooLong: msg`Search must be ${searchMax} characters or fewer`,
  unknownStage: msg`Unknown stage: choose New, Contacted, Quote sent, Won or Lost`,
  badPage: msg`Page must be a whole number of 1 or more`,
} as const satisfies Record<string, MessageDescriptor>;

export type LeadListError = keyof typeof LIST_ERRORS;

/** The address's problems in the request's language, one sentence each, or null when there is none. */
export function leadListErrorMessage(errors: readonly LeadListError[], i18n: I18n): string | null {
  return errors.length ? errors.map((error) => i18n._(LIST_ERRORS[error])).join(". ") : null;
}

/**
 * Reads the list's state from the URL (`q`, `stage`, `page`). A bad part falls back to its default and comes with its
 * problem to show, so a mistyped or hand-edited address never fails the page.
 */
export function parseLeadListQuery(params: URLSearchParams): { query: LeadListQuery; errors: LeadListError[] } {
  const errors: LeadListError[] = [];
  let search = (params.get("q") ?? "").replace(/\s+/g, " ").trim();
  if (search.length > LEAD_SEARCH_MAX_LENGTH) {
    errors.push("searchTooLong");
    search = "";
  }
  const stageText = params.get("stage") ?? "";
  let stage: LeadStage | null = null;
  if ((LEAD_STAGES as readonly string[]).includes(stageText)) stage = stageText as LeadStage;
  else if (stageText !== "") errors.push("unknownStage");
  const pageText = params.get("page") ?? "";
  let page = 1;
  if (/^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 && Number(pageText) <= PAGE_MAX) page = Number(pageText);
  else if (pageText !== "") errors.push("badPage");
  return { query: { search, stage, page }, errors };
}

/** The list's search and stage as an address's query, only what differs from the defaults. */
function queryText(query: Pick<LeadListQuery, "search" | "stage">, page = 1): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.stage) params.set("stage", query.stage);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list's address for a state: the plain list stays /admin/leads. */
export function leadListHref(query: Pick<LeadListQuery, "search" | "stage">, page = 1): string {
  return `${LEAD_LIST}${queryText(query, page)}`;
}

/** The CSV export of the list as filtered (every page). */
export function leadsCsvHref(query: Pick<LeadListQuery, "search" | "stage">): string {
  return `${href("/admin/leads.csv")}${queryText(query)}`;
}

/**
 * How long a lead has waited, in the largest whole unit ('45 min', '3 h', '2 days'), as the list's Age column says
 * it; under a minute is '1 min'.
 */
export function leadAge(since: Date, now: Date): { unit: "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.max(1, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
