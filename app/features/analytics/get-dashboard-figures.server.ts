import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { leads, paymentRefunds, payments } from "~db/schema";
import { currentCounters } from "~/features/users/list-customers.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { DashboardFigures } from "./analytics-views";
import type { Deps } from "~/lib/services.server";

/** The first instant of the UTC month `now` is in: the analytics page counts months in UTC too. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The admin dashboard's first figures: this month's revenue, net of refunds, as the analytics page counts it (the
 * payments completed since the month began, by completed_at, less the refunds completed since then), and the jobs in
 * progress (the users list's In Progress counter, read from its cache while nothing was written), and the quote
 * requests of the month with how many became paying customers. Admins only.
 */
export async function getDashboardFigures(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { now = new Date() }: { now?: Date } = {},
): Promise<DashboardFigures> {
  requireAdminActor(actor);
  const since = monthStart(now);
  const [[revenue], [refunds], counters, [leadCounts]] = await Promise.all([
    db
      .select({ total: sql<string | null>`sum(${payments.amount})` })
      .from(payments)
      .where(and(inArray(payments.status, ["completed", "refunded"]), gte(payments.completedAt, since))),
    db
      .select({ total: sql<string | null>`sum(${paymentRefunds.amount})` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, "completed"), gte(paymentRefunds.completedAt, since))),
    currentCounters(db),
    db
      .select({ total: count(), won: count(leads.wonAt) })
      .from(leads)
      .where(gte(leads.createdAt, since)),
  ]);
  return {
    // In cents while subtracting, so the figure has no stray fractions of a cent.
    revenueThisMonth:
      (Math.round(Number(revenue?.total ?? 0) * 100) - Math.round(Number(refunds?.total ?? 0) * 100)) / 100,
    monthStart: since.toISOString().slice(0, 10),
    today: now.toISOString().slice(0, 10),
    inProgress: counters.inProgress,
    leadsThisMonth: leadCounts?.total ?? 0,
    leadsWonThisMonth: leadCounts?.won ?? 0,
  };
}
