import type { UserCounters } from "./user-counters";

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

export interface CustomerList {
  customers: Customer[];
  counters: UserCounters;
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
