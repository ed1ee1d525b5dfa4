import { and, eq, gte, sql } from "drizzle-orm";
import { payments } from "~db/schema";
import { currentCounters } from "~/features/users/list-customers.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import type { DashboardFigures } from "./analytics-views";

/** The first instant of the UTC month `now` is in: the analytics page counts months in UTC too. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The admin dashboard's first figures: this month's revenue (payments completed since the month began, counted
 * as the analytics page counts them: by updated_at, when a payment was completed) and the jobs in progress (the
 * users list's In Progress counter, read from its cache while nothing was written). Admins only.
 */
export async function getDashboardFigures({ db }: { db: Db }, actor: Actor | null, { now = new Date() }: { now?: Date } = {}): Promise<DashboardFigures> {
  requireAdminActor(actor);
  const since = monthStart(now);
  const [[revenue], counters] = await Promise.all([
    db
      .select({ total: sql<string | null>`sum(${payments.amount})` })
      .from(payments)
      .where(and(eq(payments.status, "completed"), gte(payments.updatedAt, since))),
    currentCounters(db),
  ]);
  return {
    revenueThisMonth: Number(revenue?.total ?? 0),
    monthStart: since.toISOString().slice(0, 10),
    today: now.toISOString().slice(0, 10),
    inProgress: counters.inProgress,
  };
}
