import { and, desc, eq, isNotNull, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { googleBusinessInfo, googleBusinessProgress, profiles, userRoles, websiteProgress } from "~db/schema";
import type { Db } from "~/lib/db.server";
import { forbidden, notFound, notSignedIn } from "~/lib/errors";
import type { Actor } from "~/lib/session";
import { countUsers, type CustomerWork, type UserCounters } from "./user-counters";

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

/** The back office is for admins only: anonymous gets 401, a customer 403. */
export function requireAdminActor(actor: Actor | null): Actor {
  if (!actor) throw notSignedIn();
  if (!actor.isAdmin) throw forbidden();
  return actor;
}

/** A profile is a customer's unless its user holds the admin role. */
const isCustomer = notExists(
  sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
);

const customerColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phone: profiles.phone,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
  createdAt: profiles.createdAt,
};

function toCustomer(row: Omit<Customer, "createdAt"> & { createdAt: Date }): Customer {
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

/**
 * Every customer (admins left out), newest first, with the counters of the admin list. One query: each
 * joined table has at most one row per user (unique on user_id), so the joins never multiply rows.
 */
export async function listCustomers(db: Db, actor: Actor | null): Promise<CustomerList> {
  requireAdminActor(actor);
  const rows = await db
    .select({
      ...customerColumns,
      googleProgressId: googleBusinessProgress.id,
      verificationCompleted: googleBusinessProgress.verificationCompleted,
      seoLocalSetup: googleBusinessProgress.seoLocalSetup,
      websiteProgressId: websiteProgress.id,
      websiteLaunch: websiteProgress.websiteLaunch,
      hasGoogleInfo: isNotNull(googleBusinessInfo.userId),
    })
    .from(profiles)
    .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
    .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
    .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id))
    .where(isCustomer)
    .orderBy(desc(profiles.createdAt), desc(profiles.id));

  const work: CustomerWork[] = rows.map((row) => ({
    googleProgress: row.googleProgressId
      ? { verificationCompleted: Boolean(row.verificationCompleted), seoLocalSetup: Boolean(row.seoLocalSetup) }
      : null,
    websiteProgress: row.websiteProgressId ? { websiteLaunch: Boolean(row.websiteLaunch) } : null,
    hasGoogleInfo: Boolean(row.hasGoogleInfo),
  }));
  return { customers: rows.map(toCustomer), counters: countUsers(work) };
}

/** One customer's profile for the admin detail page; an unknown id, a malformed one or an admin's gives 404. */
export async function getCustomer(db: Db, actor: Actor | null, userId: string): Promise<Customer> {
  requireAdminActor(actor);
  if (!z.uuid().safeParse(userId).success) throw notFound("Customer not found");
  const [row] = await db
    .select(customerColumns)
    .from(profiles)
    .where(and(eq(profiles.id, userId), isCustomer));
  if (!row) throw notFound("Customer not found");
  return toCustomer(row);
}
