import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { href } from "react-router";
import type { CustomerListQuery } from "./customer-list-query";
import { standingLines } from "./customer-standing";
import type { ListedCustomer } from "./customer-views";
import type { CustomerActivity } from "./user-counters";

/** The export's columns: the list's, in its order, then the counter state the filter reads. */
const HEADER = [
  msg`Name`,
  msg`Email`,
  msg`Phone`,
  msg`Company`,
  msg`Status`,
  msg`Assigned to`,
  msg`Registration Date`,
  msg`Activity`,
] as const;

/** One customer's counter state (the counter cards name the groups, hence a context for the singular). */
const ACTIVITY_NAMES: Record<CustomerActivity, MessageDescriptor> = {
  active: msg({ context: "customer", message: "Active" }),
  inactive: msg`Inactive`,
  in_progress: msg`In Progress`,
};

/** One exported customer: what the list shows of them, with the registration instant as read. */
export type ExportedCustomer = Pick<
  ListedCustomer,
  "fullName" | "email" | "phone" | "companyName" | "activity" | "assignedTo" | "standing"
> & {
  createdAt: Date;
};

/** The header row's labels in the admin's language. */
export function customersCsvHeader(i18n: I18n): string[] {
  return HEADER.map((label) => i18n._(label));
}

/**
 * One customer's cells as the list reads them: the Status column's lines joined by '; ', the members they are
 * assigned to by ', ', the registration day as YYYY-MM-DD (UTC), which every spreadsheet reads as a date. Escaping
 * (quotes, formulas) is the CSV writer's.
 */
export function customerCsvCells(i18n: I18n, customer: ExportedCustomer): string[] {
  return [
    customer.fullName,
    customer.email,
    customer.phone ?? "",
    customer.companyName ?? "",
    standingLines(i18n, customer.standing).join("; "),
    customer.assignedTo.join(", "),
    customer.createdAt.toISOString().slice(0, 10),
    i18n._(ACTIVITY_NAMES[customer.activity]),
  ];
}

/** The file's name, after the day it was made: `customers-2026-05-01.csv`. */
export function customersCsvFileName(today: Date): string {
  return `customers-${today.toISOString().slice(0, 10)}.csv`;
}

/** The export of the list as it is filtered (search, counter state, 'Assigned to', 'Care plan'); every page, so no page. */
export function customersCsvPath(query: Omit<CustomerListQuery, "page">): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.activity) params.set("status", query.activity);
  if (query.assigned) params.set("assigned", query.assigned);
  if (query.plan) params.set("plan", query.plan);
  const text = params.toString();
  const path = href("/admin/customers.csv");
  return text ? `${path}?${text}` : path;
}
