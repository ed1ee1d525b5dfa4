import { z } from "zod";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { readProgress } from "./progress-query.server";
import type { CustomerProgress } from "./progress-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** Any customer's progress records, for the admin's customer page: the team on the customers it reaches (anonymous 401, customers 403, staff on another customer 404). */
export async function getCustomerProgress(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<CustomerProgress> {
  requireTeamReach(actor, userId);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  return readProgress(db, userId);
}
