import { z } from "zod";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { readProgress } from "./progress-query.server";
import type { CustomerProgress } from "./progress-views";
import { AppError } from "~/lib/http/app-error";

/** Any customer's progress records, for the admin's customer page: admins only (anonymous 401, customers 403). */
export async function getCustomerProgress(
  { db }: { db: Db },
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<CustomerProgress> {
  requireAdminActor(actor);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  return readProgress(db, userId);
}
