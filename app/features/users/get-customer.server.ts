import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "~db/schema";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import { notFound } from "~/lib/errors";
import type { Actor } from "~/lib/session";
import { customerColumns, isCustomer } from "./customer-query.server";
import { toCustomer, type Customer } from "./customer-views";

/** One customer's profile for the admin detail page; an unknown id, a malformed one or an admin's gives 404. */
export async function getCustomer({ db }: { db: Db }, actor: Actor | null, { userId }: { userId: string }): Promise<Customer> {
  requireAdminActor(actor);
  if (!z.uuid().safeParse(userId).success) throw notFound("Customer not found");
  const [row] = await db
    .select(customerColumns)
    .from(profiles)
    .where(and(eq(profiles.id, userId), isCustomer));
  if (!row) throw notFound("Customer not found");
  return toCustomer(row);
}
