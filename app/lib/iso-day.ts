/** Calendar days as the URL and the CSV export write them: UTC, YYYY-MM-DD. */

/** A UTC calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of a YYYY-MM-DD day, or null when it is not a real calendar day (2026-02-30). */
export function parseIsoDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== value ? null : date;
}
