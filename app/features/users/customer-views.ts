import type { CustomerListQuery } from "./customer-list-query";
import type { CustomerActivity, UserCounters } from "./user-counters";

/** One customer as the admin list and the customer detail header show them. */
export interface Customer {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  avatarUrl: string | null;
  createdAt: string;
}

/** A service as the list's Status column reads it: completed payments and checklist steps done. */
export interface ServiceStanding {
  paid: number;
  doneSteps: number;
}

/** A customer in the admin list, with the activity the counters count them under and where their jobs stand. */
export interface ListedCustomer extends Customer {
  activity: CustomerActivity;
  /** Their messages no admin has read yet. */
  unreadMessages: number;
  /** The names of the active team members they are assigned to (the 'Assigned to' column). */
  assignedTo: string[];
  standing: { googleBusiness: ServiceStanding; website: ServiceStanding };
}

/** One page of the customer list: the customers on it, the counters over every customer the viewer reaches, and where it is. */
export interface CustomerList {
  customers: ListedCustomer[];
  counters: UserCounters;
  /** The state shown (the page clamped to the last one). */
  query: CustomerListQuery;
  /** Customers matching the search and filter, over every page. */
  total: number;
  pageCount: number;
}

export function toCustomer(row: Omit<Customer, "createdAt"> & { createdAt: Date }): Customer {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
    avatarUrl: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
