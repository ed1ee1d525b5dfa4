import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { isoDay, parseIsoDay } from "~/lib/iso-day";

/**
 * The analytics page's period, kept in the URL query: `?period=30d|90d|12m`, or `?period=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`.
 * Days are UTC calendar days (the database groups by UTC months and weeks too); `to` is inclusive.
 */
export const PERIOD_PRESETS = [
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "12m", label: "Last 12 months" },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]["value"];
export type PeriodChoice = PeriodPreset | "custom";

const DEFAULT_PERIOD: PeriodPreset = "12m";
/** Longer custom periods are refused: the weekly series would grow past what a chart can show. */
const MAX_PERIOD_DAYS = 5 * 366;

/** What can be wrong with the period the URL asks for, each with its message. */
const PERIOD_ERRORS = {
  period: msg`Choose one of the listed periods`,
  fromMissing: msg`Choose a start date`,
  toMissing: msg`Choose an end date`,
  date: msg`Enter the date as YYYY-MM-DD`,
  order: msg`The start date must be on or before the end date`,
  tooLong: msg`Choose a period of at most 5 years`,
} as const satisfies Record<string, MessageDescriptor>;

export type PeriodError = keyof typeof PERIOD_ERRORS;

const isPeriodError = (value: string): value is PeriodError => Object.hasOwn(PERIOD_ERRORS, value);

const DAY_MS = 24 * 60 * 60 * 1000;

// The schema's messages are the codes: the page words them in the reader's language (periodErrorMessages).
const isoDate = (missing: PeriodError) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((value) => parseIsoDay(value) !== null, "date" satisfies PeriodError);

const bothDays = (from: string, to: string) => parseIsoDay(from) !== null && parseIsoDay(to) !== null;

const analyticsPeriodSchema = z.discriminatedUnion(
  "period",
  [
    z.object({ period: z.enum(["30d", "90d", "12m"]) }),
    z
      .object({
        period: z.literal("custom"),
        from: isoDate("fromMissing"),
        to: isoDate("toMissing"),
      })
      // Zod runs these even after a date was refused: they judge only two readable dates.
      .refine(({ from, to }) => !bothDays(from, to) || from <= to, {
        message: "order" satisfies PeriodError,
        path: ["to"],
      })
      .refine(
        ({ from, to }) =>
          !bothDays(from, to) || (parseIsoDay(to)!.getTime() - parseIsoDay(from)!.getTime()) / DAY_MS < MAX_PERIOD_DAYS,
        {
          message: "tooLong" satisfies PeriodError,
          path: ["to"],
        },
      ),
  ],
  { error: "period" satisfies PeriodError },
);

/** A period the database can read: UTC days, `to` inclusive. */
export interface AnalyticsPeriod {
  choice: PeriodChoice;
  from: string;
  to: string;
}

type PeriodField = "period" | "from" | "to";

/** The period's problems by field, as the picker shows them: in the reader's language. */
export type PeriodFieldErrors = Partial<Record<PeriodField, string>>;

export type PeriodParse =
  | { ok: true; period: AnalyticsPeriod }
  | {
      ok: false;
      errors: Partial<Record<PeriodField, PeriodError>>;
      input: { period: string; from: string; to: string };
    };

/** Each field's problem in the reader's language. */
export function periodErrorMessages(errors: Partial<Record<PeriodField, PeriodError>>, i18n: I18n): PeriodFieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, i18n._(PERIOD_ERRORS[error])]),
  ) as PeriodFieldErrors;
}

/** The first day and the last day (inclusive) a preset covers, counted back from today (UTC). */
export function presetRange(preset: PeriodPreset, today: Date): { from: string; to: string } {
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (preset === "12m") {
    // Whole calendar months, so the first bar of the monthly revenue is not a partial month.
    return { from: isoDay(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1))), to: isoDay(end) };
  }
  const days = preset === "30d" ? 30 : 90;
  return { from: isoDay(new Date(end.getTime() - (days - 1) * DAY_MS)), to: isoDay(end) };
}

/**
 * The period from the URL's search parameters: none given is the default (last 12 months); anything unreadable is
 * answered with the field's message, never guessed.
 */
export function parseAnalyticsPeriod(params: URLSearchParams, today: Date = new Date()): PeriodParse {
  const input = {
    period: params.get("period") ?? DEFAULT_PERIOD,
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const parsed = analyticsPeriodSchema.safeParse(input.period === "custom" ? input : { period: input.period });
  if (!parsed.success) {
    const errors: Partial<Record<PeriodField, PeriodError>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key = field === "from" || field === "to" ? field : "period";
      errors[key] ??= isPeriodError(issue.message) ? issue.message : key === "period" ? "period" : "date";
    }
    return { ok: false, errors, input };
  }
  const value = parsed.data;
  if (value.period === "custom") return { ok: true, period: { choice: "custom", from: value.from, to: value.to } };
  return { ok: true, period: { choice: value.period, ...presetRange(value.period, today) } };
}

/** The query string that selects a period (what the picker's GET form sends). */
export function periodSearch(period: { choice: PeriodChoice; from?: string; to?: string }): string {
  const params = new URLSearchParams({ period: period.choice });
  if (period.choice === "custom") {
    params.set("from", period.from ?? "");
    params.set("to", period.to ?? "");
  }
  return `?${params.toString()}`;
}

/** A share as a percentage with one decimal; null when there is nothing to divide by. */
export function percentage(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
