import { intlLocale } from "~/lib/i18n/translate";
import type { WeeklyBreakdown } from "~/features/leads/lead-source";
import { percentage, type AnalyticsPeriod } from "./analytics-period";

/**
 * Revenue of one UTC month (`YYYY-MM`), in US dollars, net of refunds: the payments completed in it less the refunds
 * completed in it, by method; `refunds` is what was given back (a positive amount, already taken off).
 */
export interface MonthlyRevenue {
  month: string;
  card: number;
  zelle: number;
  refunds: number;
  total: number;
}

/** Customers (admins excluded) who signed up in the UTC week (Monday to Sunday) starting `weekStart` (`YYYY-MM-DD`). */
export interface WeeklySignUps {
  weekStart: string;
  signUps: number;
}

/**
 * The funnel of the customers who signed up in the period, as they stand today. Each step counts the customers who
 * reached it and every step before it, so the steps never grow:
 * - paid: at least one completed payment (any service; one refunded in full no longer counts);
 * - information sent: also submitted a service's information form (Google Business or website);
 * - launched: also has a service whose final progress step is done (Google Business "SEO & Local Setup", website
 *   "Website Launch"). The funnel is overall: a customer counts once whichever service got them there.
 */
export interface FunnelCounts {
  signedUp: number;
  paid: number;
  informationSent: number;
  launched: number;
}

/**
 * The quote requests that came in during the period: per week by source (the advert's utm_source, else the referring
 * site, else direct) and by industry, and how many of them became paying customers (Won) since.
 */
export interface LeadFigures {
  total: number;
  won: number;
  /** Won of all, as a percentage; null without leads. */
  wonShare: number | null;
  bySource: WeeklyBreakdown;
  byIndustry: WeeklyBreakdown;
}

/** Care plans that started (their first charge made) and ended in one UTC month (`YYYY-MM`). */
export interface MonthlyPlans {
  month: string;
  started: number;
  ended: number;
}

/**
 * The care plans: what they bring in a month and how many are failing now, whatever the period, and per month of the
 * period the plans that started and ended. A subscription counts as started or ended only once a charge was made on
 * it: a checkout left unpaid is neither a plan sold nor one lost.
 */
export interface PlanFigures {
  /** Monthly recurring revenue now, in US dollars: the monthly prices of the subscriptions active or past due. */
  monthlyRecurringRevenue: number;
  /** Subscriptions past due now (a charge failing while the provider retries it). */
  pastDue: number;
  months: MonthlyPlans[];
  started: number;
  ended: number;
}

export interface AnalyticsReport {
  period: AnalyticsPeriod;
  revenue: MonthlyRevenue[];
  revenueTotal: { card: number; zelle: number; refunds: number; total: number };
  signUps: WeeklySignUps[];
  funnel: FunnelCounts;
  /**
   * The median, over customers who launched in the period, of the days from their first completed payment to their
   * first launched service; null when nobody launched in the period.
   */
  medianDaysToLaunch: number | null;
  launchesInPeriod: number;
  leads: LeadFigures;
  plans: PlanFigures;
}

const FUNNEL_STEPS = [
  { key: "signedUp", label: "Signed up" },
  { key: "paid", label: "Paid" },
  { key: "informationSent", label: "Information sent" },
  { key: "launched", label: "Launched" },
] as const satisfies readonly { key: keyof FunnelCounts; label: string }[];

export interface FunnelStep {
  key: keyof FunnelCounts;
  label: string;
  count: number;
  /** Percentage of the previous step's customers who reached this one; null for the first step or an empty previous step. */
  fromPrevious: number | null;
  /** Percentage of the signed-up customers who reached this step; null when nobody signed up. */
  fromStart: number | null;
}

/** The funnel's steps in order, each with its conversion from the step before and from the start. */
export function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  return FUNNEL_STEPS.map((step, index) => ({
    key: step.key,
    label: step.label,
    count: counts[step.key],
    fromPrevious: index === 0 ? null : percentage(counts[step.key], counts[FUNNEL_STEPS[index - 1]!.key]),
    fromStart: percentage(counts[step.key], counts.signedUp),
  }));
}

/** A percentage as the page shows it, or a dash when there is nothing to compare with. */
export function formatPercent(value: number | null): string {
  return value === null ? "–" : `${value}%`;
}

/** `2026-03` -> "Mar 2026" (Spanish: "mar 2026"): the month in the page's language, read as UTC. */
export function monthLabel(month: string, locale?: string): string {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year!, (number ?? 1) - 1, 1));
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(intlLocale(locale), { month: "short", year: "numeric", timeZone: "UTC" }).format(date);
}

/** `2026-03-02` -> "Mar 2" (Spanish: "2 mar"); the year only when asked, for tables ("Mar 2, 2026"). */
export function dayLabel(day: string, withYear = false, locale?: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

/** The admin dashboard's figures (the waiting work comes from the work queue on the same page). */
export interface DashboardFigures {
  revenueThisMonth: number;
  /** The month's first day and today, as YYYY-MM-DD (UTC): the analytics period the revenue links to. */
  monthStart: string;
  today: string;
  inProgress: number;
  /** The quote requests that came in since the month began, and how many of them are Won. */
  leadsThisMonth: number;
  leadsWonThisMonth: number;
}
