import { and, eq, isNull } from "drizzle-orm";
import { reviewRounds } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { isServiceType, type ServiceType } from "~/domain/service-catalog";
import type { Deps } from "~/lib/services.server";

/** The signed-in customer's rounds waiting for their decision, one per service at most (a newer one supersedes). */
export async function getOwnWaitingRounds(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
): Promise<Record<ServiceType, { version: number; title: string } | null>> {
  const customer = requireActor(actor);
  const rows = await db
    .select({ service: reviewRounds.service, version: reviewRounds.version, title: reviewRounds.title })
    .from(reviewRounds)
    .where(and(eq(reviewRounds.userId, customer.id), isNull(reviewRounds.decision)));
  const waiting: Record<ServiceType, { version: number; title: string } | null> = {
    google_business: null,
    website: null,
  };
  for (const row of rows)
    if (isServiceType(row.service)) waiting[row.service] = { version: row.version, title: row.title };
  return waiting;
}
