import type { LeadSource } from "~db/schema";

/**
 * Where a lead came from, as the agency reads it: the advert (its utm_source), else the referring site, else
 * nowhere the visit said (typed in, a bookmark, an app that sends no referrer): direct.
 */
export type LeadOrigin = { kind: "advert"; name: string } | { kind: "site"; name: string } | { kind: "direct" };

const clean = (value: unknown): string =>
  typeof value === "string" ? value.trim().replace(/\s+/g, " ").slice(0, 100) : "";

/** A lead's origin: utm_source wins over the referring site (the advert is what paid for the visit). */
export function leadOrigin(source: LeadSource | null | undefined): LeadOrigin {
  const advert = clean(source?.utmSource);
  if (advert) return { kind: "advert", name: advert };
  const site = clean(source?.referrer)
    .toLowerCase()
    .replace(/^www\./, "");
  if (site) return { kind: "site", name: site };
  return { kind: "direct" };
}

/** Where a customer came from, as their page's header says it: their first enquiry's origin and day, and its lead. */
export interface CustomerLeadSource {
  leadId: string;
  origin: LeadOrigin;
  /** When the enquiry came in (ISO). */
  receivedAt: string;
}

/** The key leads are counted under: the same advert however its tag was cased, the site's host, or "" for direct. */
export function originKey(origin: LeadOrigin): string {
  return origin.kind === "direct" ? "" : origin.name.toLowerCase();
}

/** Leads counted by UTC week (`YYYY-MM-DD`, the Monday) and one dimension's key (a source, an industry). */
export interface WeekCount {
  weekStart: string;
  key: string;
  count: number;
}

/** A weekly series by key: the keys shown (the largest first), and each week's count under each. */
export interface WeeklyBreakdown {
  /** The keys with a column of their own, the most leads first; `OTHER_KEY` last when the rest were folded into it. */
  keys: string[];
  weeks: { weekStart: string; counts: Record<string, number>; total: number }[];
  totals: Record<string, number>;
  total: number;
}

/** The column the keys beyond the first few are summed in. */
export const OTHER_KEY = "*other";

/**
 * Every week of `weeks` (those without a lead too, so the series has no gaps), with its counts under the `limit`
 * keys with the most leads over the whole period (ties by key), the rest summed under OTHER_KEY.
 */
export function weeklyBreakdown(weeks: readonly string[], rows: readonly WeekCount[], limit = 5): WeeklyBreakdown {
  const overall = new Map<string, number>();
  for (const row of rows) overall.set(row.key, (overall.get(row.key) ?? 0) + row.count);
  const ranked = [...overall].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([key]) => key);
  const folded = ranked.length > limit;
  const shown = folded ? ranked.slice(0, limit - 1) : ranked;
  const keys = folded ? [...shown, OTHER_KEY] : shown;
  const column = (key: string) => (shown.includes(key) ? key : OTHER_KEY);
  const empty = () => Object.fromEntries(keys.map((key) => [key, 0])) as Record<string, number>;
  const byWeek = new Map(weeks.map((weekStart) => [weekStart, empty()]));
  const totals = empty();
  for (const row of rows) {
    const counts = byWeek.get(row.weekStart);
    if (!counts) continue;
    counts[column(row.key)]! += row.count;
    totals[column(row.key)]! += row.count;
  }
  const series = weeks.map((weekStart) => {
    const counts = byWeek.get(weekStart)!;
    return { weekStart, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  });
  return { keys, weeks: series, totals, total: series.reduce((sum, week) => sum + week.total, 0) };
}
