import { sql } from "drizzle-orm";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { percentage, type AnalyticsPeriod } from "./analytics-period";
import { leadOrigin, originKey, weeklyBreakdown, type WeekCount } from "~/features/leads/lead-source";
import { parseIsoDay } from "~/lib/iso-day";
import { monthlyRecurringRevenue, type PlanStatus } from "~/features/plans/plans";
import type {
  AnalyticsReport,
  FunnelCounts,
  LeadFigures,
  MonthlyPlans,
  MonthlyRevenue,
  PlanFigures,
  WeeklySignUps,
} from "./analytics-views";
import type { Deps } from "~/lib/services.server";

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** node-postgres hands numeric and bigint back as strings; float8 and int4 as numbers. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Customers only, as everywhere else in the back office: a profile whose user is on the team (any role) is not one (users' `isCustomer`). */
const isCustomerProfile = (alias: string) => sql.raw(`${alias}.id not in (select user_id from user_roles)`);

/**
 * When a customer's service was launched: its final progress step is done now, at the time the last audit event
 * marked it done (admins tick it through toggleProgressStep, which audits every toggle); the progress row's
 * updated_at when no such event exists (a row written by hand or an event removed with its actor's history).
 */
const launchesQuery = sql.raw(`
  select gp.user_id, coalesce((
      select max(a.created_at) from audit_events a
      where a.customer_id = gp.user_id and a.action = 'progress.toggle'
        and a.detail->>'service' = 'google_business' and a.detail->>'step' = 'seoLocalSetup' and a.detail->>'done' = 'true'
    ), gp.updated_at) as launched_at
  from google_business_progress gp where gp.seo_local_setup
  union all
  select wp.user_id, coalesce((
      select max(a.created_at) from audit_events a
      where a.customer_id = wp.user_id and a.action = 'progress.toggle'
        and a.detail->>'service' = 'website' and a.detail->>'step' = 'websiteLaunch' and a.detail->>'done' = 'true'
    ), wp.updated_at) as launched_at
  from website_progress wp where wp.website_launch
`);

/**
 * The analytics report over a period, every figure computed by the database. Months and weeks are UTC. Revenue is
 * net of refunds: a payment counts in the month it was completed (its completed_at, set once when it completes; a
 * refund later updates the row, so updated_at would move it), and each completed refund is taken off in the month
 * it completed, from its payment's method. A payment refunded in full still counts when it was paid, its refund when
 * it was given back. The care plans' monthly recurring revenue and past-due count are as they stand now; their
 * starts and ends are the period's. Admins only; read-only.
 */
export async function getAnalytics(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  period: AnalyticsPeriod,
): Promise<AnalyticsReport> {
  requireAdminActor(actor);
  const start = parseIsoDay(period.from);
  const last = parseIsoDay(period.to);
  if (!start || !last || start > last) throw new Error(`unreadable analytics period ${period.from}..${period.to}`);
  // Half-open [from, to): the day after the last day, at midnight UTC.
  const from = start.toISOString();
  const to = new Date(last.getTime() + DAY_MS).toISOString();
  const inPeriod = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${to}::timestamptz`;
  // Money in (payments, when completed) and out (refunds, when completed), each with its month and method.
  const movements = sql`
    select p.completed_at as at, p.payment_method as method, p.amount as amount, 0::numeric as refunded
    from payments p
    where p.status in ('completed', 'refunded') and ${inPeriod("p.completed_at")}
    union all
    select r.completed_at, p.payment_method, -r.amount, r.amount
    from payment_refunds r join payments p on p.id = r.payment_id
    where r.status = 'completed' and ${inPeriod("r.completed_at")}`;

  const revenueRows = rows(
    db,
    sql`with months as (
          select generate_series(
            date_trunc('month', ${from}::timestamptz at time zone 'UTC'),
            date_trunc('month', ${period.to}::date::timestamp),
            interval '1 month') as month
        ),
        movements as (${movements})
        select to_char(m.month, 'YYYY-MM') as month,
          coalesce(sum(x.amount) filter (where x.method = 'card'), 0)::float8 as card,
          coalesce(sum(x.amount) filter (where x.method = 'zelle'), 0)::float8 as zelle,
          coalesce(sum(x.refunded), 0)::float8 as refunds,
          coalesce(sum(x.amount), 0)::float8 as total
        from months m
        left join movements x on date_trunc('month', x.at at time zone 'UTC') = m.month
        group by m.month
        order by m.month`,
  );

  const revenueTotalRows = rows(
    db,
    sql`with movements as (${movements})
        select coalesce(sum(amount) filter (where method = 'card'), 0)::float8 as card,
          coalesce(sum(amount) filter (where method = 'zelle'), 0)::float8 as zelle,
          coalesce(sum(refunded), 0)::float8 as refunds,
          coalesce(sum(amount), 0)::float8 as total
        from movements`,
  );

  const signUpRows = rows(
    db,
    sql`with weeks as (
          select generate_series(
            date_trunc('week', ${from}::timestamptz at time zone 'UTC'),
            date_trunc('week', ${period.to}::date::timestamp),
            interval '1 week') as week
        )
        select to_char(w.week, 'YYYY-MM-DD') as week_start, count(pr.id)::int as sign_ups
        from weeks w
        left join profiles pr on date_trunc('week', pr.created_at at time zone 'UTC') = w.week
          and ${inPeriod("pr.created_at")}
          and ${isCustomerProfile("pr")}
        group by w.week
        order by w.week`,
  );

  const funnelRows = rows(
    db,
    sql`with first_paid as (
          select user_id, min(completed_at) as paid_at from payments where status = 'completed' group by user_id
        ),
        information as (
          select user_id from google_business_info union select user_id from website_info
        ),
        first_launch as (
          select user_id, min(launched_at) as launched_at from (${launchesQuery}) launches group by user_id
        ),
        journey as (
          select pr.created_at, fp.paid_at, i.user_id is not null as information_sent, fl.launched_at
          from profiles pr
          left join first_paid fp on fp.user_id = pr.id
          left join information i on i.user_id = pr.id
          left join first_launch fl on fl.user_id = pr.id
          where ${isCustomerProfile("pr")}
        )
        select
          count(*) filter (where ${inPeriod("created_at")})::int as signed_up,
          count(*) filter (where ${inPeriod("created_at")} and paid_at is not null)::int as paid,
          count(*) filter (where ${inPeriod("created_at")} and paid_at is not null and information_sent)::int as information_sent,
          count(*) filter (where ${inPeriod("created_at")} and paid_at is not null and information_sent and launched_at is not null)::int as launched,
          percentile_cont(0.5) within group (
            order by greatest(extract(epoch from (launched_at - paid_at)), 0)::float8 / 86400
          ) filter (where paid_at is not null and ${inPeriod("launched_at")}) as median_days,
          count(*) filter (where paid_at is not null and ${inPeriod("launched_at")})::int as launches
        from journey`,
  );

  // The period's leads by week, advert, referring site and industry: the source is read from them in the code
  // (leadOrigin), the one rule the customer's page uses too.
  const leadRows = rows(
    db,
    sql`select to_char(date_trunc('week', l.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start,
          l.source->>'utmSource' as utm_source, l.source->>'referrer' as referrer, l.industry,
          count(*)::int as leads, count(*) filter (where l.won_at is not null)::int as won
        from leads l
        where ${inPeriod("l.created_at")}
        group by 1, 2, 3, 4`,
  );

  // The plans held now, by standing with their monthly prices summed (monthlyRecurringRevenue says which count).
  const planStandingRows = rows(
    db,
    sql`select status, coalesce(sum(price), 0)::float8 as price, count(*)::int as subscriptions
        from plan_subscriptions
        where status <> 'ended'
        group by status`,
  );

  // The plans that started and ended in each month of the period: a subscription without a charge (a checkout
  // left unpaid, which the provider ends a day later) is neither.
  const charged = sql.raw(
    "exists (select 1 from payments p where p.plan_subscription_id = s.id and p.completed_at is not null)",
  );
  const planMonthRows = rows(
    db,
    sql`with months as (
          select generate_series(
            date_trunc('month', ${from}::timestamptz at time zone 'UTC'),
            date_trunc('month', ${period.to}::date::timestamp),
            interval '1 month') as month
        ),
        moves as (
          select s.started_at as at, 1 as started, 0 as ended
          from plan_subscriptions s where ${inPeriod("s.started_at")} and ${charged}
          union all
          select s.ended_at, 0, 1
          from plan_subscriptions s where s.status = 'ended' and ${inPeriod("s.ended_at")} and ${charged}
        )
        select to_char(m.month, 'YYYY-MM') as month,
          coalesce(sum(x.started), 0)::int as started, coalesce(sum(x.ended), 0)::int as ended
        from months m
        left join moves x on date_trunc('month', x.at at time zone 'UTC') = m.month
        group by m.month
        order by m.month`,
  );

  const [revenue, [totals], signUps, [funnel], leadCounts, planStandings, planMonths] = await Promise.all([
    revenueRows,
    revenueTotalRows,
    signUpRows,
    funnelRows,
    leadRows,
    planStandingRows,
    planMonthRows,
  ]);
  const weeks = signUps.map((row) => String(row.week_start));
  const median = funnel?.median_days;
  return {
    period,
    revenue: revenue.map(
      (row): MonthlyRevenue => ({
        month: String(row.month),
        card: num(row.card),
        zelle: num(row.zelle),
        refunds: num(row.refunds),
        total: num(row.total),
      }),
    ),
    revenueTotal: {
      card: num(totals?.card),
      zelle: num(totals?.zelle),
      refunds: num(totals?.refunds),
      total: num(totals?.total),
    },
    signUps: signUps.map((row): WeeklySignUps => ({ weekStart: String(row.week_start), signUps: num(row.sign_ups) })),
    funnel: {
      signedUp: num(funnel?.signed_up),
      paid: num(funnel?.paid),
      informationSent: num(funnel?.information_sent),
      launched: num(funnel?.launched),
    } satisfies FunnelCounts,
    medianDaysToLaunch: median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
    launchesInPeriod: num(funnel?.launches),
    leads: leadFigures(weeks, leadCounts),
    plans: planFigures(planStandings, planMonths),
  };
}

/** The care plans' figures from their standings now and their months. */
function planFigures(standings: Row[], counted: Row[]): PlanFigures {
  const months = counted.map(
    (row): MonthlyPlans => ({ month: String(row.month), started: num(row.started), ended: num(row.ended) }),
  );
  return {
    monthlyRecurringRevenue: monthlyRecurringRevenue(
      standings.map((row) => ({ status: String(row.status) as PlanStatus, price: num(row.price) })),
    ),
    pastDue: num(standings.find((row) => row.status === "past_due")?.subscriptions),
    months,
    started: months.reduce((sum, month) => sum + month.started, 0),
    ended: months.reduce((sum, month) => sum + month.ended, 0),
  };
}

/** The period's lead counts (by week, source and industry) as the page shows them. */
function leadFigures(weeks: string[], counted: Row[]): LeadFigures {
  const bySource: WeekCount[] = [];
  const byIndustry: WeekCount[] = [];
  let total = 0;
  let won = 0;
  for (const row of counted) {
    const weekStart = String(row.week_start);
    const count = num(row.leads);
    const origin = leadOrigin({
      utmSource: typeof row.utm_source === "string" ? row.utm_source : undefined,
      referrer: typeof row.referrer === "string" ? row.referrer : undefined,
    });
    bySource.push({ weekStart, key: originKey(origin), count });
    byIndustry.push({ weekStart, key: String(row.industry), count });
    total += count;
    won += num(row.won);
  }
  return {
    total,
    won,
    wonShare: percentage(won, total),
    bySource: weeklyBreakdown(weeks, bySource),
    byIndustry: weeklyBreakdown(weeks, byIndustry),
  };
}
